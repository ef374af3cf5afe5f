/** DEGIRO's account costs are commissions of one account-level entry: counted in the totals, never priced. */
import { describe, expect, it } from 'vitest';
import { PortfolioEngine } from '#src/worker/engine';
import { chart, commission, derive, stock, transactionSet } from '#helpers/worker/portfolio';

const rows = [
  stock('VWCE.DE', '2024-01-02', 2, 200),
  commission('VWCE.DE', '2024-01-02', 2),
  commission('DEGIRO-COSTS', '2024-01-31', 2.5),
  commission('DEGIRO-COSTS', '2024-02-29', 2.5, 'USD'),
];

describe('a ticker of commissions only', () => {
  it('is not asked for quotes (its currency’s rate still is)', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet(rows));
    expect(engine.symbolsToRequest()).toEqual(['EUR=X', 'VWCE.DE']);
  });

  it('counts in the commissions and the profit, and is missing nothing', () => {
    const d = derive(
      rows,
      [
        chart('VWCE.DE', { currency: 'EUR', bars: [['2024-01-02', 110]] }),
        chart('EUR=X', { currency: 'EUR', bars: [['2024-01-01', 0.9]] }),
      ],
      '2024-03-01',
    );
    expect(d.summary.missingSymbols).toEqual([]);
    expect(d.summary.totalCommission).toBeCloseTo(2 + 2.5 + 2.5 * 0.9, 10);
    expect(d.tickers['DEGIRO-COSTS']).toMatchObject({
      amountOfShares: 0,
      trades: 0,
      portfolioValue: 0,
      missingSymbols: [],
      excluded: false,
    });
    // A position has trades; the account's costs have none (the holdings page lists them apart).
    expect(d.tickers['VWCE.DE']).toMatchObject({ amountOfShares: 2, trades: 1 });
  });
});
