import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  selectDashboardCharts,
  selectHasCharts,
  selectPriceProblems,
  selectReturnsBanner,
  selectTickerChoices,
} from '#src/machines/dashboard-selectors';
import { portfolioMachine, type PortfolioSnapshot } from '#src/machines/portfolio-machine';
import type { SetView } from '#src/machines/services/worker-client';
import { groupByTicker, type QuoteEntry, type TransactionSet } from '#src/model';
import type { Outcome } from '#src/model/outcome';
import type { ChartedDerivation, ChartedSeries, PricesLoaded, Timed } from '#src/worker';
import { DashboardCharts } from '#src/worker/dashboard-charts';
import { PortfolioEngine } from '#src/worker/engine';
import { ASML_AND_KO, overTheWire, setOf, tx } from '#helpers/ui/dashboard-portfolio';

const ASOF = '2024-06-30';
const { set: portfolio, quotes } = ASML_AND_KO;

/** The real portfolio machine, the real engine and the worker's charts; the server is replaced, and the worker's answers cross as messages do. */
function start(
  set: TransactionSet,
  fetchPrices: (engine: PortfolioEngine) => Promise<QuoteEntry[]> = async () => quotes,
) {
  const engine = new PortfolioEngine();
  const charts = new DashboardCharts();
  const machine = portfolioMachine.provide({
    actors: {
      // The worker loads the set and derives from it from then on.
      loadTransactions: fromPromise<Outcome<SetView>, { idToken: string }>(async () => {
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
      fetchPrices: fromPromise<PricesLoaded, { idToken: string; symbols: string[] | null; firstDate: string | null }>(
        async () => {
          const entries = await fetchPrices(engine);
          engine.setQuotes(entries);
          const errors = Object.fromEntries(
            entries.flatMap((entry) => ('error' in entry ? [[entry.symbol, entry.error]] : [])),
          );
          return {
            symbols: engine.symbolsToRequest(),
            firstDate: engine.firstTransactionDate(),
            errors,
            fetched: entries.map((entry) => entry.symbol),
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
  return actor;
}

const settled = (s: PortfolioSnapshot) => s.matches({ ready: 'settled' });
const titles = (s: PortfolioSnapshot) => selectDashboardCharts(s).charts.map((chart) => chart.title);

describe('dashboard selectors on the portfolio machine', () => {
  it('checks every ticker at first and charts them all', async () => {
    const actor = start(portfolio);
    const snapshot = await waitFor(actor, settled);
    expect(selectHasCharts(snapshot)).toBe(true);
    expect(selectTickerChoices(snapshot)).toEqual([
      { ticker: 'ASML.AS', checked: true },
      { ticker: 'KO', checked: true },
    ]);
    expect(titles(snapshot).filter((title) => title.startsWith('Yahoo Data'))).toEqual([
      'Yahoo Data: ASML.AS',
      'Yahoo Data: KO',
      'Yahoo Data: EUR=X',
    ]);
    expect(selectReturnsBanner(snapshot)?.portfolioValue).toBeCloseTo(2 * 650 + 10 * 62 * 0.92, 9);
  });

  it('answers with the same objects until the data changes, so React does not re-render', async () => {
    const actor = start(portfolio);
    const snapshot = await waitFor(actor, settled);
    const again = actor.getSnapshot();
    expect(selectDashboardCharts(again)).toBe(selectDashboardCharts(snapshot));
    expect(selectTickerChoices(again)).toBe(selectTickerChoices(snapshot));
    expect(selectReturnsBanner(again)).toBe(selectReturnsBanner(snapshot));
  });

  it('unchecking KO drops its price charts and its dividend; unchecking all leaves a hint and no charts', async () => {
    const actor = start(portfolio);
    const before = await waitFor(actor, settled);
    const dividendBefore = selectDashboardCharts(before).charts.find((chart) => chart.title === 'Aggregated Dividend')!
      .columns[1] as Float64Array;
    expect(dividendBefore.at(-1)).toBeCloseTo(4.5, 9);

    actor.send({ type: 'tickers.toggle', ticker: 'KO' });
    const withoutKo = await waitFor(
      actor,
      (s) => settled(s) && s.context.derivation?.active.tickers.join() === 'ASML.AS',
    );
    expect(selectTickerChoices(withoutKo)).toEqual([
      { ticker: 'ASML.AS', checked: true },
      { ticker: 'KO', checked: false },
    ]);
    expect(titles(withoutKo).filter((title) => title.startsWith('Yahoo Data'))).toEqual(['Yahoo Data: ASML.AS']);
    const dividendAfter = selectDashboardCharts(withoutKo).charts.find(
      (chart) => chart.title === 'Aggregated Dividend',
    )!.columns[1] as Float64Array;
    expect(dividendAfter.at(-1)).toBe(0);
    // The summary keeps every ticker.
    expect(selectReturnsBanner(withoutKo)).toEqual(selectReturnsBanner(before));

    actor.send({ type: 'tickers.toggle', ticker: 'ASML.AS' });
    const none = await waitFor(actor, (s) => settled(s) && s.context.active?.length === 0);
    expect(selectDashboardCharts(none)).toEqual({ charts: [], unpriced: [], noneChecked: true });
    expect(selectHasCharts(none)).toBe(true);
  });

  it('while prices load, no price chart is drawn empty; a failed quote is listed once with its message, not drawn as an empty card', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    // A first load derives once, with its prices: figures wait for prices only after a failed request, on Retry.
    const actor = start(portfolio, async () => {
      requests += 1;
      if (requests === 1) throw new Error('The server could not be reached (offline).');
      await gate;
      return [quotes[0]!, quotes[2]!, { symbol: 'KO', error: 'No data for KO' }];
    });
    await waitFor(actor, (s) => s.hasTag('pricesFailed'));
    actor.send({ type: 'portfolio.retry' });
    const loading = await waitFor(actor, (s) => s.hasTag('pricesLoading'));
    const statusOf = (s: PortfolioSnapshot, title: string) =>
      selectDashboardCharts(s).charts.find((chart) => chart.title === title)?.status.kind;
    expect(statusOf(loading, 'Portfolio value')).toBe('loading');
    expect(statusOf(loading, 'Yahoo Data: KO')).toBeUndefined();
    expect(selectDashboardCharts(loading).unpriced).toEqual([]);
    expect(statusOf(loading, 'Aggregated Dividend')).toBe('ready');
    release();
    const done = await waitFor(actor, settled);
    expect(statusOf(done, 'Portfolio value')).toBe('ready');
    expect(selectDashboardCharts(done).charts.find((chart) => chart.title === 'Yahoo Data: KO')).toBeUndefined();
    expect(selectDashboardCharts(done).unpriced).toEqual([{ symbol: 'KO', message: 'No data for KO' }]);
    expect(selectPriceProblems(done)).toEqual([{ symbol: 'KO', message: 'No data for KO' }]);
  });

  it('when the quotes request fails, the symbols without prices are listed with why, and no chart repeats the holdings priced at cost', async () => {
    const actor = start(portfolio, async () => {
      throw new Error('The server could not be reached (offline).');
    });
    const failed = await waitFor(actor, (s) => s.hasTag('pricesFailed'));
    const charts = selectDashboardCharts(failed).charts;
    const find = (title: string) => charts.find((chart) => chart.title === title)!;
    expect(charts.filter((chart) => chart.title.startsWith('Yahoo Data'))).toEqual([]);
    expect(selectDashboardCharts(failed).unpriced).toEqual([
      { symbol: 'ASML.AS', message: 'Prices could not be loaded.' },
      { symbol: 'KO', message: 'Prices could not be loaded.' },
      { symbol: 'EUR=X', message: 'Prices could not be loaded.' },
    ]);
    expect(find('Portfolio value').status).toEqual({ kind: 'ready' });
    // ASML.AS priced at cost is said once, in the dashboard's price notice (selectPriceNotice), not on each chart.
    expect(find('Portfolio value').notes).toEqual(['Left out, no exchange rate: KO']);
  });

  it('shows no charts for a portfolio worth 0: everything sold', async () => {
    const sold = setOf(tx('ASML.AS', 'stock', '2024-01-02', 2, 1000), tx('ASML.AS', 'stock', '2024-03-01', -2, -1100));
    const actor = start(sold);
    const snapshot = await waitFor(actor, settled);
    expect(snapshot.context.derivation?.summary.portfolioValue).toBe(0);
    expect(selectHasCharts(snapshot)).toBe(false);
    expect(selectReturnsBanner(snapshot)?.returns[0]).toEqual({ label: 'Total', absolute: 100, percentage: 0 });
  });
});
