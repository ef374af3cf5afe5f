/** The benchmark workloads (also used to seed the browser benchmark) are the same on every run and complete. */
import { describe, expect, it } from 'vitest';
import { countTransactions } from '#src/model';
import { PortfolioEngine } from '#src/worker/engine';
import { makeWorkload } from '#bench/workloads/make-workload';
import { columnsFromChart } from '#server/quotes/quote-columns';

describe('makeWorkload', () => {
  it('builds the same M workload from the same seed, and another from another seed', () => {
    expect(JSON.stringify(makeWorkload('M'))).toBe(JSON.stringify(makeWorkload('M')));
    expect(JSON.stringify(makeWorkload('M', 'other seed'))).not.toBe(JSON.stringify(makeWorkload('M')));
  });

  it("gives the engine each symbol's quotes as the server answers its chart in a market folder", () => {
    const workload = makeWorkload('M');
    expect(workload.charts.map(({ symbol }) => symbol)).toEqual(workload.quotes.map(({ symbol }) => symbol));
    workload.charts.forEach(({ symbol, chart }, k) => {
      expect(columnsFromChart(symbol, chart, 'files'), symbol).toEqual(workload.quotes[k]);
    });
    expect(workload.quotes.some((entry) => entry.splits.days.length > 0)).toBe(true);
    expect(workload.quotes.some((entry) => entry.dividends.days.length > 0)).toBe(true);
  });

  it('holds 20 tickers over 15 years and 2,000 transactions, with every symbol the engine asks for', () => {
    const workload = makeWorkload('M');
    expect(countTransactions(workload.transactions)).toBe(2_000);
    const engine = new PortfolioEngine();
    engine.setTransactions(workload.transactions);
    engine.setQuotes(workload.quotes);
    expect(engine.symbolsToRequest()).toEqual(workload.quotes.map((entry) => entry.symbol).sort());
    const d = engine.derive(workload.asOf, null);
    expect(Object.keys(d.tickers)).toHaveLength(20);
    expect(d.summary.missingSymbols).toEqual([]);
    expect([d.active.firstDay, d.active.lastDay]).toEqual(['2010-01-03', '2024-12-31']);
    expect(d.summary.portfolioValue).toBeGreaterThan(0);
  });

  it('holds 200 tickers over 30 years and 50,000 transactions in XL, every symbol there', () => {
    const workload = makeWorkload('XL');
    expect(countTransactions(workload.transactions)).toBe(50_000);
    const tickers = new Set(
      Object.values(workload.transactions).flatMap((rows) => rows.map((row: { ticker: string }) => row.ticker)),
    );
    expect(tickers.size).toBe(200);
    expect(workload.quotes).toHaveLength(200 + 3);
    const engine = new PortfolioEngine();
    engine.setTransactions(workload.transactions);
    engine.setQuotes(workload.quotes);
    expect(engine.symbolsToRequest()).toEqual(workload.quotes.map((entry) => entry.symbol).sort());
  });

  it("gives L a deposit every month and a few withdrawals beside the set, and M none; the engine derives L's account from them", () => {
    expect(makeWorkload('M').cash).toEqual([]);
    const workload = makeWorkload('L');
    const deposits = workload.cash.filter((row) => row.kind === 'deposit');
    const withdrawals = workload.cash.filter((row) => row.kind === 'withdrawal');
    // 30 years of months, one deposit each (the range starts mid-month: 361 first weekdays).
    expect(new Set(deposits.map((row) => row.date.slice(0, 7))).size).toBe(deposits.length);
    expect(deposits.length).toBeGreaterThanOrEqual(360);
    expect(withdrawals.length).toBeGreaterThanOrEqual(5);
    expect(workload.cash.every((row) => (row.kind === 'deposit' ? row.value > 0 : row.value < 0))).toBe(true);
    expect('cash' in workload.transactions).toBe(false);
    const engine = new PortfolioEngine();
    engine.setTransactions({ ...workload.transactions, cash: workload.cash });
    engine.setQuotes(workload.quotes);
    const account = engine.derive(workload.asOf, null).account;
    if (!account?.ok) throw new Error(`expected the account's figures, got ${JSON.stringify(account)}`);
    const net = workload.cash.reduce((sum, row) => sum + row.value, 0);
    expect(account.onAsOf.netDeposits).toBeCloseTo(net, 6);
    expect(account.periods.MAX.cumulative).not.toBeNull();
  });
});
