/** Received dividends land in their calendar quarter; TTM sums a quarter and the three before it. */
import { describe, expect, it } from 'vitest';
import { chart, derive, dividend, stock } from '#helpers/worker/portfolio';

const rows = [
  stock('D', '2023-02-15', 1, 100),
  dividend('D', '2023-03-31', 10),
  dividend('D', '2023-04-01', 20),
  dividend('D', '2023-12-31', 30),
  dividend('D', '2024-01-01', 40),
  dividend('D', '2024-06-30', 50),
  dividend('D', '2024-07-02', 60),
];

describe('dividends at quarter boundaries', () => {
  const d = derive(rows, [chart('D', { currency: 'EUR', bars: [['2023-02-15', 100]] })], '2024-07-01');
  const quarters = ['2023-Q1', '2023-Q2', '2023-Q3', '2023-Q4', '2024-Q1', '2024-Q2', '2024-Q3'];

  it('sums per quarter from the grid’s first quarter to asOf’s, ignoring a dividend after asOf', () => {
    expect(d.active.dividendPerQuarter).toEqual({ quarters, values: [10, 20, 0, 30, 40, 50, 0] });
    expect(d.summary.totalDividend).toBe(150);
  });

  it('lays the same sums out as four quarters per year', () => {
    expect(d.active.dividendPerQuarterByYear).toEqual([
      { year: '2023', data: [10, 20, 0, 30] },
      { year: '2024', data: [40, 50, 0, 0] },
    ]);
  });

  it('sums the trailing four quarters, with the chart’s monthly, daily and hourly lines', () => {
    const ttm = [10, 30, 30, 60, 90, 120, 120];
    expect(d.active.ttmDividendPerQuarter.quarters).toEqual(quarters);
    expect(d.active.ttmDividendPerQuarter.values).toEqual(ttm);
    expect(d.active.ttmDividendPerQuarter.monthly).toEqual(ttm.map((value) => value / 12));
    expect(d.active.ttmDividendPerQuarter.daily).toEqual(ttm.map((value) => value / 360));
    expect(d.active.ttmDividendPerQuarter.hourly).toEqual(ttm.map((value) => value / 8640));
    // The last twelve months brought 120 €: 10 € a month.
    expect(d.active.ttmDividendPerQuarter.monthly.at(-1)).toBe(10);
  });
});
