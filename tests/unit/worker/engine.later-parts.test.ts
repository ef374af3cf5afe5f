/**
 * The code the worker loads later (engine/later-parts.ts): an engine without a part that a figure needs says
 * so instead of leaving the figure out, and once it takes the part its figures are those of the engine that
 * had it from the start (Node's, engine/index.ts).
 */
import { describe, expect, it } from 'vitest';
import { PortfolioEngine } from '#src/worker/engine';
import { PortfolioEngine as EngineWithoutLaterParts } from '#src/worker/engine/portfolio-engine';
import * as benchmark from '#src/worker/engine/benchmark';
import * as onDemand from '#src/worker/engine/on-demand';
import * as accountMath from '#src/worker/engine/account-math';
import * as keptParts from '#src/worker/engine/kept-parts';
import { chart, dividend, stock, transactionSet } from '#helpers/worker/portfolio';
import { firstDifference } from '#helpers/worker/compare-figures';
import { makeWorkload } from '#bench/workloads/make-workload';

const rows = [stock('AAA', '2024-01-10', 10, 1000), stock('AAA', '2024-03-01', -5, -600)];
const quotes = [
  chart('AAA', {
    currency: 'EUR',
    bars: [
      ['2024-01-10', 100],
      ['2024-03-01', 120],
      ['2024-06-28', 130],
    ],
  }),
  chart('IDX', {
    currency: 'EUR',
    bars: [
      ['2024-01-05', 50],
      ['2024-06-28', 75],
    ],
  }),
];

function loaded<T extends EngineWithoutLaterParts>(engine: T, benchmarkSymbol: string | null): T {
  engine.setTransactions(transactionSet([...rows, dividend('AAA', '2024-05-02', 12)]));
  engine.setBenchmark(benchmarkSymbol);
  engine.setQuotes(quotes);
  return engine;
}

describe('an engine without the code the worker loads later', () => {
  it('refuses to derive with a benchmark chosen until it takes the benchmark’s code, then derives what Node’s engine does', () => {
    const engine = loaded(new EngineWithoutLaterParts(), 'IDX');
    expect(engine.needsBenchmark()).toBe(true);
    expect(() => engine.derive('2024-06-30', null)).toThrow(/use\(\{ accountMath, benchmark \}\)/);
    engine.use({ benchmark });
    expect(engine.needsBenchmark()).toBe(false);
    const derived = engine.derive('2024-06-30', null);
    expect(derived.benchmark?.ok).toBe(true);
    expect(derived).toEqual(loaded(new PortfolioEngine(), 'IDX').derive('2024-06-30', null));
  });

  it('derives without the benchmark’s code when none is chosen', () => {
    const engine = loaded(new EngineWithoutLaterParts(), null);
    expect(engine.needsBenchmark()).toBe(false);
    expect(engine.derive('2024-06-30', null).benchmark).toBeNull();
  });

  it('gives a holding’s series and the dividend records only with their code, the same as Node’s engine', () => {
    const engine = loaded(new EngineWithoutLaterParts(), null);
    engine.derive('2024-06-30', null);
    expect(() => engine.holdingSeries('AAA')).toThrow(/use\(\{ onDemand \}\)/);
    expect(() => engine.dividendRecords()).toThrow(/use\(\{ onDemand \}\)/);
    engine.use({ onDemand });
    const node = loaded(new PortfolioEngine(), null);
    node.derive('2024-06-30', null);
    expect(engine.holdingSeries('AAA')).toEqual(node.holdingSeries('AAA'));
    expect(engine.dividendRecords()).toEqual(node.dividendRecords());
    expect(engine.dividendRecords()).toHaveLength(1);
  });

  it('keeps a part it took when it is given another, or none', () => {
    const engine = loaded(new EngineWithoutLaterParts(), 'IDX');
    engine.use({ benchmark });
    engine.use({ onDemand, benchmark: undefined });
    expect(engine.needsBenchmark()).toBe(false);
    expect(engine.derive('2024-06-30', null).benchmark?.ok).toBe(true);
  });

  it('sums the tickers’ values with the kept parts’ walk to the bits of the engine without it, in any base', () => {
    // Workload M trades in EUR, USD, GBp (minor units) and CHF: in EUR and in GBP each quote is in the base,
    // in its minor units, or at a rate, and both engines change the base twice.
    const workload = makeWorkload('M');
    const withSet = <T extends EngineWithoutLaterParts>(engine: T): T => {
      engine.setTransactions({ ...workload.transactions, cash: workload.cash });
      engine.setQuotes([...workload.quotes, ...workload.toGbp.quotes]);
      return engine;
    };
    const without = withSet(new EngineWithoutLaterParts({ accountMath }));
    const node = withSet(new PortfolioEngine());
    for (const base of ['EUR', 'GBP', 'EUR']) {
      without.setBaseCurrency(base);
      node.setBaseCurrency(base);
      expect(firstDifference(node.derive(workload.asOf, null), without.derive(workload.asOf, null)), base).toBeNull();
    }
    // Taking the kept parts after a first derive (as the worker does) changes no figure either.
    without.use({ keptParts });
    without.setBaseCurrency('GBP');
    node.setBaseCurrency('GBP');
    expect(firstDifference(node.derive(workload.asOf, null), without.derive(workload.asOf, null))).toBeNull();
  });
});
