/** No transactions (or none on or before asOf): a one-day grid on asOf, every figure 0, nothing to request. */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet } from '#src/model';
import { PortfolioEngine } from '#src/worker/engine';
import { stock, transactionSet } from '#helpers/worker/portfolio';

const zeroReturn = { absolute: 0, percentage: 0 };

describe('an empty portfolio', () => {
  const engine = new PortfolioEngine();
  engine.setTransactions(emptyTransactionSet());
  const d = engine.derive('2024-05-01', null);

  it('has zero figures and no tickers', () => {
    expect(d.summary).toEqual({
      portfolioValue: 0,
      totalInvested: 0,
      profitExclCommission: 0,
      totalDividend: 0,
      totalCommission: 0,
      dailyReturn: zeroReturn,
      weeklyReturn: zeroReturn,
      monthlyReturn: zeroReturn,
      totalReturn: zeroReturn,
      excludedTickers: [],
      missingSymbols: [],
    });
    expect(d.tickers).toEqual({});
  });

  it('charts asOf alone', () => {
    expect([d.active.firstDay, d.active.lastDay, Array.from(d.active.value)]).toEqual([
      '2024-05-01',
      '2024-05-01',
      [0],
    ]);
    expect(d.active.yieldPerYear).toEqual({ years: ['2024'], yields: [0], profit: [0] });
    expect(d.active.dividendPerQuarter).toEqual({ quarters: ['2024-Q2'], values: [0] });
    expect(d.active.expectedDividend).toBe(0);
    expect(d.active.prices).toEqual([]);
  });

  it('requests nothing and has no first date', () => {
    expect(engine.symbolsToRequest()).toEqual([]);
    expect(engine.firstTransactionDate()).toBeNull();
  });

  it('treats transactions dated after asOf as not there yet', () => {
    const later = new PortfolioEngine();
    later.setTransactions(transactionSet([stock('LATE', '2024-06-01', 1, 100)]));
    const derived = later.derive('2024-05-01', null);
    expect(derived.summary.portfolioValue).toBe(0);
    expect(derived.tickers.LATE).toMatchObject({
      amountOfShares: 0,
      totalInvested: 0,
      currentSharePrice: null,
      priceSource: 'none',
    });
    expect(Array.from(derived.active.value)).toEqual([0]);
    expect(later.firstTransactionDate()).toBe('2024-06-01');
  });
});
