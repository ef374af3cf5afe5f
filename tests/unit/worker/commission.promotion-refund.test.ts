/** A promotion refunds a commission: a negative commission lowers the total and raises profit. */
import { describe, expect, it } from 'vitest';
import { chart, commission, derive, on, stock } from '#helpers/worker/portfolio';

const rows = [
  stock('IWDA.AS', '2024-02-01', 10, 800),
  commission('IWDA.AS', '2024-02-01', 2),
  commission('IWDA.AS', '2024-02-05', -2),
];
const quotes = [
  chart('IWDA.AS', {
    currency: 'EUR',
    bars: [
      ['2024-02-01', 80],
      ['2024-02-02', 81],
    ],
  }),
];

describe('a promotion refund', () => {
  const d = derive(rows, quotes, '2024-02-06');
  const { commission: series } = d.active.transactions;

  it('books the refund as a negative commission on its day', () => {
    expect(on(d.active, series.values, ['2024-02-01', '2024-02-02', '2024-02-05'])).toEqual([2, Number.NaN, -2]);
    expect(on(d.active, d.active.commission, ['2024-02-01', '2024-02-04', '2024-02-05'])).toEqual([2, 2, 0]);
    expect(on(d.active, series.aggregatedAmounts, ['2024-02-05'])).toEqual([2]);
  });

  it('leaves a total commission of 0, so profit equals profit excluding commission', () => {
    expect(d.summary).toMatchObject({ totalCommission: 0, profitExclCommission: 10 });
    expect(d.summary.totalReturn.absolute).toBe(10);
    expect(on(d.active, d.active.profit, ['2024-02-04', '2024-02-05'])).toEqual([8, 10]);
    expect(d.summary.dailyReturn.absolute).toBe(0);
    expect(d.summary.weeklyReturn.absolute).toBe(10);
  });
});
