/**
 * The close series are not copied per derive or toggle: where memory can be shared with the page (Node,
 * or a cross-origin-isolated page) each result hands out the same read-only series until its quote or the
 * grid changes; the summed series stay fresh copies the worker can transfer.
 */
import { describe, expect, it } from 'vitest';
import { PortfolioEngine } from '#src/worker/engine';
import { CAN_SHARE_SERIES } from '#src/worker/engine/shared-series';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';

const rows = [stock('A', '2024-01-02', 1, 100), stock('B', '2024-01-03', 2, 200, 'USD')];
const quotes = [
  chart('A', { currency: 'EUR', bars: [['2024-01-02', 101]] }),
  chart('B', { currency: 'USD', bars: [['2024-01-03', 102]] }),
  chart('EUR=X', { currency: 'EUR', bars: [['2024-01-01', 0.9]] }),
];

function engineWithData(): PortfolioEngine {
  const engine = new PortfolioEngine();
  engine.setTransactions(transactionSet(rows));
  engine.setQuotes(quotes);
  return engine;
}

const closeOf = (prices: Array<{ symbol: string; close: Float64Array }>, symbol: string) =>
  prices.find((price) => price.symbol === symbol)?.close;

describe('close series handed out', () => {
  it('can share in Node (as in a cross-origin-isolated page)', () => {
    expect(CAN_SHARE_SERIES).toBe(true);
  });

  it('are the same shared series on every derive and toggle; the sums are fresh each time', () => {
    const engine = engineWithData();
    const first = engine.derive('2024-01-10', null).active;
    const toggled = engine.combine(['A', 'B']);
    const again = engine.derive('2024-01-10', null).active;
    for (const symbol of ['A', 'B', 'EUR=X']) {
      const close = closeOf(first.prices, symbol)!;
      expect(close.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(closeOf(toggled.prices, symbol)).toBe(close);
      expect(closeOf(again.prices, symbol)).toBe(close);
    }
    expect(closeOf(first.prices, 'A')![closeOf(first.prices, 'A')!.length - 1]).toBe(101);
    expect(toggled.value).not.toBe(first.value);
    expect(toggled.value.buffer).toBeInstanceOf(ArrayBuffer);
    expect(Array.from(toggled.value)).toEqual(Array.from(first.value));
  });

  it('are new series once the quote or the grid changed', () => {
    const engine = engineWithData();
    const before = engine.derive('2024-01-10', null).active;
    engine.setQuotes([
      chart('A', {
        currency: 'EUR',
        bars: [
          ['2024-01-02', 101],
          ['2024-01-05', 111],
        ],
      }),
    ]);
    const requoted = engine.derive('2024-01-10', null).active;
    expect(closeOf(requoted.prices, 'A')).not.toBe(closeOf(before.prices, 'A'));
    expect(closeOf(requoted.prices, 'A')![closeOf(requoted.prices, 'A')!.length - 1]).toBe(111);
    expect(closeOf(requoted.prices, 'B')).toBe(closeOf(before.prices, 'B'));
    const later = engine.derive('2024-01-11', null).active;
    expect(closeOf(later.prices, 'B')).not.toBe(closeOf(before.prices, 'B'));
    expect(closeOf(later.prices, 'B')!.length).toBe(closeOf(before.prices, 'B')!.length + 1);
  });
});
