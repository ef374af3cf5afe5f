/**
 * The worker's `derive(asOf, active, view)` (intents/prices.ts) on a set with two accounts, one of them
 * without cash: each view's figures are the engine's own for that view (the same set through
 * `PortfolioEngine.setView`), the account figures' code is loaded the first time a view holds cash, the
 * value chart gains its Cash and Account value lines only where the view has cash, and a toggle keeps them.
 */
import { describe, expect, it } from 'vitest';
import type { Account, TransactionSetWithCash } from '#src/model';
import { PortfolioEngine as NodeEngine } from '#src/worker/engine';
import { createWorkerContext } from '#src/worker/intents/context';
import { priceIntents } from '#src/worker/intents/prices';
import { figureDifferences } from '#helpers/worker/compare-figures';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';
import { toExpected } from '#scripts/to-expected';

const ASOF = '2024-01-05';
const accounts: Account[] = [
  { id: 'broker', name: 'DEGIRO' },
  { id: 'pension', name: 'DEGIRO pension' },
];
// The broker's rows name no account: they are in the first. The pension holds no cash at all.
const set: TransactionSetWithCash = {
  ...transactionSet([stock('Y', '2024-01-03', 5, 500), { ...stock('X', '2024-01-04', 3, 300), account: 'pension' }]),
  cash: [
    { type: 'cash', kind: 'deposit', date: '2024-01-02', value: 1000, currency: 'EUR' },
    { type: 'cash', kind: 'interest', date: '2024-01-04', value: 1, currency: 'EUR' },
  ],
};
const quotes = [
  chart('Y', {
    currency: 'EUR',
    bars: [
      ['2024-01-03', 100],
      ['2024-01-05', 110],
    ],
  }),
  chart('X', {
    currency: 'EUR',
    bars: [
      ['2024-01-04', 100],
      ['2024-01-05', 90],
    ],
  }),
];

function engineOwn(view: string | null) {
  const engine = new NodeEngine();
  engine.setTransactions(set);
  engine.setView(view, accounts);
  engine.setQuotes(quotes);
  return engine.derive(ASOF, null);
}

function workerWithTheSet() {
  const context = createWorkerContext();
  context.engine.setTransactions(set);
  context.engine.setAccounts(accounts);
  context.engine.setQuotes(quotes);
  return { context, intents: priceIntents(context) };
}

const valueChart = (charts: {
  charts: Array<{ title: string; shape: { series: Array<{ label: string }> }; columns: unknown[] }>;
}) => {
  const found = charts.charts.find((c) => c.title === 'Portfolio value');
  if (!found) throw new Error('no Portfolio value chart');
  return found;
};

describe('derive(asOf, active, view) in the worker', () => {
  it('starts without the account figures’ code, and loads it the first time a view holds cash', async () => {
    const { context, intents } = workerWithTheSet();
    context.engine.setView('pension');
    expect(context.engine.needsAccountMath()).toBe(false);
    const pension = await intents.derive(ASOF, null, 'pension');
    expect(pension.result.account).toBeNull();
    context.engine.setView(null);
    expect(context.engine.needsAccountMath()).toBe(true);
    const all = await intents.derive(ASOF, null, null);
    expect(all.result.account?.ok).toBe(true);
    expect(context.engine.needsAccountMath()).toBe(false);
  });

  it.each([['broker'], ['pension'], [null]])('gives the engine’s own figures for the view %s', async (view) => {
    const { intents } = workerWithTheSet();
    const { result } = await intents.derive(ASOF, null, view);
    const own = engineOwn(view);
    expect(figureDifferences(toExpected(result), toExpected(own)).slice(0, 10)).toEqual([]);
    expect(result.summary.totalCommission).toBe(own.summary.totalCommission);
  });

  it('draws Cash and Account value on the value chart where the view has cash, and only there', async () => {
    const { intents } = workerWithTheSet();
    const broker = await intents.derive(ASOF, null, 'broker');
    const chartOfBroker = valueChart(broker.result.charts);
    expect(chartOfBroker.shape.series.map((s) => s.label)).toEqual(['Value', 'Invested', 'Cash', 'Account value']);
    const own = engineOwn('broker');
    if (!own.account?.ok) throw new Error('expected the broker’s account figures');
    expect(Array.from(chartOfBroker.columns[3] as Float64Array)).toEqual(Array.from(own.account.cashValue));
    expect(Array.from(chartOfBroker.columns[4] as Float64Array)).toEqual(Array.from(own.account.accountValue));
    const pension = await intents.derive(ASOF, null, 'pension');
    expect(valueChart(pension.result.charts).shape.series.map((s) => s.label)).toEqual(['Value', 'Invested']);
  });

  it('keeps the cash lines through a toggle: the account’s value holds every ticker of the view', async () => {
    const { intents } = workerWithTheSet();
    await intents.derive(ASOF, null, null);
    const own = engineOwn(null);
    if (!own.account?.ok) throw new Error('expected the account figures of every account');
    const toggled = intents.combine(['X']).result;
    const columns = valueChart(toggled.charts).columns;
    expect(Array.from(columns[4] as Float64Array)).toEqual(Array.from(own.account.accountValue));
    expect(Array.from(columns[1] as Float64Array)).toEqual(Array.from(toggled.active.value));
  });
});
