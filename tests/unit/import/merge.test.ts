/** Merging an import into the existing transactions. */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet, type TransactionSet } from '#src/model';
import { applyTickers, mergeImported } from '#src/worker/import';
import { allTransactions, importFixture } from '#helpers/import/degiro-files';

const existing = (): TransactionSet => ({
  stock: [
    { ticker: 'ASML.AS', type: 'stock', date: '2025-06-01', amount: 2, value: 1200, currency: 'EUR' },
    { ticker: 'ASML.AS', type: 'stock', date: '2020-01-01', amount: 1, value: 300, currency: 'EUR' },
  ],
  dividend: [],
  commission: [{ ticker: 'ASML.AS', type: 'commission', date: '2025-06-01', amount: 1, value: 2, currency: 'EUR' }],
});

describe('mergeImported', () => {
  it('refuses, merging nothing, while a product has no ticker, and names the products', async () => {
    const imported = applyTickers(await importFixture('nl-mixed-languages.csv'), {});
    const before = existing();
    const result = mergeImported(before, imported);
    expect(result).toMatchObject({ merged: before, added: 0, alreadyPresent: 0, taxFilled: 0, converted: 0 });
    expect(result.unresolvedProducts).toContain('IE00B0M63391');
    expect(result.unresolvedProducts).not.toContain('DEGIRO account costs');
  });

  it('adds the new transactions to the existing ones, each list sorted by date, bookkeeping stripped', async () => {
    const imported = applyTickers(await importFixture('nl-example.csv'), { 'DEGIRO account costs': 'VWRL.AS' });
    const result = mergeImported(existing(), imported);
    expect(result.unresolvedProducts).toEqual([]);
    expect(result.added).toBe(allTransactions(imported).length + imported.transactions.cash.length);
    expect(result.merged.stock.map((t) => [t.date, t.ticker, t.amount])).toEqual([
      ['2020-01-01', 'ASML.AS', 1],
      ['2025-03-15', 'IWDA.AS', 15],
      ['2025-06-01', 'ASML.AS', 2],
      ['2025-12-15', 'VWRL.AS', -7],
    ]);
    const imports = [...result.merged.stock, ...result.merged.dividend, ...result.merged.commission].filter(
      (t) => t.importId,
    );
    expect(imports).toHaveLength(allTransactions(imported).length);
    // The cash rows too, without the import's bookkeeping (their lines).
    expect(result.merged.cash!.map((c) => Object.keys(c).sort())).toEqual(
      imported.transactions.cash.map(() => ['currency', 'date', 'importId', 'kind', 'type', 'value']),
    );
    // A trade keeps the product name the statement gives it; nothing else of the import's bookkeeping stays.
    for (const t of imports) {
      expect(Object.keys(t).sort()).toEqual(
        t.type === 'stock'
          ? ['amount', 'currency', 'date', 'importId', 'product', 'ticker', 'type', 'value']
          : ['amount', 'currency', 'date', 'importId', 'ticker', 'type', 'value'],
      );
    }
    expect(result.merged.stock.filter((t) => t.importId).map((t) => [t.ticker, t.product])).toEqual([
      ['IWDA.AS', 'ISHARES CORE MSCI WORLD UCITS ETF'],
      ['VWRL.AS', 'VANGUARD FTSE ALL-WORLD UCITS ETF'],
    ]);
    expect(result.merged.commission.map((t) => t.date)).toEqual(
      [...result.merged.commission.map((t) => t.date)].sort(),
    );
  });

  it('leaves the existing set untouched', async () => {
    const before = existing();
    const snapshot = structuredClone(before);
    mergeImported(before, applyTickers(await importFixture('nl-example.csv'), { 'DEGIRO account costs': 'VWRL.AS' }));
    expect(before).toEqual(snapshot);
  });

  it('merges a failed import as nothing', async () => {
    const result = mergeImported(emptyTransactionSet(), await importFixture('de-statement-wording.txt'));
    expect(result).toEqual({
      merged: emptyTransactionSet(),
      added: 0,
      alreadyPresent: 0,
      taxFilled: 0,
      converted: 0,
      renamed: 0,
      unresolvedProducts: [],
    });
  });

  describe('a statement imported again', () => {
    /** Every product of the mixed-languages statement gets a ticker of its own. */
    const mixed = async () => {
      const parsed = await importFixture('nl-mixed-languages.csv');
      const tickers = Object.fromEntries(parsed.products.map((p, i) => [p.productKey, p.ticker ?? `T${i}.AS`]));
      return applyTickers(parsed, tickers);
    };

    it('fills in the tax of dividends stored without it (same import ids), adding nothing twice', async () => {
      const imported = await mixed();
      const first = mergeImported(emptyTransactionSet(), imported).merged;
      // As an import that netted the tax away stored it: the same dividends, without `tax`.
      const netted: TransactionSet = { ...first, dividend: first.dividend.map(({ tax: _tax, ...rest }) => rest) };
      const again = mergeImported(netted, imported);
      expect(again.added).toBe(0);
      expect(again.alreadyPresent).toBe(allTransactions(imported).length + imported.transactions.cash.length);
      expect(again.taxFilled).toBe(6);
      expect(again.merged).toEqual(first);
      expect(again.merged.dividend.map((t) => t.tax)).toEqual([
        0.1,
        0.07,
        0.07,
        undefined,
        undefined,
        0.15,
        9999.99,
        0.53,
        undefined,
      ]);
    });

    it('leaves a tax already stored as it is, and changes nothing when every tax is there', async () => {
      const imported = await mixed();
      const first = mergeImported(emptyTransactionSet(), imported).merged;
      const edited: TransactionSet = {
        ...first,
        dividend: first.dividend.map((t, i) => (i === 0 ? { ...t, tax: 0.2 } : t)),
      };
      const again = mergeImported(edited, imported);
      expect(again.taxFilled).toBe(0);
      expect(again.merged).toEqual(edited);
    });
  });
});
