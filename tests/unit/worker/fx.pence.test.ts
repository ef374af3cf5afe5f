/** OCDO.L (recorded) is quoted in GBp: closes and dividends are divided by 100 and converted through GBPEUR=X. */
import { describe, expect, it } from 'vitest';
import { PortfolioEngine } from '#src/worker/engine';
import { chart, fixtureEntry, stock, transactionSet } from '#helpers/worker/portfolio';

const gbpEur = chart('GBPEUR=X', {
  currency: 'EUR',
  timeZone: 'Europe/London',
  hourUtc: 0,
  bars: [
    ['2019-12-31', 1.17],
    ['2020-01-02', 1.18],
  ],
});

describe('a ticker quoted in pence', () => {
  it('asks for GBPEUR=X once its quote says GBp', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet([stock('OCDO.L', '2020-01-02', 100, 1480)]));
    expect(engine.symbolsToRequest()).toEqual(['OCDO.L']);
    engine.setQuotes([fixtureEntry('OCDO.L-pence.recorded.json', 'OCDO.L')]);
    expect(engine.symbolsToRequest()).toEqual(['GBPEUR=X', 'OCDO.L']);
  });

  it('values 1259.5 GBp as 12.595 GBP at the day’s GBP rate', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet([stock('OCDO.L', '2020-01-02', 100, 1480)]));
    engine.setQuotes([fixtureEntry('OCDO.L-pence.recorded.json', 'OCDO.L'), gbpEur]);
    const d = engine.derive('2020-01-03', null);
    expect(d.tickers['OCDO.L']).toMatchObject({
      quoteCurrency: 'GBp',
      currentSharePrice: (1259.5 / 100) * 1.18,
      excluded: false,
    });
    expect(d.summary.portfolioValue).toBeCloseTo(1486.21, 9);
    expect(d.active.prices.map((price) => [price.symbol, price.currency])).toEqual([
      ['OCDO.L', 'GBp'],
      ['GBPEUR=X', 'EUR'],
    ]);
  });

  it('expects a pence dividend in EUR at the ex-date’s rate', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet([stock('TSCO.L', '2019-12-30', 100, 290)]));
    engine.setQuotes([
      chart('TSCO.L', {
        currency: 'GBp',
        bars: [
          ['2019-12-30', 250],
          ['2020-01-02', 252],
        ],
        dividends: [['2020-01-02', 5]],
      }),
      gbpEur,
    ]);
    const d = engine.derive('2020-01-03', null);
    expect(d.active.expectedDividend).toBeCloseTo((5 / 100) * 100 * 1.18, 12);
    expect(d.active.expectedDividendPerQuarter.quarters).toEqual(['2019-Q4', '2020-Q1']);
    expect(d.active.expectedDividendPerQuarter.values[0]).toBe(0);
  });

  it('is left out, with GBPEUR=X named, while that rate is missing', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet([stock('OCDO.L', '2020-01-02', 100, 1480)]));
    engine.setQuotes([fixtureEntry('OCDO.L-pence.recorded.json', 'OCDO.L')]);
    const d = engine.derive('2020-01-03', null);
    expect(d.tickers['OCDO.L']).toMatchObject({ excluded: true, missingSymbols: ['GBPEUR=X'] });
    expect(d.summary.portfolioValue).toBe(0);
  });
});
