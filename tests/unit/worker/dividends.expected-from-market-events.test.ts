/**
 * AAPL monthly bars (recorded): the dividend map is keyed by the bar's start, but an event's day is its
 * `date` (the ex-date). Expected dividend = amount per share × shares held the day before, in EUR.
 */
import { describe, expect, it } from 'vitest';
import { chart, derive, fixtureEntry, stock } from '#helpers/worker/portfolio';

const quotes = [
  fixtureEntry('AAPL-monthly-dividends.json', 'AAPL'),
  chart('EUR=X', { currency: 'EUR', bars: [['2019-10-01', 0.9]] }),
];

describe('expected dividends from market events', () => {
  it('reads the ex-date from the event, not from its map key', () => {
    // Ex-dates 2019-11-07 and 2020-02-07 (keys 2019-11-01 and 2020-02-01); the grid starts 2019-11-05.
    const d = derive([stock('AAPL', '2019-11-06', 10, 2570, 'USD')], quotes, '2020-02-10');
    expect(d.active.expectedDividendPerQuarter).toEqual({
      quarters: ['2019-Q4', '2020-Q1'],
      values: [0.1925 * 10 * 0.9, 0.1925 * 10 * 0.9],
    });
    expect(d.active.expectedDividend).toBeCloseTo(2 * 0.1925 * 10 * 0.9, 12);
  });

  it('pays nothing on shares bought on the ex-date itself', () => {
    const d = derive([stock('AAPL', '2019-11-07', 10, 2570, 'USD')], quotes, '2020-01-31');
    expect(d.active.expectedDividend).toBe(0);
  });

  it('never mixes expected into received dividends', () => {
    const d = derive([stock('AAPL', '2019-11-06', 10, 2570, 'USD')], quotes, '2020-02-10');
    expect(d.summary.totalDividend).toBe(0);
    expect(d.active.dividendPerQuarter.values).toEqual([0, 0]);
  });
});
