/** Yield per year: each year's profit from one year end (31 December, or asOf) to the next, over the value then. */
import { describe, expect, it } from 'vitest';
import { chart, commission, derive, stock } from '#helpers/worker/portfolio';

describe('yield per year across year boundaries', () => {
  it('splits profit at 31 December and divides by the value on that day', () => {
    const d = derive(
      [stock('X', '2022-12-30', 10, 1000), commission('X', '2022-12-30', 1)],
      [
        chart('X', {
          currency: 'EUR',
          bars: [
            ['2022-12-30', 100],
            ['2023-01-02', 110],
            ['2023-12-29', 120],
            ['2024-01-02', 126],
          ],
        }),
      ],
      '2024-02-15',
    );
    // Profit on 2022-12-31: 1000 − 1000 − 1 = −1; on 2023-12-31: 1200 − 1001 = 199; on asOf: 1260 − 1001 = 259.
    expect(d.active.yieldPerYear.years).toEqual(['2022', '2023', '2024']);
    expect(d.active.yieldPerYear.profit).toEqual([-1, 200, 60]);
    expect(d.active.yieldPerYear.yields).toEqual([(-1 / 1000) * 100, (200 / 1200) * 100, (60 / 1260) * 100]);
  });

  it('yields 0 in a year that ends with nothing held, while its profit still counts', () => {
    const d = derive(
      [stock('Y', '2022-06-01', 10, 1000), stock('Y', '2022-09-01', -10, -1100)],
      [
        chart('Y', {
          currency: 'EUR',
          bars: [
            ['2022-06-01', 100],
            ['2022-09-01', 110],
          ],
        }),
      ],
      '2023-03-01',
    );
    expect(d.active.yieldPerYear).toEqual({ years: ['2022', '2023'], yields: [0, 0], profit: [100, 0] });
    expect(d.tickers.Y).toMatchObject({
      amountOfShares: 0,
      averageSharePrice: 0,
      portfolioValue: 0,
      totalInvested: -100,
    });
    expect(d.summary.totalReturn).toEqual({ absolute: 100, percentage: 0 });
  });
});
