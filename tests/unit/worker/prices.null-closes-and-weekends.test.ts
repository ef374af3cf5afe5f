/** MUV2.DE (recorded, XETRA, EUR): a null close and weekends both carry the latest real close forward. */
import { describe, expect, it } from 'vitest';
import { derive, fixtureEntry, on, stock } from '#helpers/worker/portfolio';

const quotes = [fixtureEntry('MUV2.DE-null-close.json', 'MUV2.DE')];
const days = ['2017-12-18', '2017-12-19', '2017-12-20', '2017-12-22', '2017-12-23', '2017-12-24'];

describe('null closes and weekends', () => {
  const d = derive([stock('MUV2.DE', '2017-12-18', 5, 947)], quotes, '2017-12-24');

  it('skips the null close of 2017-12-19 and carries Friday’s close over the weekend', () => {
    const [muv2] = d.active.prices;
    expect(on(d.active, muv2.close, days)).toEqual([189.4, 189.4, 184.4, 183.5, 183.5, 183.5]);
    expect(on(d.active, d.active.value, days)).toEqual([947, 947, 922, 917.5, 917.5, 917.5]);
  });

  it('reports the carried close as the current market price', () => {
    expect(d.tickers['MUV2.DE']).toMatchObject({
      currentSharePrice: 183.5,
      priceSource: 'market',
      portfolioValue: 917.5,
    });
  });
});
