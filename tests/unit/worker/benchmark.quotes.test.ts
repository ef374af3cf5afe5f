/** The benchmark asks for its own quote (and exchange rate), and a missing one leaves every other figure as it was. */
import { describe, expect, it } from 'vitest';
import { PortfolioEngine } from '#src/worker/engine';
import { chart, indexOf, stock, transactionSet } from '#helpers/worker/portfolio';

const rows = [stock('AAA', '2024-01-10', 10, 1000), stock('AAA', '2024-03-01', -5, -600)];
const aaa = chart('AAA', {
  currency: 'EUR',
  bars: [
    ['2024-01-10', 100],
    ['2024-03-01', 120],
    ['2024-06-28', 130],
  ],
});
const usdIndex = chart('SPY', {
  currency: 'USD',
  bars: [
    ['2024-01-05', 50],
    ['2024-03-01', 60],
    ['2024-06-28', 75],
  ],
});
const eurPerUsd = chart('EUR=X', {
  currency: 'EUR',
  timeZone: 'Europe/London',
  hourUtc: 0,
  bars: [
    ['2024-01-01', 0.9],
    ['2024-03-01', 0.92],
  ],
});

function engineWith(benchmark: string | null): PortfolioEngine {
  const engine = new PortfolioEngine();
  engine.setTransactions(transactionSet(rows));
  engine.setBenchmark(benchmark);
  return engine;
}

describe('benchmark', () => {
  it('is requested with the portfolio, then with the exchange rate its quote currency needs', () => {
    const engine = engineWith('SPY');
    expect(engine.symbolsToRequest()).toEqual(['AAA', 'SPY']);
    engine.setQuotes([aaa, usdIndex]);
    expect(engine.symbolsToRequest()).toEqual(['AAA', 'EUR=X', 'SPY']);
  });

  it('buys and sells the same euros at its EUR price, the first bar’s before it starts', () => {
    const engine = engineWith('SPY');
    engine.setQuotes([aaa, usdIndex, eurPerUsd]);
    const { benchmark, active } = engine.derive('2024-06-30', null);
    if (!benchmark?.ok) throw new Error('benchmark expected');
    const at = (date: string): number => indexOf(active, date);
    // 2024-01-10: 1000 € at 50 $ × 0.9 = 45 € a unit; 2024-03-01: −600 € at 60 $ × 0.92 = 55.2 €.
    const units = 1000 / 45 - 600 / 55.2;
    expect(benchmark.units[at('2024-01-09')]).toBe(0);
    expect(benchmark.units[at('2024-06-30')]).toBeCloseTo(units, 12);
    expect(benchmark.value[at('2024-06-30')]).toBeCloseTo(units * 75 * 0.92, 9);
    expect(benchmark.currency).toBe('USD');
    expect(benchmark.twr.length).toBe(active.value.length);
  });

  it('without its quote it says why, and the portfolio’s figures stay as they are without a benchmark', () => {
    const failing = engineWith('VWCE.DE');
    failing.setQuotes([aaa, { symbol: 'VWCE.DE', error: 'Yahoo answered 404' }]);
    const withFailure = failing.derive('2024-06-30', null);
    expect(withFailure.benchmark).toEqual({
      ok: false,
      symbol: 'VWCE.DE',
      missingSymbols: ['VWCE.DE'],
      error: 'Yahoo answered 404',
    });
    expect(withFailure.summary.missingSymbols).toEqual([]);

    const none = engineWith(null);
    none.setQuotes([aaa]);
    const without = none.derive('2024-06-30', null);
    expect(without.benchmark).toBeNull();
    expect(withFailure.summary).toEqual(without.summary);
    expect(withFailure.performance).toEqual(without.performance);
    expect(withFailure.holdings).toEqual(without.holdings);
  });

  it('without its exchange rate it names the rate', () => {
    const engine = engineWith('SPY');
    engine.setQuotes([aaa, usdIndex]);
    const { benchmark } = engine.derive('2024-06-30', null);
    expect(benchmark).toMatchObject({ ok: false, symbol: 'SPY', missingSymbols: ['EUR=X'] });
  });
});
