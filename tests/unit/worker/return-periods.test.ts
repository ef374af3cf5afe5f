/** Where each return period starts, and the returns read off the growth of one euro (SEMANTICS.md, "Periods"). */
import { describe, expect, it } from 'vitest';
import { epochDayFromIso, isoFromEpochDay } from '#src/model';
import { makeGrid } from '#src/worker/engine/grid';
import { solveRate } from '#src/worker/engine/mwr';
import { periodStarts } from '#src/worker/engine/return-periods';

function startDates(firstTransaction: string, asOf: string): Record<string, string | null> {
  const grid = makeGrid(epochDayFromIso(firstTransaction), epochDayFromIso(asOf));
  return Object.fromEntries(
    Object.entries(periodStarts(grid)).map(([period, index]) => [
      period,
      index === null ? null : isoFromEpochDay(grid.firstDay + index),
    ]),
  );
}

describe('return periods', () => {
  it('start a calendar month or whole years before asOf; a day the month lacks becomes its last day', () => {
    expect(startDates('2018-01-15', '2024-03-31')).toEqual({
      '1M': '2024-02-29',
      YTD: '2023-12-31',
      '1Y': '2023-03-31',
      '3Y': '2021-03-31',
      '5Y': '2019-03-31',
      MAX: '2018-01-14',
    });
    expect(startDates('2018-01-15', '2024-02-29')).toMatchObject({ '1Y': '2023-02-28', '5Y': '2019-02-28' });
  });

  it('have no start before the history, except YTD and MAX, which start with it', () => {
    expect(startDates('2024-02-10', '2024-06-30')).toEqual({
      '1M': '2024-05-30',
      YTD: '2024-02-09',
      '1Y': null,
      '3Y': null,
      '5Y': null,
      MAX: '2024-02-09',
    });
  });
});

describe('the XIRR solver', () => {
  it('finds the rate that values the flows to 0', () => {
    // −100 now, +121 in two years: 10 % a year.
    expect(solveRate(Float64Array.from([0, 2]), Float64Array.from([-100, 121]))).toBeCloseTo(0.1, 12);
    // Money lost: −100, +25 after a year.
    expect(solveRate(Float64Array.from([0, 1]), Float64Array.from([-100, 25]))).toBeCloseTo(-0.75, 12);
  });

  it('has no answer when every flow is 0 or all flows have one sign', () => {
    expect(solveRate(Float64Array.from([0, 1]), Float64Array.from([0, 0]))).toBeNull();
    expect(solveRate(Float64Array.from([0, 1]), Float64Array.from([100, 25]))).toBeNull();
  });

  it('stays finite over a 60-year history', () => {
    const rate = solveRate(Float64Array.from([0, 60]), Float64Array.from([-100, 100 * 1.05 ** 60]));
    expect(rate).toBeCloseTo(0.05, 10);
  });
});
