/**
 * An edit that changes only a row's amount, value or tax is written into a copy of its ticker's columns
 * (engine/set-edits.ts) instead of the ticker's rows being gathered and prepared again; any other change
 * of a row (its date, its ticker) prepares its tickers again. Either way the engine derives, value for
 * value, what a fresh engine derives of the edited set, in EUR and in GBP: after edits of a trade's
 * value and amount, a dividend's tax, a commission, two rows of one ticker at once, a row of a ticker
 * whose rows are listed out of date order, and a numbers edit beside a date edit of the same ticker.
 * An engine without the edits' code (the worker's before its first change) groups every set again, to
 * the same figures.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Transaction, TransactionSetWithCash } from '#src/model';
import { PortfolioEngine, type Derivation } from '#src/worker/engine';
import * as accountMath from '#src/worker/engine/account-math';
import { PortfolioEngine as EngineWithoutEdits } from '#src/worker/engine/portfolio-engine';
import { makeWorkload } from '#bench/workloads/make-workload';

const prepared = vi.hoisted(() => ({ count: 0 }));
vi.mock('#src/worker/engine/ticker-transactions', async (importOriginal) => {
  const module = await importOriginal<typeof import('#src/worker/engine/ticker-transactions')>();
  return {
    ...module,
    prepareTicker: ((...args: Parameters<typeof module.prepareTicker>) => {
      prepared.count += 1;
      return module.prepareTicker(...args);
    }) as typeof module.prepareTicker,
  };
});

const workload = makeWorkload('M');
const quotes = [...workload.quotes, ...workload.toGbp.quotes];
const benchmark = workload.quotes[0].symbol;
const { asOf } = workload;
const cash: TransactionSetWithCash['cash'] = [
  { type: 'cash', kind: 'deposit', date: workload.transactions.stock[0].date, value: 50_000, currency: 'EUR' },
  { type: 'cash', kind: 'deposit', date: '2015-03-02', value: 20_000, currency: 'USD' },
];

function fresh(set: TransactionSetWithCash, base: string): Derivation {
  const engine = new PortfolioEngine();
  engine.setBaseCurrency(base);
  engine.setBenchmark(benchmark);
  engine.setTransactions(set);
  engine.setQuotes(quotes);
  return engine.derive(asOf, null);
}

/** The path of the first value that differs (Object.is: NaN equals NaN, 0 and −0 differ), or null. */
function firstDifference(a: unknown, b: unknown, path = 'derivation'): string | null {
  if (Object.is(a, b)) return null;
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
    const x = a as unknown as ArrayLike<number>;
    const y = b as unknown as ArrayLike<number>;
    if (x.length !== y.length) return `${path}: ${x.length} vs ${y.length} values`;
    for (let k = 0; k < x.length; k += 1) if (!Object.is(x[k], y[k])) return `${path}[${k}]: ${x[k]} vs ${y[k]}`;
    return null;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path}: ${a} vs ${b}`;
  const keys = Object.keys(a);
  if (keys.join() !== Object.keys(b).join()) return `${path}: keys differ`;
  for (const key of keys) {
    const difference = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}.${key}`,
    );
    if (difference) return difference;
  }
  return null;
}

const edited = (list: Transaction[], changes: Record<number, Partial<Transaction>>): Transaction[] =>
  list.map((row, k) => (changes[k] ? { ...row, ...changes[k] } : row));

describe.each(['EUR', 'GBP'])('numbers edited in place, in %s', (base) => {
  it('derives what a fresh engine derives, preparing again only a ticker whose dates changed', () => {
    const { stock, dividend, commission } = workload.transactions;
    // One ticker's trades listed in reverse date order: its columns are not in the list's order.
    const reversed = stock[0].ticker;
    const reorderedStock = [
      ...stock.filter((row) => row.ticker !== reversed),
      ...stock.filter((row) => row.ticker === reversed).reverse(),
    ];
    let set: TransactionSetWithCash = { ...workload.transactions, stock: reorderedStock, cash };
    const computed: string[] = [];
    const engine = new PortfolioEngine({ onTickerComputed: (ticker) => computed.push(ticker) });
    engine.setBaseCurrency(base);
    engine.setBenchmark(benchmark);
    engine.setTransactions(set);
    engine.setQuotes(quotes);
    engine.derive(asOf, null);

    const step = (name: string, next: TransactionSetWithCash, preparedTickers: number, recomputed: string[]) => {
      set = next;
      prepared.count = 0;
      computed.length = 0;
      engine.setTransactions(set);
      expect(prepared.count, `${name}: tickers prepared again`).toBe(preparedTickers);
      expect(firstDifference(engine.derive(asOf, null), fresh(set, base)), name).toBe(null);
      expect([...new Set(computed)].sort(), `${name}: tickers recomputed`).toEqual([...recomputed].sort());
    };
    const last = set.stock.length - 1;
    step(
      'a trade’s value',
      { ...set, stock: edited(set.stock, { [last]: { value: set.stock[last].value + 17.5 } }) },
      0,
      [set.stock[last].ticker],
    );
    step('a trade’s amount', { ...set, stock: edited(set.stock, { 5: { amount: set.stock[5].amount + 3 } }) }, 0, [
      set.stock[5].ticker,
    ]);
    step('a dividend’s tax', { ...set, dividend: edited(dividend, { 2: { tax: 1.25 } }) }, 0, [dividend[2].ticker]);
    step('a commission’s value', { ...set, commission: edited(commission, { 1: { value: 9.99 } }) }, 0, [
      commission[1].ticker,
    ]);
    const firstOfReversed = set.stock.findIndex((row) => row.ticker === reversed);
    const laterOfReversed = set.stock.findLastIndex((row) => row.ticker === reversed) - 1;
    step(
      'two rows of a ticker listed out of date order',
      {
        ...set,
        stock: edited(set.stock, {
          [firstOfReversed]: { value: set.stock[firstOfReversed].value * 2 },
          [laterOfReversed]: { amount: set.stock[laterOfReversed].amount + 1 },
        }),
      },
      0,
      [reversed],
    );
    const ofFirst = set.stock.findIndex((row) => row.ticker === set.stock[1].ticker);
    const another = set.stock.findIndex((row, k) => k > ofFirst && row.ticker === set.stock[ofFirst].ticker);
    step(
      'a value edited beside a date edited, in one ticker',
      {
        ...set,
        stock: edited(set.stock, {
          [ofFirst]: { value: set.stock[ofFirst].value + 1 },
          [another]: { date: '2016-02-03' },
        }),
      },
      1,
      [set.stock[ofFirst].ticker],
    );
    const moved = set.stock.findIndex((row) => row.ticker !== reversed);
    step(
      'a trade moved to another ticker',
      { ...set, stock: edited(set.stock, { [moved]: { ticker: reversed } }) },
      2,
      [reversed, set.stock[moved].ticker],
    );
    step(
      'an edit undone',
      { ...set, stock: edited(set.stock, { [last]: { value: stock[stock.length - 1].value } }) },
      0,
      [set.stock[last].ticker],
    );
  });
});

it('an engine without the edits’ code groups each set again, to the same figures', () => {
  const engine = new EngineWithoutEdits({ accountMath });
  engine.setBenchmark(benchmark);
  let set: TransactionSetWithCash = { ...workload.transactions, cash };
  engine.setTransactions(set);
  engine.setQuotes(quotes);
  engine.derive(asOf, null);
  set = { ...set, stock: edited(set.stock, { 0: { value: set.stock[0].value + 5 }, 7: { date: '2016-02-03' } }) };
  prepared.count = 0;
  engine.setTransactions(set);
  // Grouped again: the two tickers of the rows that changed are prepared again, no other.
  expect(prepared.count).toBe(new Set([set.stock[0].ticker, set.stock[7].ticker]).size);
  expect(firstDifference(engine.derive(asOf, null), fresh(set, 'EUR'))).toBe(null);
});
