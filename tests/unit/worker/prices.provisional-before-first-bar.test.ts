/** Before a ticker's first bar, held shares are worth what the latest buy day paid; shares sold first are worth 0. */
import { describe, expect, it } from 'vitest';
import { chart, derive, on, stock } from '#helpers/worker/portfolio';

const days = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'];

describe('prices before the first bar', () => {
  it('pools one day’s buys into the provisional price', () => {
    const d = derive(
      [stock('NEW', '2024-01-01', 4, 400), stock('NEW', '2024-01-01', 2, 230), stock('NEW', '2024-01-03', 2, 220)],
      [chart('NEW', { currency: 'EUR', bars: [['2024-01-05', 110]] })],
      '2024-01-05',
    );
    // 2024-01-01: 630 / 6 = 105 per share; from 2024-01-03 the latest buy day's 110.
    expect(on(d.active, d.active.value, days)).toEqual([6 * 105, 6 * 105, 8 * 110, 8 * 110, 8 * 110]);
    expect(d.tickers.NEW.priceSource).toBe('market');
  });

  it('values shares sold before any buy at 0 until the market speaks', () => {
    const d = derive(
      [stock('SHORT', '2024-01-02', -2, -200)],
      [chart('SHORT', { currency: 'EUR', bars: [['2024-01-05', 50]] })],
      '2024-01-05',
    );
    expect(on(d.active, d.active.value, days.slice(1))).toEqual([0, 0, 0, -100]);
  });

  it('divides the buy by split-adjusted shares when a split comes before the first bar', () => {
    const d = derive(
      [stock('SPLIT', '2024-01-01', 10, 1000)],
      [chart('SPLIT', { currency: 'EUR', bars: [['2024-01-05', 52]], splits: [['2024-01-03', 2, 1]] })],
      '2024-01-05',
    );
    expect(on(d.active, d.active.value, days)).toEqual([1000, 1000, 1000, 1000, 1040]);
  });

  it('prices a ticker without any quote at its buys, and says so', () => {
    const d = derive(
      [stock('NOQUOTE', '2024-01-02', 3, 300)],
      [{ symbol: 'NOQUOTE', error: 'Not Found' }],
      '2024-01-05',
    );
    expect(d.tickers.NOQUOTE).toMatchObject({
      portfolioValue: 300,
      currentSharePrice: 100,
      priceSource: 'provisional',
      missingSymbols: ['NOQUOTE'],
    });
    expect(d.summary.missingSymbols).toEqual(['NOQUOTE']);
    expect(d.active.prices).toEqual([]);
  });
});
