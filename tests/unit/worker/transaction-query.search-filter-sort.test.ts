/**
 * The transactions page's search, filters and order, as the worker computes them: which transactions a
 * query keeps and in which order, by id; and on a 30,000-transaction history, the same answers.
 */
import { describe, expect, it } from 'vitest';
import type { Transaction, TransactionSet, TransactionType } from '#src/model';
import { EVERY_TRANSACTION, type TransactionQuery } from '#src/model/transaction-query';
import { queryTransactions } from '#src/worker/transaction-query';

const t = (type: TransactionType, ticker: string, date: string, value: number, amount = 1): Transaction => ({
  type,
  ticker,
  date,
  amount,
  value,
  currency: 'EUR',
});

const SET: TransactionSet = {
  stock: [
    t('stock', 'VWCE.DE', '2021-03-01', 950, 10),
    t('stock', 'AAPL', '2022-01-10', 1700, 10),
    t('stock', 'VWCE.DE', '2023-06-01', 1100, 10),
  ],
  dividend: [t('dividend', 'AAPL', '2022-05-12', 2.2), t('dividend', 'VWCE.DE', '2023-09-20', 8.4)],
  commission: [t('commission', 'VWCE.DE', '2021-03-01', 2)],
};
/** Ids as the store gives them: list by list, here 1…6 in the set's order. */
const IDS: Record<TransactionType, number[]> = { stock: [1, 2, 3], dividend: [4, 5], commission: [6] };
const CHOICES = { IE00BK5BQT80: 'VWCE.DE', 'VANGUARD FTSE ALL-WORLD UCITS ETF': 'VWCE.DE', US0378331005: 'AAPL' };

const query = (changes: Partial<TransactionQuery>) => [
  ...queryTransactions(SET, IDS, { ...EVERY_TRANSACTION, ...changes }, CHOICES),
];

describe('search, filter and sort the transactions', () => {
  it('keeps every transaction by default, by ticker, then type, newest first', () => {
    expect(query({})).toEqual([2, 4, 3, 1, 5, 6]);
  });

  it('finds text in the ticker, the product name or the ISIN, ignoring case', () => {
    expect(query({ text: 'aapl' })).toEqual([2, 4]);
    expect(query({ text: 'all-world' }), 'by the product name of the symbol choices').toEqual([3, 1, 5, 6]);
    expect(query({ text: 'US03783' }), 'by the ISIN').toEqual([2, 4]);
    expect(query({ text: '  ' }), 'blank finds all').toHaveLength(6);
    expect(query({ text: 'MSFT' }), 'nothing matches').toEqual([]);
  });

  it('finds a ticker by the product name an imported trade of it keeps, without any symbol choice', () => {
    const named: TransactionSet = {
      ...SET,
      stock: [{ ...SET.stock[0]!, product: 'VANGUARD FTSE ALL-WORLD UCITS ETF' }, ...SET.stock.slice(1)],
    };
    expect([...queryTransactions(named, IDS, { ...EVERY_TRANSACTION, text: 'ftse all' }, {})]).toEqual([3, 1, 5, 6]);
    expect([...queryTransactions(SET, IDS, { ...EVERY_TRANSACTION, text: 'ftse all' }, {})]).toEqual([]);
  });

  it('filters by type, ticker and date range (both days included)', () => {
    expect(query({ type: 'dividend' })).toEqual([4, 5]);
    expect(query({ ticker: 'VWCE.DE', type: 'stock' })).toEqual([3, 1]);
    expect(query({ from: '2021-03-01', to: '2022-05-12' })).toEqual([2, 4, 1, 6]);
    expect(query({ from: '2023-01-01' })).toEqual([3, 5]);
    expect(query({ to: '2021-12-31', type: 'commission' })).toEqual([6]);
  });

  it('sorts by date either way and by value either way', () => {
    expect(query({ sort: 'dateDesc' })).toEqual([5, 3, 4, 2, 1, 6]);
    expect(query({ sort: 'dateAsc' })).toEqual([1, 6, 2, 4, 3, 5]);
    expect(query({ sort: 'valueDesc' })).toEqual([2, 3, 1, 5, 4, 6]);
    expect(query({ sort: 'valueAsc', type: 'stock' })).toEqual([1, 3, 2]);
  });

  it('answers the same on a 30,000-transaction history', () => {
    const stock: Transaction[] = [];
    const dividend: Transaction[] = [];
    for (let k = 0; k < 30_000; k += 1) {
      const date = new Date(Date.UTC(1995, 0, 1) + k * 86_400_000).toISOString().slice(0, 10);
      (k % 10 === 0 ? dividend : stock).push(
        t(k % 10 === 0 ? 'dividend' : 'stock', `T${k % 50}`, date, (k * 7919) % 10_007, 1),
      );
    }
    const set: TransactionSet = { stock, dividend, commission: [] };
    const ids = { stock: stock.map((_, i) => i + 1), dividend: dividend.map((_, i) => 100_000 + i), commission: [] };
    const started = performance.now();
    const matches = queryTransactions(
      set,
      ids,
      { ...EVERY_TRANSACTION, text: 't1', from: '2000-01-01', sort: 'valueDesc' },
      {},
    );
    const ms = performance.now() - started;
    const kept = [...stock, ...dividend].filter((x) => x.ticker.toLowerCase().includes('t1') && x.date >= '2000-01-01');
    expect(matches).toHaveLength(kept.length);
    const byId = new Map<number, Transaction>([
      ...stock.map((x, i) => [i + 1, x] as const),
      ...dividend.map((x, i) => [100_000 + i, x] as const),
    ]);
    const values = [...matches].map((id) => byId.get(id)!.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    console.log(JSON.stringify({ transactions: 30_000, matches: matches.length, queryMs: Math.round(ms * 10) / 10 }));
  });
});
