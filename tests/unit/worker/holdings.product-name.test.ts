/** A holding's product name: the one its latest named trade's import saw, kept through a rename, refused where it does not belong. */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet } from '#src/model';
import { FIRST_ACCOUNT } from '#src/model/cash';
import { validateTransactionsBody } from '#src/model/transaction-schema';
import { transactionsToCsv } from '#src/worker/backup/export-csv';
import { readRestoreFile } from '#src/worker/backup/read-restore';
import { applyRestore } from '#src/worker/backup/restore-plan';
import { PortfolioEngine } from '#src/worker/engine';
import { applyChange } from '#src/worker/transaction-changes';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';

/** The reader's clock (`readRestoreFile` has none), which dates the saved-at times a backup may carry. */
const NOW_MS = Date.UTC(2026, 10, 29, 12);

const named = (ticker: string, date: string, amount: number, value: number, product: string) => ({
  ...stock(ticker, date, amount, value),
  importId: `degiro:${date}`,
  product,
});
const quotes = [
  chart('VWCE.DE', { currency: 'EUR', bars: [['2024-01-02', 100]] }),
  chart('AAPL', { currency: 'EUR', bars: [['2024-01-02', 10]] }),
];

function figures(rows: Parameters<typeof transactionSet>[0], engine = new PortfolioEngine()) {
  engine.setTransactions(transactionSet(rows));
  engine.setQuotes(quotes);
  return engine.derive('2024-03-01', null).tickers;
}

describe('the product name of a holding', () => {
  it('is the name of its latest trade that has one; null for trades entered by hand', () => {
    const tickers = figures([
      named('VWCE.DE', '2024-01-02', 1, 100, 'VANGUARD FTSE ALL-WORLD UCITS ETF'),
      named('VWCE.DE', '2024-02-01', 1, 100, 'VANGUARD FTSE ALL-WORLD UCITS ETF USD ACC'),
      stock('VWCE.DE', '2024-02-15', 1, 100),
      stock('AAPL', '2024-01-02', 3, 30),
    ]);
    expect(tickers['VWCE.DE']!.product).toBe('VANGUARD FTSE ALL-WORLD UCITS ETF USD ACC');
    expect(tickers['AAPL']!.product).toBeNull();
  });

  it('follows a changed name without a new transaction (the ticker is computed again)', () => {
    const engine = new PortfolioEngine();
    expect(figures([named('VWCE.DE', '2024-01-02', 1, 100, 'OLD NAME')], engine)['VWCE.DE']!.product).toBe('OLD NAME');
    expect(figures([named('VWCE.DE', '2024-01-02', 1, 100, 'NEW NAME')], engine)['VWCE.DE']!.product).toBe('NEW NAME');
  });

  it('is stored on a trade only, at most 200 characters, never empty', () => {
    const body = (set: object) => ({ transactions: { stock: [], dividend: [], commission: [], ...set } });
    const trade = named('VWCE.DE', '2024-01-02', 1, 100, 'VANGUARD FTSE ALL-WORLD UCITS ETF');
    expect(validateTransactionsBody(body({ stock: [trade] })).ok).toBe(true);
    expect(validateTransactionsBody(body({ stock: [{ ...trade, product: '' }] })).ok).toBe(false);
    expect(validateTransactionsBody(body({ stock: [{ ...trade, product: 'X'.repeat(201) }] })).ok).toBe(false);
    const dividend = {
      ticker: 'VWCE.DE',
      type: 'dividend',
      date: '2024-01-02',
      amount: 1,
      value: 1,
      currency: 'EUR',
      product: 'VANGUARD',
    };
    expect(validateTransactionsBody(body({ dividend: [dividend] }))).toMatchObject({
      ok: false,
      issues: [{ path: 'transactions.dividend.0' }],
    });
  });

  it('goes through an edit of the trade (the form does not show it) and a rename of its ticker', () => {
    const set = transactionSet([named('VWCE.DE', '2024-01-02', 1, 100, 'VANGUARD FTSE ALL-WORLD UCITS ETF')]);
    const edited = applyChange(
      { set, accounts: [FIRST_ACCOUNT] },
      { kind: 'edit', id: 1, transaction: stock('VWCE.DE', '2024-01-03', 2, 200) },
      () => ({ type: 'stock', index: 0 }),
    );
    expect(edited.ok && edited.set.stock[0]).toMatchObject({
      date: '2024-01-03',
      amount: 2,
      product: 'VANGUARD FTSE ALL-WORLD UCITS ETF',
    });
    const renamed = applyChange(
      { set, accounts: [FIRST_ACCOUNT] },
      { kind: 'renameTicker', from: 'VWCE.DE', to: 'VWCE.MI' },
      () => null,
    );
    expect(renamed.ok && renamed.set.stock[0]).toMatchObject({
      ticker: 'VWCE.MI',
      product: 'VANGUARD FTSE ALL-WORLD UCITS ETF',
    });
  });

  it('is written to the CSV export and read back into an imported trade, not into a trade entered by hand', async () => {
    const set = transactionSet([
      named('VWCE.DE', '2024-01-02', 1, 100, 'VANGUARD FTSE ALL-WORLD UCITS ETF'),
      stock('AAPL', '2024-01-02', 3, 30),
    ]);
    const csv = transactionsToCsv(set, { 'APPLE INC': 'AAPL' });
    expect(csv).toContain('VWCE.DE,stock,2024-01-02,1,100,EUR,,degiro:2024-01-02,VANGUARD FTSE ALL-WORLD UCITS ETF,');
    expect(csv).toContain('AAPL,stock,2024-01-02,3,30,EUR,,,APPLE INC,');
    const read = await readRestoreFile(csv, NOW_MS);
    if (!read.ok) throw new Error(read.error);
    const fresh = { transactions: emptyTransactionSet(), symbolChoices: {}, settings: {}, csvMappings: [] };
    expect(applyRestore(fresh, read.content, 'replace').transactions).toEqual({ ...set, cash: [] });
  });
});
