/** Buy 10, sell 4, buy 6 again: shares, net invested and profit follow each step. */
import { describe, expect, it } from 'vitest';
import { chart, derive, on, stock } from '#helpers/worker/portfolio';

const rows = [
  stock('ASML.AS', '2024-03-01', 10, 1000),
  stock('ASML.AS', '2024-03-05', -4, -480),
  stock('ASML.AS', '2024-03-08', 6, 660),
];
const quotes = [
  chart('ASML.AS', {
    currency: 'EUR',
    timeZone: 'Europe/Amsterdam',
    hourUtc: 8,
    bars: [
      ['2024-03-01', 100],
      ['2024-03-04', 110],
      ['2024-03-05', 120],
      ['2024-03-06', 115],
      ['2024-03-07', 112],
      ['2024-03-08', 110],
    ],
  }),
];
const days = ['2024-03-03', '2024-03-04', '2024-03-05', '2024-03-07', '2024-03-08', '2024-03-10'];

describe('buy, partial sell, rebuy', () => {
  const d = derive(rows, quotes, '2024-03-10');
  const { stock: stockSeries } = d.active.transactions;

  it('carries the share count and net invested cash through the sell', () => {
    expect(on(d.active, stockSeries.aggregatedAmounts, days)).toEqual([10, 10, 6, 6, 12, 12]);
    expect(on(d.active, d.active.invested, days)).toEqual([1000, 1000, 520, 520, 1180, 1180]);
    expect(on(d.active, d.active.value, days)).toEqual([1000, 1100, 720, 672, 1320, 1320]);
    expect(on(d.active, d.active.profit, days)).toEqual([0, 100, 200, 152, 140, 140]);
  });

  it('records the sell as a negative transaction on its day only', () => {
    expect(on(d.active, stockSeries.values, ['2024-03-04', '2024-03-05', '2024-03-06'])).toEqual([
      Number.NaN,
      -480,
      Number.NaN,
    ]);
    expect(on(d.active, stockSeries.amounts, ['2024-03-05'])).toEqual([-4]);
  });

  it('reports net invested per share and the returns since 1 and 7 days back', () => {
    expect(d.tickers['ASML.AS'].amountOfShares).toBe(12);
    expect(d.tickers['ASML.AS'].averageSharePrice).toBeCloseTo(1180 / 12, 12);
    expect(d.summary.dailyReturn.absolute).toBe(0);
    expect(d.summary.weeklyReturn.absolute).toBe(140);
    expect(d.summary.totalReturn).toEqual({ absolute: 140, percentage: (140 / 1320) * 100 });
  });
});
