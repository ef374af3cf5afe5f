/**
 * MSFT (recorded, USD) bought in USD with a USD dividend and commissions: every USD amount converts at
 * its day's EUR=X rate, the price at each day's rate; a day before the first FX bar takes the first bar's.
 */
import { describe, expect, it } from 'vitest';
import { chart, commission, derive, dividend, fixtureEntry, on, stock } from '#helpers/worker/portfolio';

const rows = [
  commission('MSFT', '2021-01-28', 1, 'USD'),
  stock('MSFT', '2021-02-01', 10, 2400, 'USD'),
  commission('MSFT', '2021-02-01', 0.5, 'USD'),
  commission('MSFT', '2021-02-01', 2, 'EUR'),
  dividend('MSFT', '2021-03-11', 5.6, 'USD'),
];
// EUR per USD, stamped at 00:00 London (= UTC in winter) like Yahoo's FX bars.
const eurPerUsd = chart('EUR=X', {
  currency: 'EUR',
  timeZone: 'Europe/London',
  hourUtc: 0,
  bars: [
    ['2021-01-29', 0.82],
    ['2021-02-01', 0.83],
    ['2021-03-10', 0.84],
    ['2021-03-11', 0.85],
    ['2021-03-12', 0.86],
  ],
});
const quotes = [fixtureEntry('MSFT-1y-dividends.recorded.json', 'MSFT'), eurPerUsd];
// Recorded MSFT closes (USD) on the days read below.
const close = { '2021-02-01': 239.64999389648438, '2021-03-11': 237.1300048828125, '2021-03-12': 235.75 };

describe('a USD stock with FX and a dividend', () => {
  const d = derive(rows, quotes, '2021-03-12');
  const msft = d.tickers.MSFT;

  it('converts USD transactions at their date, before the first FX bar at the first bar', () => {
    expect(on(d.active, d.active.commission, ['2021-01-28', '2021-02-01'])).toEqual([0.82, 0.82 + 0.5 * 0.83 + 2]);
    expect(msft.totalInvested).toBe(2400 * 0.83);
    expect(msft.totalDividend).toBe(5.6 * 0.85);
    expect(msft.totalCommission).toBeCloseTo(0.82 + 0.415 + 2, 12);
  });

  it('prices USD closes at each day’s rate', () => {
    expect(on(d.active, d.active.value, ['2021-02-01', '2021-03-11', '2021-03-12'])).toEqual([
      10 * close['2021-02-01'] * 0.83,
      10 * close['2021-03-11'] * 0.85,
      10 * close['2021-03-12'] * 0.86,
    ]);
    expect(msft.currentSharePrice).toBe(close['2021-03-12'] * 0.86);
    expect(msft).toMatchObject({ currency: 'USD', quoteCurrency: 'USD', priceSource: 'market', excluded: false });
  });

  it('keeps received dividends out of profit', () => {
    const valueEur = 10 * close['2021-03-12'] * 0.86;
    expect(msft.totalReturn.absolute).toBeCloseTo(valueEur - 2400 * 0.83 - (0.82 + 0.415 + 2), 10);
  });

  it('expects the market’s dividend on the shares held the day before the ex-date, at the ex-date’s rate', () => {
    // Ex-date 2021-02-17: 0.56 USD × 10 shares, EUR=X carried from 2021-02-01.
    expect(d.active.expectedDividend).toBeCloseTo(0.56 * 10 * 0.83, 12);
    expect(d.active.expectedDividendPerQuarter).toEqual({ quarters: ['2021-Q1'], values: [0.56 * 10 * 0.83] });
  });

  it('charts the ticker close in USD and the rate it used', () => {
    expect(d.active.prices.map((price) => [price.symbol, price.currency])).toEqual([
      ['MSFT', 'USD'],
      ['EUR=X', 'EUR'],
    ]);
    const [msftClose, rate] = d.active.prices;
    expect(on(d.active, msftClose.close, ['2021-01-31', '2021-02-01', '2021-02-06'])).toEqual([
      Number.NaN,
      close['2021-02-01'],
      242.1999969482422,
    ]);
    expect(on(d.active, rate.close, ['2021-01-28', '2021-01-29', '2021-03-12'])).toEqual([Number.NaN, 0.82, 0.86]);
  });
});
