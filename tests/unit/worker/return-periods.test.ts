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
    expect(solveRate(Int32Array.from([0, 730]), Float64Array.from([-100, 121]))).toBeCloseTo(0.1, 12);
    // Money lost: −100, +25 after a year.
    expect(solveRate(Int32Array.from([0, 365]), Float64Array.from([-100, 25]))).toBeCloseTo(-0.75, 12);
  });

  it('has no answer when every flow is 0 or all flows have one sign', () => {
    expect(solveRate(Int32Array.from([0, 365]), Float64Array.from([0, 0]))).toBeNull();
    expect(solveRate(Int32Array.from([0, 365]), Float64Array.from([100, 25]))).toBeNull();
  });

  it('finds, over thousands of flows days to years apart, the rate one exp per flow finds, to 1e-10', () => {
    // The solver discounts each flow from the one before it (a power of one day's factor); the
    // reference values every flow with (1 + x)^(−days / 365) of its own and bisects to the root.
    const reference = (days: Int32Array, amounts: Float64Array): number => {
      const npv = (x: number) => amounts.reduce((sum, amount, k) => sum + amount * (1 + x) ** (-days[k]! / 365), 0);
      let [low, high] = [-0.99, 10];
      const lowSign = Math.sign(npv(low));
      for (let step = 0; step < 200; step += 1) {
        const middle = (low + high) / 2;
        if (Math.sign(npv(middle)) === lowSign) low = middle;
        else high = middle;
      }
      return (low + high) / 2;
    };
    // Flows on days 1 to 200 days apart (gaps over the solver's table too), 25 and 55 years long; the
    // last one the holdings' value: a history that made money, and one that lost most of it.
    const history = (years: number, end: number) => {
      const days: number[] = [0];
      const amounts: number[] = [-1_000];
      for (let day = 3, k = 0; day < years * 365; k += 1, day += 1 + ((k * 37) % 200 === 0 ? 150 : (k * 7) % 11)) {
        days.push(day);
        amounts.push(k % 5 === 0 ? 40 + (k % 13) : -(60 + (k % 17)));
      }
      days.push(years * 365);
      amounts.push(end);
      return { days: Int32Array.from(days), amounts: Float64Array.from(amounts) };
    };
    for (const [years, end] of [
      [25, 400_000],
      [55, 900_000],
      [25, 20_000],
      [55, 5_000],
    ] as const) {
      const { days, amounts } = history(years, end);
      expect(days.length).toBeGreaterThan(1_000);
      const rate = solveRate(days, amounts)!;
      expect(Math.abs(rate - reference(days, amounts))).toBeLessThan(1e-10);
    }
  });

  it('stays finite over a 60-year history', () => {
    const rate = solveRate(Int32Array.from([0, 60 * 365]), Float64Array.from([-100, 100 * 1.05 ** 60]));
    expect(rate).toBeCloseTo(0.05, 10);
  });
});
