/** The engine keeps per-ticker results: a toggle only sums, one ticker's change recomputes that ticker only. */
import { describe, expect, it } from 'vitest';
import { PortfolioEngine } from '#src/worker/engine';
import { collectTransferables } from '#src/worker/transferables';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';

const rows = [
  stock('A', '2024-01-02', 1, 100),
  stock('B', '2024-01-03', 2, 200, 'USD'),
  stock('C', '2024-01-04', 3, 300),
];
const quotes = [
  chart('A', { currency: 'EUR', bars: [['2024-01-02', 101]] }),
  chart('B', { currency: 'USD', bars: [['2024-01-03', 102]] }),
  chart('C', { currency: 'EUR', bars: [['2024-01-04', 103]] }),
  chart('EUR=X', { currency: 'EUR', bars: [['2024-01-01', 0.9]] }),
];

function countingEngine(): { engine: PortfolioEngine; computed: string[] } {
  const computed: string[] = [];
  const engine = new PortfolioEngine({ onTickerComputed: (ticker) => computed.push(ticker) });
  engine.setTransactions(transactionSet(rows));
  engine.setQuotes(quotes);
  engine.derive('2024-01-10', null);
  return { engine, computed };
}

describe('recomputing only what changed', () => {
  it('computes each ticker once on the first derive', () => {
    expect(countingEngine().computed.sort()).toEqual(['A', 'B', 'C']);
  });

  it('re-combines a toggle without computing any ticker', () => {
    const { engine, computed } = countingEngine();
    computed.length = 0;
    const onlyA = engine.combine(['A']);
    expect(computed).toEqual([]);
    expect(onlyA.tickers).toEqual(['A']);
    expect(onlyA.value[onlyA.value.length - 1]).toBe(101);
    expect(engine.combine(['A', 'C']).value[onlyA.value.length - 1]).toBe(101 + 3 * 103);
  });

  it('recomputes only the ticker whose transactions changed', () => {
    const { engine, computed } = countingEngine();
    computed.length = 0;
    engine.setTransactions(transactionSet([...rows, stock('C', '2024-01-05', 1, 103)]));
    const d = engine.derive('2024-01-10', null);
    expect(computed).toEqual(['C']);
    expect(d.tickers.C.amountOfShares).toBe(4);
  });

  it('recomputes nothing when the same set arrives again as new objects', () => {
    const { engine, computed } = countingEngine();
    computed.length = 0;
    engine.setTransactions(structuredClone(transactionSet(rows)));
    engine.derive('2024-01-10', null);
    expect(computed).toEqual([]);
  });

  it('recomputes the tickers an exchange rate feeds when that rate changes', () => {
    const { engine, computed } = countingEngine();
    computed.length = 0;
    engine.setQuotes([chart('EUR=X', { currency: 'EUR', bars: [['2024-01-01', 0.8]] })]);
    const d = engine.derive('2024-01-10', null);
    expect(computed).toEqual(['B']);
    expect(d.tickers.B.portfolioValue).toBe(2 * 102 * 0.8);
  });

  it('recomputes everything when asOf moves the grid', () => {
    const { engine, computed } = countingEngine();
    computed.length = 0;
    engine.derive('2024-01-11', null);
    expect(computed.sort()).toEqual(['A', 'B', 'C']);
  });

  it('drops a ticker whose transactions are gone', () => {
    const { engine } = countingEngine();
    engine.setTransactions(transactionSet(rows.filter((row) => row.ticker !== 'A')));
    expect(Object.keys(engine.derive('2024-01-10', null).tickers)).toEqual(['B', 'C']);
  });

  it('hands out fresh arrays (or shared closes), so a transferred result cannot detach the cache', () => {
    const { engine } = countingEngine();
    const first = engine.combine(['A']);
    // What the worker transfers: every non-shared buffer of the result; shared closes cross as they are.
    structuredClone(first, { transfer: collectTransferables(first) });
    expect(first.value.length).toBe(0);
    const again = engine.combine(['A']);
    expect(again.value[again.value.length - 1]).toBe(101);
    expect(again.prices[0].close[again.value.length - 1]).toBe(101);
  });

  it('refuses to combine before the first derive', () => {
    expect(() => new PortfolioEngine().combine(['A'])).toThrow(/derive/);
  });
});
