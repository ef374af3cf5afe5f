/**
 * The worker's import session: every product gets a ticker (a placeholder at worst), so nothing waits for
 * a symbol; a chosen symbol that is not one stops the import, naming the product and why, instead of an
 * import of "0 new".
 */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet, TICKER_PATTERN } from '#src/model';
import { ImportSession } from '#src/worker/import-session';
import { fixtureBytes } from '#helpers/import/degiro-files';

async function parsed() {
  const session = new ImportSession();
  const preview = await session.parse(
    1,
    new Blob([fixtureBytes('nl-mixed-languages.csv')]),
    emptyTransactionSet,
    () => {},
  );
  return { session, preview: preview! };
}

describe('an import session', () => {
  it('previews every product with a ticker and its source', async () => {
    const { preview } = await parsed();
    for (const product of preview.products) {
      expect(product.ticker, product.key).toMatch(TICKER_PATTERN);
      expect(['saved', 'lookup', 'table', 'placeholder', 'none-needed']).toContain(product.source);
    }
    expect(preview.products.find((p) => p.key === 'IE00B0M63391')).toMatchObject({
      ticker: 'IE00B0M63391',
      source: 'placeholder',
    });
  });

  it('merges everything with no symbol chosen: unknown products under their ISIN', async () => {
    const { session, preview } = await parsed();
    const result = await session.merge(emptyTransactionSet(), {});
    expect(result.unresolvedProducts).toEqual([]);
    expect(result.added).toBe(preview.newTransactions);
    expect(result.merged.stock.some((t) => t.ticker === 'IE00B0M63391')).toBe(true);
    const all = [...result.merged.stock, ...result.merged.dividend, ...result.merged.commission];
    expect(all.filter((t) => !TICKER_PATTERN.test(t.ticker))).toEqual([]);
  });

  it('refuses a chosen symbol that is not one, naming the product and why, and merges nothing', async () => {
    const { session } = await parsed();
    await expect(session.merge(emptyTransactionSet(), { IE00B0M63391: 'ISHARES KOREA!' })).rejects.toThrow(
      /^Correct the symbol of this product first: ISHARES KOREA \(IE00B0M63391\): "ISHARES KOREA!" is not a Yahoo symbol/,
    );
  });

  it('asks the lookup for each product with an ISIN that needs a symbol, and only for the newest parse', async () => {
    const { session, preview } = await parsed();
    const asked = session.productsToLookUp(1)!;
    const needing = preview.products.filter((p) => p.source !== 'none-needed' && p.isin !== '');
    expect(asked.map((p) => p.isin).sort()).toEqual(needing.map((p) => p.isin).sort());
    expect(asked.find((p) => p.isin === 'IE00B0M63391')).toMatchObject({ name: 'ISHARES KOREA', currency: 'EUR' });
    expect(session.productsToLookUp(2), 'another parse id').toBeNull();
  });

  it('previews the lookup’s proposals with their listings, imports under them, and keeps every symbol by ISIN', async () => {
    const { session } = await parsed();
    const korea = {
      symbol: 'IKOR.L',
      name: 'iShares MSCI Korea',
      exchange: 'LSE',
      venue: 'London',
      currency: 'USD',
      type: 'ETF' as const,
    };
    const looked = await session.applyLookup(
      1,
      [{ isin: 'IE00B0M63391', candidates: [korea], chosen: { symbol: 'IKOR.L', source: 'lookup' } }],
      emptyTransactionSet(),
    );
    expect(looked!.products.find((p) => p.key === 'IE00B0M63391')).toMatchObject({
      ticker: 'IKOR.L',
      source: 'lookup',
      candidates: [korea],
    });
    expect(await session.applyLookup(7, [], emptyTransactionSet()), 'an overtaken parse').toBeNull();
    const result = await session.merge(emptyTransactionSet(), {});
    expect(result.merged.stock.some((t) => t.ticker === 'IKOR.L')).toBe(true);
    expect(result.choices).toContainEqual({ isin: 'IE00B0M63391', symbol: 'IKOR.L' });
    // A placeholder is no choice: nothing is kept for it.
    const placeholders = looked!.products.filter((p) => p.source === 'placeholder').map((p) => p.isin);
    expect(result.choices.filter((c) => placeholders.includes(c.isin))).toEqual([]);
  });

  it('takes what the user typed over the lookup, and forgets a saved choice the user emptied', async () => {
    const { session } = await parsed();
    await session.applyLookup(
      1,
      [{ isin: 'IE00B0M63391', candidates: [], chosen: { symbol: 'IKOR.L', source: 'saved' } }],
      emptyTransactionSet(),
    );
    expect((await session.merge(emptyTransactionSet(), { IE00B0M63391: 'csko.l' })).choices).toContainEqual({
      isin: 'IE00B0M63391',
      symbol: 'CSKO.L',
    });
    const emptied = await session.merge(emptyTransactionSet(), { IE00B0M63391: '' });
    expect(emptied.choices).toContainEqual({ isin: 'IE00B0M63391', symbol: null });
    expect(emptied.merged.stock.some((t) => t.ticker === 'IE00B0M63391')).toBe(true);
  });
});
