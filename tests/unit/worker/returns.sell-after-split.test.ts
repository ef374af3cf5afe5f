/**
 * AAPL (recorded: a 4:1 split on 2020-08-31, split-adjusted closes): a buy before the split, buys on and
 * after it, then a sell. Amounts dated before a split count in today's units; a split after `asOf`
 * still applies, because the closes are adjusted for it.
 */
import { describe, expect, it } from 'vitest';
import { chart, derive, fixtureEntry, on, stock } from '#helpers/worker/portfolio';

const rows = [
  stock('AAPL', '2020-08-27', 10, 5000, 'USD'),
  stock('AAPL', '2020-08-31', 1, 130, 'USD'),
  stock('AAPL', '2020-09-15', 8, 924, 'USD'),
  stock('AAPL', '2020-10-01', -20, -2336, 'USD'),
];
const quotes = [
  fixtureEntry('AAPL-dividend-split.recorded.json', 'AAPL'),
  chart('EUR=X', { currency: 'EUR', bars: [['2020-08-03', 0.85]] }),
];
const close = { '2020-08-31': 129.0399932861328, '2020-09-15': 115.54000091552734, '2020-10-05': 116.5 };

describe('a sell after a split between two buys', () => {
  const d = derive(rows, quotes, '2020-10-05');
  const amounts = d.active.transactions.stock.aggregatedAmounts;

  it('multiplies only amounts dated before the split day', () => {
    expect(on(d.active, amounts, ['2020-08-27', '2020-08-31', '2020-09-15', '2020-10-01'])).toEqual([40, 41, 49, 29]);
    expect(on(d.active, d.active.transactions.stock.amounts, ['2020-08-27'])).toEqual([40]);
  });

  it('prices the pre-split buy provisionally per adjusted share until the first bar', () => {
    const provisionalEur = (5000 * 0.85) / 40;
    expect(on(d.active, d.active.value, ['2020-08-27', '2020-08-30'])).toEqual([
      40 * provisionalEur,
      40 * provisionalEur,
    ]);
    expect(on(d.active, d.active.value, ['2020-08-31', '2020-09-15'])).toEqual([
      41 * close['2020-08-31'] * 0.85,
      49 * close['2020-09-15'] * 0.85,
    ]);
  });

  it('values what is left after the sell at the adjusted close', () => {
    const aapl = d.tickers.AAPL;
    const investedEur = 5000 * 0.85 + 130 * 0.85 + 924 * 0.85 - 2336 * 0.85;
    expect(aapl.amountOfShares).toBe(29);
    expect(aapl.portfolioValue).toBe(29 * close['2020-10-05'] * 0.85);
    expect(aapl.totalInvested).toBeCloseTo(investedEur, 10);
    expect(aapl.averageSharePrice).toBeCloseTo(investedEur / 29, 10);
  });

  it('counts shares in today’s units even when asOf is before the split', () => {
    const before = derive(rows.slice(0, 1), quotes, '2020-08-28');
    expect(before.tickers.AAPL.amountOfShares).toBe(40);
    expect(before.tickers.AAPL).toMatchObject({ priceSource: 'provisional', currentSharePrice: (5000 * 0.85) / 40 });
  });
});
