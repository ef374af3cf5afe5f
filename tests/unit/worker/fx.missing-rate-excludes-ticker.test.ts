/** Without EUR=X a USD ticker is never valued as if USD were EUR: it is left out and named, until the rate arrives. */
import { describe, expect, it } from 'vitest';
import { PortfolioEngine } from '#src/worker/engine';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';

const rows = [stock('KO', '2024-01-02', 10, 600, 'USD'), stock('SAP.DE', '2024-01-02', 2, 300)];
const ko = chart('KO', { currency: 'USD', bars: [['2024-01-02', 61]] });
const sap = chart('SAP.DE', { currency: 'EUR', bars: [['2024-01-02', 151]] });

describe('a USD ticker whose exchange rate is missing', () => {
  it('is excluded from the summary and the charts, with the missing symbol named', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet(rows));
    engine.setQuotes([ko, sap, { symbol: 'EUR=X', error: 'Not Found' }]);
    const d = engine.derive('2024-01-03', null);

    expect(d.summary).toMatchObject({
      portfolioValue: 302,
      totalInvested: 300,
      excludedTickers: ['KO'],
      missingSymbols: ['EUR=X'],
    });
    expect(d.tickers.KO).toMatchObject({
      excluded: true,
      amountOfShares: 10,
      currentSharePrice: null,
      missingSymbols: ['EUR=X'],
    });
    expect(d.tickers.KO.portfolioValue).toBeNaN();
    expect(d.active.tickers).toEqual(['SAP.DE']);
    expect(Array.from(d.active.value)).toEqual([0, 302, 302]);
  });

  it('joins the figures once the rate is set', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet(rows));
    engine.setQuotes([ko, sap]);
    expect(engine.derive('2024-01-03', null).summary.excludedTickers).toEqual(['KO']);

    engine.setQuotes([chart('EUR=X', { currency: 'EUR', bars: [['2024-01-01', 0.9]] })]);
    const d = engine.derive('2024-01-03', null);
    expect(d.summary.excludedTickers).toEqual([]);
    expect(d.tickers.KO.portfolioValue).toBe(10 * 61 * 0.9);
    expect(d.summary.portfolioValue).toBe(302 + 10 * 61 * 0.9);
  });
});
