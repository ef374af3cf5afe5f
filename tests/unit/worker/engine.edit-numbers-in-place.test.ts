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
import { describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES, type Transaction, type TransactionSetWithCash } from '#src/model';
import type { TickerTransactions } from '#src/worker/engine/ticker-transactions';
import { PortfolioEngine, type Derivation } from '#src/worker/engine';
import { firstDifference } from '#helpers/worker/compare-figures';
import * as accountMath from '#src/worker/engine/account-math';
import * as benchmarkFigures from '#src/worker/engine/benchmark';
import { PortfolioEngine as EngineWithoutEdits } from '#src/worker/engine/portfolio-engine';
import { makeWorkload } from '#bench/workloads/make-workload';

/** The engine's columns per ticker (its ViewTransactions): read to tell a ticker written in place from one prepared again. */
const heldOf = (engine: EngineWithoutEdits) =>
  (engine as unknown as { held: { tickers: Map<string, TickerTransactions> } }).held.tickers;

/** The tickers whose columns are new objects, split by whether their days are the ones before (written in place). */
function howTaken(before: Map<string, TickerTransactions>, after: Map<string, TickerTransactions>) {
  const inPlace: string[] = [];
  const preparedAgain: string[] = [];
  for (const [ticker, transactions] of after) {
    const previous = before.get(ticker);
    if (previous === transactions) continue;
    const same =
      previous && TRANSACTION_TYPES.every((type) => previous.columns[type].days === transactions.columns[type].days);
    (same ? inPlace : preparedAgain).push(ticker);
  }
  return { inPlace: inPlace.sort(), preparedAgain: preparedAgain.sort() };
}

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

    const step = (name: string, next: TransactionSetWithCash, inPlace: string[], preparedAgain: string[]) => {
      set = next;
      computed.length = 0;
      const before = new Map(heldOf(engine));
      engine.setTransactions(set);
      expect(howTaken(before, heldOf(engine)), `${name}: how its tickers were taken`).toEqual({
        inPlace: [...new Set(inPlace)].sort(),
        preparedAgain: [...new Set(preparedAgain)].sort(),
      });
      expect(firstDifference(engine.derive(asOf, null), fresh(set, base)), name).toBe(null);
      expect([...new Set(computed)].sort(), `${name}: tickers recomputed`).toEqual(
        [...new Set([...inPlace, ...preparedAgain])].sort(),
      );
    };
    const last = set.stock.length - 1;
    const lastValue = set.stock[last].value;
    const lastTicker = set.stock[last].ticker;
    step(
      'a trade’s value',
      { ...set, stock: edited(set.stock, { [last]: { value: lastValue + 17.5 } }) },
      [lastTicker],
      [],
    );
    step(
      'a trade’s amount',
      { ...set, stock: edited(set.stock, { 5: { amount: set.stock[5].amount + 3 } }) },
      [set.stock[5].ticker],
      [],
    );
    step('a dividend’s tax', { ...set, dividend: edited(dividend, { 2: { tax: 1.25 } }) }, [dividend[2].ticker], []);
    step(
      'a commission’s value',
      { ...set, commission: edited(commission, { 1: { value: 9.99 } }) },
      [commission[1].ticker],
      [],
    );
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
      [reversed],
      [],
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
      [],
      [set.stock[ofFirst].ticker],
    );
    const moved = set.stock.findIndex((row) => row.ticker !== reversed);
    step(
      'a trade moved to another ticker',
      { ...set, stock: edited(set.stock, { [moved]: { ticker: reversed } }) },
      [],
      [reversed, set.stock[moved].ticker],
    );
    step('an edit undone', { ...set, stock: edited(set.stock, { [last]: { value: lastValue } }) }, [lastTicker], []);
  });
});

it('an engine without the edits’ code groups each set again, to the same figures', () => {
  const engine = new EngineWithoutEdits({ accountMath, benchmark: benchmarkFigures });
  engine.setBenchmark(benchmark);
  let set: TransactionSetWithCash = { ...workload.transactions, cash };
  engine.setTransactions(set);
  engine.setQuotes(quotes);
  engine.derive(asOf, null);
  set = { ...set, stock: edited(set.stock, { 0: { value: set.stock[0].value + 5 }, 7: { date: '2016-02-03' } }) };
  const before = new Map(heldOf(engine));
  engine.setTransactions(set);
  // Grouped again: the tickers of the rows that changed are prepared again (a value too), no other.
  expect(howTaken(before, heldOf(engine))).toEqual({
    inPlace: [],
    preparedAgain: [...new Set([set.stock[0].ticker, set.stock[7].ticker])].sort(),
  });
  expect(firstDifference(engine.derive(asOf, null), fresh(set, 'EUR'))).toBe(null);
});
