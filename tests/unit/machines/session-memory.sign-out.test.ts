/**
 * The views the selectors derive (ticker choices, the returns banner, the charts, the price problems, the
 * Income page) are remembered in the signed-in session's memory, which a sign-out replaces: after one
 * user signs out and another signs in, nothing the first user's views were made of comes back, even
 * where the second user's figures are equal to the first's.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  selectChartsSource,
  selectDashboardCharts,
  selectPriceProblems,
  selectReturnsBanner,
  selectTickerChoices,
} from '#src/machines/dashboard-selectors';
import { selectIncomeView } from '#src/machines/income-view';
import { portfolioMachine, type PortfolioSnapshot } from '#src/machines/portfolio-machine';
import type { SetView } from '#src/machines/services/worker-client';
import { groupByTicker, type QuoteEntry, type TransactionSet } from '#src/model';
import type { Outcome } from '#src/model/outcome';
import type { ChartedDerivation, ChartedSeries, PricesLoaded, SettingsView, Timed } from '#src/worker';
import { DashboardCharts } from '#src/worker/dashboard-charts';
import { PortfolioEngine } from '#src/worker/engine';
import { overTheWire, quote, setOf, tx } from '#helpers/ui/dashboard-portfolio';

const ASOF = '2024-06-30';
const asml = tx('ASML.AS', 'stock', '2024-01-02', 2, 1000);
/** Alice: ASML and KO, whose quotes fail. Bob: the same ASML buy, and VWCE: equal ASML charts, other figures. */
const sets: Record<string, TransactionSet> = {
  alice: setOf(asml, tx('KO', 'stock', '2024-02-01', 10, 600, 'USD'), tx('KO', 'dividend', '2024-04-01', 1, 5, 'USD')),
  bob: setOf(asml, tx('VWCE.DE', 'stock', '2024-03-01', 5, 500)),
};
const quotes: QuoteEntry[] = [
  quote('ASML.AS', 'EUR', [
    ['2024-01-02', 500],
    ['2024-06-28', 650],
  ]),
  quote('VWCE.DE', 'EUR', [
    ['2024-03-01', 100],
    ['2024-06-28', 110],
  ]),
  { symbol: 'KO', error: 'No data for KO' },
  quote('EUR=X', 'EUR', [
    ['2023-12-29', 0.9],
    ['2024-06-28', 0.92],
  ]),
];

/** The real portfolio machine, engine and worker's charts; the worker forgets its engine and charts at sign-out, as the real one does. */
function start() {
  let engine = new PortfolioEngine();
  let charts = new DashboardCharts();
  const machine = portfolioMachine.provide({
    actors: {
      loadTransactions: fromPromise<Outcome<SetView>, { idToken: string }>(async ({ input }) => {
        const set = sets[input.idToken]!;
        engine.setTransactions(set);
        let id = 0;
        const listed = {
          stock: set.stock.map((t) => ({ ...t, id: (id += 1) })),
          dividend: set.dividend.map((t) => ({ ...t, id: (id += 1) })),
          commission: set.commission.map((t) => ({ ...t, id: (id += 1) })),
        };
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
      forgetSession: fromPromise<void>(async () => {
        engine = new PortfolioEngine();
        charts = new DashboardCharts();
      }),
      loadSettings: fromPromise<Outcome<SettingsView>, { idToken: string }>(async () => ({
        ok: true,
        settings: { benchmark: null, baseCurrency: 'EUR' },
        needed: { symbols: engine.symbolsToRequest(), firstDate: engine.firstTransactionDate() },
        accounts: [{ id: 'main', name: 'My account' }],
        cash: [],
      })),
      fetchPrices: fromPromise<PricesLoaded, { idToken: string; symbols: string[] | null; firstDate: string | null }>(
        async ({ input: asked }) => {
          // null: every symbol the engine's set needs, as the worker answers the first load's ask.
          const input = { symbols: asked.symbols ?? engine.symbolsToRequest() };
          const entries = quotes.filter((entry) => input.symbols.includes(entry.symbol));
          engine.setQuotes(entries);
          const errors = Object.fromEntries(
            entries.flatMap((entry) => ('error' in entry ? [[entry.symbol, entry.error]] : [])),
          );
          return {
            symbols: engine.symbolsToRequest(),
            firstDate: engine.firstTransactionDate(),
            errors,
            fetched: input.symbols,
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
  return createActor(machine).start();
}

const settled = (s: PortfolioSnapshot) => s.matches({ ready: 'settled' });

/** Every view the UI reads, as the selectors answer them. */
const viewsOf = (s: PortfolioSnapshot) => ({
  choices: selectTickerChoices(s),
  banner: selectReturnsBanner(s),
  source: selectChartsSource(s),
  charts: selectDashboardCharts(s),
  problems: selectPriceProblems(s),
  income: selectIncomeView(s),
});

/** The objects a memory could hand out again: each view, each chart model, its columns and each column. */
function handedOut(views: ReturnType<typeof viewsOf>): Set<object> {
  const objects = new Set<object>();
  const add = (value: unknown) => {
    if (typeof value === 'object' && value !== null) objects.add(value);
  };
  [views.choices, views.banner, views.source, views.charts, views.charts.charts, views.problems, views.income].forEach(
    add,
  );
  views.choices.forEach(add);
  views.problems.forEach(add);
  views.banner?.returns.forEach(add);
  for (const model of views.charts.charts) {
    add(model);
    add(model.columns);
    model.columns.forEach(add);
  }
  return objects;
}

describe("the views' memory ends with the session", () => {
  it("after a sign-out and a sign-in as another user, no object of the first user's views is returned", async () => {
    const actor = start();
    actor.send({ type: 'session.changed', idToken: 'alice' });
    const alice = await waitFor(actor, settled);
    const aliceViews = viewsOf(alice);
    expect(aliceViews.choices.map((choice) => choice.ticker)).toEqual(['ASML.AS', 'KO']);
    expect(aliceViews.problems).toEqual([{ symbol: 'KO', message: 'No data for KO' }]);
    expect(aliceViews.charts.charts.length).toBeGreaterThan(0);
    expect(aliceViews.income).not.toBeNull();
    const aliceObjects = handedOut(aliceViews);
    const aliceAsml = aliceViews.charts.charts.find((chart) => chart.title === 'Yahoo Data: ASML.AS')!;

    actor.send({ type: 'session.changed', idToken: null });
    const signedOut = await waitFor(actor, (s) => s.matches('idle'));
    expect(signedOut.context.memory).not.toBe(alice.context.memory);
    const empty = viewsOf(signedOut);
    expect(empty).toMatchObject({
      choices: [],
      banner: null,
      charts: { charts: [], noneChecked: false },
      problems: [],
      income: null,
    });
    for (const object of handedOut(empty)) expect(aliceObjects.has(object)).toBe(false);

    actor.send({ type: 'session.changed', idToken: 'bob' });
    const bob = await waitFor(actor, settled);
    const bobViews = viewsOf(bob);
    expect(bobViews.choices.map((choice) => choice.ticker)).toEqual(['ASML.AS', 'VWCE.DE']);
    expect(bobViews.problems).toEqual([]);
    // Bob's ASML chart holds what Alice's held: a memory shared across sessions would hand hers back.
    const bobAsml = bobViews.charts.charts.find((chart) => chart.title === 'Yahoo Data: ASML.AS')!;
    expect(bobAsml.columns).toEqual(aliceAsml.columns);
    const reused = [...handedOut(bobViews)].filter((object) => aliceObjects.has(object));
    expect(reused).toEqual([]);
  });

  it('within one session the views stay the same objects while the data does not change', async () => {
    const actor = start();
    actor.send({ type: 'session.changed', idToken: 'alice' });
    const snapshot = await waitFor(actor, settled);
    const first = viewsOf(snapshot);
    const again = viewsOf(actor.getSnapshot());
    for (const key of Object.keys(first) as Array<keyof typeof first>) expect(again[key]).toBe(first[key]);
  });
});
