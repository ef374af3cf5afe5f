/** Two buys of a EUR ETF with commissions: values carried over the weekend, returns over 1, 7, 30 days. */
import { describe, expect, it } from 'vitest';
import { chart, commission, derive, on, stock } from '#helpers/worker/portfolio';

const rows = [
  stock('VWCE.DE', '2024-01-02', 10, 1000),
  commission('VWCE.DE', '2024-01-02', 1),
  stock('VWCE.DE', '2024-01-04', 5, 520),
  commission('VWCE.DE', '2024-01-04', 1),
];
const quotes = [
  chart('VWCE.DE', {
    currency: 'EUR',
    timeZone: 'Europe/Berlin',
    hourUtc: 8,
    bars: [
      ['2024-01-02', 101],
      ['2024-01-03', 102],
      ['2024-01-04', 103],
      ['2024-01-05', 104],
      ['2024-01-08', 105],
    ],
  }),
];
const days = [
  '2024-01-01',
  '2024-01-02',
  '2024-01-03',
  '2024-01-04',
  '2024-01-05',
  '2024-01-06',
  '2024-01-07',
  '2024-01-08',
  '2024-01-09',
];

describe('a EUR ETF bought twice', () => {
  const d = derive(rows, quotes, '2024-01-09');

  it('runs the grid from the day before the first buy to asOf', () => {
    expect([d.active.firstDay, d.active.lastDay, d.active.value.length]).toEqual(['2024-01-01', '2024-01-09', 9]);
    expect(d.active.days[0]).toBe(Date.UTC(2024, 0, 1) / 1000);
  });

  it('values shares at the latest close, carried over the weekend', () => {
    expect(on(d.active, d.active.value, days)).toEqual([0, 1010, 1020, 1545, 1560, 1560, 1560, 1575, 1575]);
    expect(on(d.active, d.active.invested, days)).toEqual([0, 1000, 1000, 1520, 1520, 1520, 1520, 1520, 1520]);
    expect(on(d.active, d.active.commission, days)).toEqual([0, 1, 1, 2, 2, 2, 2, 2, 2]);
    expect(on(d.active, d.active.profit, days)).toEqual([0, 9, 19, 23, 38, 38, 38, 53, 53]);
  });

  it('sums the summary on asOf', () => {
    expect(d.summary).toMatchObject({
      portfolioValue: 1575,
      totalInvested: 1520,
      profitExclCommission: 55,
      totalCommission: 2,
      totalDividend: 0,
    });
    expect(d.summary.totalReturn.absolute).toBe(53);
    expect(d.summary.totalReturn.percentage).toBeCloseTo((53 / 1575) * 100, 12);
  });

  it('measures returns against the profit 1, 7 and 30 days back (0 before the grid)', () => {
    expect(d.summary.dailyReturn).toEqual({ absolute: 0, percentage: 0 });
    expect(d.summary.weeklyReturn.absolute).toBe(53 - 9);
    expect(d.summary.weeklyReturn.percentage).toBeCloseTo((44 / 1575) * 100, 12);
    expect(d.summary.monthlyReturn.absolute).toBe(53);
  });

  it('gives the ticker its share count, net invested per share and market price', () => {
    expect(d.tickers['VWCE.DE']).toMatchObject({
      amountOfShares: 15,
      currentSharePrice: 105,
      portfolioValue: 1575,
      totalInvested: 1520,
      totalCommission: 2,
      currency: 'EUR',
      quoteCurrency: 'EUR',
      priceSource: 'market',
      missingSymbols: [],
      excluded: false,
    });
    expect(d.tickers['VWCE.DE'].averageSharePrice).toBeCloseTo(1520 / 15, 12);
  });
});
