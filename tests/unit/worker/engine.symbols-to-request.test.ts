/** The symbols the machines must fetch: every ticker plus the exchange rates its currencies need. */
import { describe, expect, it } from 'vitest';
import { PortfolioEngine } from '#src/worker/engine';
import { chart, dividend, stock, transactionSet } from '#helpers/worker/portfolio';

describe('symbols to request', () => {
  it('adds EUR=X for USD transactions, sorted and without duplicates', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(
      transactionSet([
        stock('VWCE.DE', '2024-01-02', 1, 100),
        stock('KO', '2024-01-02', 1, 60, 'USD'),
        dividend('SAP.DE', '2024-03-01', 2, 'USD'),
      ]),
    );
    expect(engine.symbolsToRequest()).toEqual(['EUR=X', 'KO', 'SAP.DE', 'VWCE.DE']);
    expect(engine.firstTransactionDate()).toBe('2024-01-02');
  });

  it('asks nothing for an ISIN placeholder (it has no price source) but the rate its USD trades need, and values it at its trade price', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(
      transactionSet([stock('US0378331005', '2024-01-02', 2, 300, 'USD'), stock('VWCE.DE', '2024-01-02', 1, 100)]),
    );
    expect(engine.symbolsToRequest()).toEqual(['EUR=X', 'VWCE.DE']);
    engine.setQuotes([chart('EUR=X', { currency: 'EUR', bars: [['2024-01-02', 0.9]] })]);
    const placeholder = engine.derive('2024-01-03', null).tickers['US0378331005'];
    expect(placeholder.priceSource).toBe('provisional');
    expect(placeholder.portfolioValue).toBeCloseTo(270, 6);
  });

  it('adds the rate a quote’s own currency needs once the quote is known', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(
      transactionSet([stock('NESN.SW', '2024-01-02', 1, 100), stock('SHOP.TO', '2024-01-02', 1, 60)]),
    );
    engine.setQuotes([
      chart('NESN.SW', { currency: 'CHF', bars: [['2024-01-02', 100]] }),
      chart('SHOP.TO', { currency: 'CAD', bars: [['2024-01-02', 90]] }),
    ]);
    expect(engine.symbolsToRequest()).toEqual(['CADEUR=X', 'CHFEUR=X', 'NESN.SW', 'SHOP.TO']);
  });

  it('converts a CHF quote through CHFEUR=X', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet([stock('NESN.SW', '2024-01-02', 1, 100)]));
    engine.setQuotes([
      chart('NESN.SW', { currency: 'CHF', bars: [['2024-01-02', 100]] }),
      chart('CHFEUR=X', { currency: 'EUR', bars: [['2024-01-02', 1.05]] }),
    ]);
    expect(engine.derive('2024-01-03', null).tickers['NESN.SW'].currentSharePrice).toBe(105);
  });
});
