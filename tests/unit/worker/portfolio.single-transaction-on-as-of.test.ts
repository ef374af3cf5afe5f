/** One buy dated asOf: a two-day grid, and every return measured from the day before (profit 0). */
import { describe, expect, it } from 'vitest';
import { chart, commission, derive, stock } from '#helpers/worker/portfolio';

describe('a single transaction dated asOf', () => {
  const d = derive(
    [stock('ONE', '2024-05-10', 2, 200), commission('ONE', '2024-05-10', 1), stock('ONE', '2024-05-11', 5, 505)],
    [
      chart('ONE', {
        currency: 'EUR',
        bars: [
          ['2024-05-10', 101],
          ['2024-05-11', 102],
        ],
      }),
    ],
    '2024-05-10',
  );

  it('runs the grid from the day before to asOf, ignoring the buy after asOf', () => {
    expect([d.active.firstDay, d.active.lastDay]).toEqual(['2024-05-09', '2024-05-10']);
    expect(Array.from(d.active.value)).toEqual([0, 202]);
    expect(Array.from(d.active.profit)).toEqual([0, 1]);
    expect(d.tickers.ONE).toMatchObject({ amountOfShares: 2, averageSharePrice: 100, currentSharePrice: 101 });
  });

  it('gives the same return for 1 day, 7 days, 30 days and in total', () => {
    const oneEur = { absolute: 1, percentage: (1 / 202) * 100 };
    expect([d.summary.dailyReturn, d.summary.weeklyReturn, d.summary.monthlyReturn, d.summary.totalReturn]).toEqual([
      oneEur,
      oneEur,
      oneEur,
      oneEur,
    ]);
  });
});
