/**
 * The account's selectors (machines/account-selectors.ts) on the real portfolio machine with the real
 * engine and the worker's charts: they read the engine's own figures, none computed on the page; a set
 * without cash gives none, and a missing exchange rate says why instead of a number.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { selectAccountSummary, selectDepositReturns } from '#src/machines/account-selectors';
import { portfolioMachine, type PortfolioSnapshot } from '#src/machines/portfolio-machine';
import type { SetView } from '#src/machines/services/worker-client';
import { groupByTicker, type QuoteEntry, type TransactionSet } from '#src/model';
import type { Outcome } from '#src/model/outcome';
import type { ChartedDerivation, ChartedSeries, PricesLoaded, Timed } from '#src/worker';
import { DashboardCharts } from '#src/worker/dashboard-charts';
import { PortfolioEngine } from '#src/worker/engine';
import { overTheWire, quote, setOf, tx } from '#helpers/ui/dashboard-portfolio';

const ASOF = '2024-06-30';
const securities = setOf(tx('ASML.AS', 'stock', '2024-01-02', 2, 1000));
const withCash: TransactionSet = {
  ...securities,
  cash: [
    { type: 'cash', kind: 'deposit', date: '2024-01-02', value: 1500, currency: 'EUR' },
    { type: 'cash', kind: 'conversion', date: '2024-02-01', value: -200, currency: 'EUR' },
    { type: 'cash', kind: 'conversion', date: '2024-02-01', value: 215, currency: 'USD' },
    { type: 'cash', kind: 'fee', date: '2024-03-01', value: -2.5, currency: 'EUR' },
  ],
};
const asml = quote('ASML.AS', 'EUR', [
  ['2024-01-02', 500],
  ['2024-06-28', 650],
]);
const eurPerUsd = quote('EUR=X', 'EUR', [
  ['2023-12-29', 0.9],
  ['2024-06-28', 0.92],
]);

function start(set: TransactionSet, quotes: QuoteEntry[]) {
  const engine = new PortfolioEngine();
  const charts = new DashboardCharts();
  const machine = portfolioMachine.provide({
    actors: {
      loadTransactions: fromPromise<Outcome<SetView>, { idToken: string }>(async () => {
        engine.setTransactions(set);
        let id = 0;
        const listed = { stock: set.stock.map((t) => ({ ...t, id: (id += 1) })), dividend: [], commission: [] };
        return {
          ok: true,
          transactions: listed,
          byTicker: groupByTicker(listed),
          version: '"1"',
          revisions: {},
          needed: { symbols: engine.symbolsToRequest(), firstDate: engine.firstTransactionDate() },
          accounts: [{ id: 'main', name: 'My account' }],
          cash: [],
        };
      }),
      fetchPrices: fromPromise<PricesLoaded, { idToken: string; symbols: string[] | null; firstDate: string | null }>(
        async () => {
          engine.setQuotes(quotes);
          return {
            symbols: engine.symbolsToRequest(),
            firstDate: engine.firstTransactionDate(),
            errors: {},
            fetched: quotes.map((entry) => entry.symbol),
          };
        },
      ),
      derive: fromPromise<Timed<ChartedDerivation>, { asOf: string; active: string[] | null; view: string | null }>(
        async ({ input }) => ({
          result: overTheWire(charts.derived(engine.derive(ASOF, input.active), input.active)),
          computeMs: 0,
        }),
      ),
      combine: fromPromise<Timed<ChartedSeries>, { active: string[] }>(async ({ input }) => ({
        result: overTheWire(charts.combined(engine.combine(input.active), input.active)),
        computeMs: 0,
      })),
    },
  });
  const actor = createActor(machine).start();
  actor.send({ type: 'session.changed', idToken: 'token' });
  return { actor, engine };
}

const settled = (s: PortfolioSnapshot) => s.matches({ ready: 'settled' });

describe('the account selectors', () => {
  it('read the cash per currency (the euro first), the account value, net deposits, gain and the return on deposits off the engine', async () => {
    const { actor, engine } = start(withCash, [asml, eurPerUsd]);
    const snapshot = await waitFor(actor, settled);
    const own = engine.derive(ASOF, null).account;
    if (!own?.ok) throw new Error('expected the engine’s account figures');
    expect(selectAccountSummary(snapshot)).toEqual({
      ok: true,
      base: 'EUR',
      perCurrency: [
        { currency: 'EUR', amount: own.cash.EUR },
        { currency: 'USD', amount: 215 },
      ],
      cashInBase: own.onAsOf.cashValue,
      accountValue: own.onAsOf.accountValue,
      netDeposits: 1500,
      gain: own.gain,
    });
    // The same object until the data changes.
    expect(selectAccountSummary(actor.getSnapshot())).toBe(selectAccountSummary(snapshot));
    const returns = selectDepositReturns(snapshot);
    expect(returns?.periods).toEqual(own.periods);
    expect(returns?.mwr).toEqual(own.mwr);
  });

  it('give nothing for a set without cash', async () => {
    const { actor } = start(securities, [asml]);
    const snapshot = await waitFor(actor, settled);
    expect(selectAccountSummary(snapshot)).toBeNull();
    expect(selectDepositReturns(snapshot)).toBeNull();
  });

  it('say which rate is missing, and give no return on deposits, when the cash’s rate has no quote', async () => {
    const { actor } = start(withCash, [asml, { symbol: 'EUR=X', error: 'No data' }]);
    const snapshot = await waitFor(actor, settled);
    expect(selectAccountSummary(snapshot)).toEqual({ ok: false, reason: expect.stringContaining('EUR=X') });
    expect(selectDepositReturns(snapshot)).toBeNull();
  });
});
