/**
 * A base change keeps what no base changes (issue 34): each ticker's days and amounts on the grid are
 * taken from its state in the base before (ticker-state.ts, kept-parts.ts), and the combined amounts per day, their
 * running sums and the days are copied from those kept (kept-parts.ts) while every ticker's entries are
 * the same arrays. After a first change, an edit of a row's amount, of its value, a moved date, a
 * toggle, and switches back and forth, each derive and re-combine equals, value for value, a fresh
 * engine's of the same input in the same base: nothing kept outlives what it was made from.
 */
import { describe, expect, it } from 'vitest';
import type { Transaction, TransactionSet } from '#src/model';
import { PortfolioEngine, type ActiveSeries, type Derivation } from '#src/worker/engine';
import { firstDifference } from '#helpers/worker/compare-figures';
import { makeWorkload } from '#bench/workloads/make-workload';

const workload = makeWorkload('M');
const quotes = [...workload.quotes, ...workload.toGbp.quotes];
const { asOf } = workload;
const benchmark = workload.quotes[0].symbol;

function freshEngine(base: string, set: TransactionSet): PortfolioEngine {
  const engine = new PortfolioEngine();
  engine.setBaseCurrency(base);
  engine.setBenchmark(benchmark);
  engine.setTransactions(set);
  engine.setQuotes(quotes);
  return engine;
}

/** The set with stock row `index` changed by `change`. */
function edited(set: TransactionSet, index: number, change: Partial<Transaction>): TransactionSet {
  return { ...set, stock: set.stock.map((row, k) => (k === index ? { ...row, ...change } : row)) };
}

describe('the parts a base change keeps', () => {
  it('never show in a figure: every derive after a change equals a fresh engine’s', () => {
    const engine = freshEngine('EUR', workload.transactions);
    engine.derive(asOf, null);
    let set = workload.transactions;
    let base = 'EUR';
    const sameAsFresh = (label: string, derivation: Derivation) =>
      expect(firstDifference(derivation, freshEngine(base, set).derive(asOf, null)), label).toBeNull();
    const combinedAsFresh = (label: string, active: readonly string[], series: ActiveSeries) => {
      const fresh = freshEngine(base, set);
      fresh.derive(asOf, null);
      expect(firstDifference(series, fresh.combine(active)), label).toBeNull();
    };
    const change = (to: string) => {
      base = to;
      engine.setBaseCurrency(to);
    };
    // A late row of a ticker: a change that keeps the grid.
    const row = set.stock.length - 3;
    const ticker = set.stock[row].ticker;

    change('GBP');
    sameAsFresh('first change', engine.derive(asOf, null));
    set = edited(set, row, { amount: set.stock[row].amount + 2 });
    engine.setTransactions(set);
    sameAsFresh('an amount edited', engine.derive(asOf, null));
    const others = Object.keys(engine.derive(asOf, null).tickers).filter((name) => name !== ticker);
    combinedAsFresh('a toggle', others, engine.combine(others));
    change('EUR');
    sameAsFresh('back, after the edit', engine.derive(asOf, null));
    change('GBP');
    sameAsFresh('again', engine.derive(asOf, null));
    set = edited(set, row, { value: set.stock[row].value + 11 });
    engine.setTransactions(set);
    sameAsFresh('a value edited', engine.derive(asOf, null));
    change('EUR');
    sameAsFresh('back, after the value', engine.derive(asOf, null));
    set = edited(set, row, { date: '2024-12-02', amount: set.stock[row].amount - 1 });
    engine.setTransactions(set);
    sameAsFresh('a date moved', engine.derive(asOf, null));
    change('GBP');
    sameAsFresh('a change after the date', engine.derive(asOf, null));
    combinedAsFresh('a toggle after it', others, engine.combine(others));
  });
});
