/**
 * One EUR account over a year: a deposit, a buy, a withdrawal mid-period, negative interest. Every
 * expected number is worked out below from SEMANTICS.md ("Cash", "TWR", "MWR"), not from the engine.
 *
 *   2023-01-02  deposit +1000 EUR; buy 10 X for 500 EUR (X closes 50)
 *   2023-07-03  withdrawal −200 EUR (X closes 55)
 *   2023-10-02  interest −1 EUR (negative interest)
 *   2024-01-02  asOf (X closes 60)
 *
 * Grid: 2023-01-01 (index 0) to 2024-01-02 (index 366); 2023-07-03 is index 183, 2023-10-02 index 274.
 * cash:        index 1: 1000 − 500 = 500; 183: 300; 274: 299.
 * securities:  1..182: 10 × 50 = 500; 183..365: 550; 366: 600.
 * accountValue: 1: 1000; 183: 850; 274: 849; 366: 899.   netDeposits: 1000, then 800 from 183.
 * gain = 899 − 800 = 99 (the interest is the 1 between it and the securities' profit of 100).
 * TWR (V = accountValue, B = In, S = Out): r[1] = 1000/(0 + 1000) − 1 = 0; r[183] = (850 + 200)/1000 − 1
 *   = 0.05; r[274] = 849/850 − 1; r[366] = 899/849 − 1; elsewhere 0. Growth = 1.05 × 899/850.
 * 1Y: P = 2023-01-02 (index 1), growth 1 there, 365 days: annualised = cumulative. YTD and 1M start
 *   after 2023-10-02: 899/849 − 1.
 * MWR MAX: P = index 0, V[P] = 0 left out; flows −1000 at day 1, +200 at day 183, +899 at day 366.
 * MWR 1Y: P = index 1: −V[P] = −1000 at 0, +200 at day 182, +899 at day 365 (days after P).
 */
import { describe, expect, it } from 'vitest';
import { PortfolioEngine } from '#src/worker/engine';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';

const set = {
  ...transactionSet([stock('X', '2023-01-02', 10, 500)]),
  cash: [
    { type: 'cash' as const, kind: 'deposit' as const, date: '2023-01-02', value: 1000, currency: 'EUR' as const },
    { type: 'cash' as const, kind: 'withdrawal' as const, date: '2023-07-03', value: -200, currency: 'EUR' as const },
    { type: 'cash' as const, kind: 'interest' as const, date: '2023-10-02', value: -1, currency: 'EUR' as const },
  ],
};
const quotes = [
  chart('X', {
    currency: 'EUR',
    bars: [
      ['2023-01-02', 50],
      ['2023-07-03', 55],
      ['2024-01-02', 60],
    ],
  }),
];

/** Σ flow × (1 + x)^(−days / 365): the MWR equation of SEMANTICS.md, 0 at the rate. */
function presentValue(ratePercent: number, flows: ReadonlyArray<readonly [number, number]>): number {
  return flows.reduce((sum, [days, amount]) => sum + amount * (1 + ratePercent / 100) ** (-days / 365), 0);
}

describe('an account with a withdrawal mid-period and negative interest', () => {
  const engine = new PortfolioEngine();
  engine.setTransactions(set);
  engine.setQuotes(quotes);
  const d = engine.derive('2024-01-02', null);
  const account = d.account;
  if (!account?.ok) throw new Error('expected account figures');

  it('carries the cash, the account value and the net deposits', () => {
    expect(d.active.firstDay).toBe('2023-01-01');
    expect(account.cash).toEqual({ EUR: 299 });
    expect([1, 182, 183, 273, 274, 365, 366].map((i) => account.accountValue[i])).toEqual([
      1000, 1000, 850, 850, 849, 849, 899,
    ]);
    expect([0, 1, 182, 183, 366].map((i) => account.netDeposits[i])).toEqual([0, 1000, 1000, 800, 800]);
    expect(account.gain).toBeCloseTo(99, 9);
  });

  it('keeps interest in the cash only: the securities’ profit is 100, no commission', () => {
    expect(d.summary.totalReturn.absolute).toBe(100);
    expect(d.summary.totalCommission).toBe(0);
  });

  it('takes the withdrawal out at the end of its day in the TWR on deposits', () => {
    const cumulative = (1.05 * (899 / 850) - 1) * 100;
    expect(account.periods.MAX.cumulative).toBeCloseTo(cumulative, 9);
    expect(account.periods.MAX.annualised).toBeCloseTo(((1.05 * 899) / 850) ** (365 / 366) * 100 - 100, 9);
    expect(account.periods['1Y'].cumulative).toBeCloseTo(cumulative, 9);
    expect(account.periods['1Y'].annualised).toBeCloseTo(cumulative, 9);
    // YTD (P = 2023-12-31) and 1M (P = 2023-12-02) start after the interest: only r[366] is in them.
    expect(account.periods.YTD.cumulative).toBeCloseTo((899 / 849 - 1) * 100, 9);
    expect(account.periods['1M'].cumulative).toBeCloseTo((899 / 849 - 1) * 100, 9);
    expect(account.periods['3Y']).toEqual({ cumulative: null, annualised: null });
  });

  it('solves the MWR on deposits from the deposits and withdrawals only', () => {
    const max = account.mwr.MAX as number;
    const oneYear = account.mwr['1Y'] as number;
    expect(
      Math.abs(
        presentValue(max, [
          [1, -1000],
          [183, 200],
          [366, 899],
        ]),
      ),
    ).toBeLessThan(1e-8);
    expect(
      Math.abs(
        presentValue(oneYear, [
          [0, -1000],
          [182, 200],
          [365, 899],
        ]),
      ),
    ).toBeLessThan(1e-8);
    // A gain of 99 on about 1000 for half a year and 800 after: about 11 % a year.
    expect(max).toBeGreaterThan(10);
    expect(max).toBeLessThan(13);
  });
});
