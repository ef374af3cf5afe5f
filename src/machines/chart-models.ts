/**
 * The dashboard's charts as the page draws them: the worker's charts (worker/dashboard-charts.ts, built
 * with each derive's answer) with what only the page knows added: whether prices are loading, failed, or
 * came back with an error for a symbol. A chart whose worker revision, notes and status are unchanged
 * keeps its model (and its arrays), so React and uPlot leave it alone; no value is compared here.
 */
import {
  PRICES_LOADING,
  withNulls,
  type ChartColumns,
  type ChartData,
  type ChartModel,
  type ChartStatus,
  type DashboardChartData,
} from '../model/chart-data';

export { PRICES_LOADING, sourceNote, sparseColumns, TTM_LINES } from '../model/chart-data';
export type {
  ChartColumns,
  ChartModel,
  ChartSeriesSpec,
  ChartShape,
  ChartStatus,
  ChartX,
  UnpricedSymbol,
} from '../model/chart-data';

const READY: ChartStatus = { kind: 'ready' };
const LOADING: ChartStatus = { kind: 'loading' };

/** What the page's state says about the prices. */
export interface PriceState {
  pricesLoading: boolean;
  /** The whole quotes request failed (the page shows its message and a 'Retry'). */
  pricesFailed?: boolean;
  priceErrors: Record<string, string>;
}

const sameTexts = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((text, i) => text === b[i]);
const sameStatus = (a: ChartStatus, b: ChartStatus): boolean =>
  a.kind === b.kind && (a.kind !== 'missing' || (b.kind === 'missing' && a.message === b.message));

/** A chart's notes and status from its role, the worker's lists of checked tickers left out or priced at cost, and the prices' state. */
function dressOf(
  chart: ChartData,
  data: DashboardChartData,
  { pricesLoading, pricesFailed, priceErrors }: PriceState,
): { notes: string[]; status: ChartStatus } {
  const { role } = chart;
  if (role.kind === 'price') {
    if (role.hasData) return { notes: chart.notes, status: READY };
    if (pricesLoading) return { notes: [], status: LOADING };
    const why =
      priceErrors[role.symbol] ??
      (pricesFailed
        ? 'Prices could not be loaded.'
        : role.excludedTicker
          ? 'Left out: an exchange rate it needs has no prices.'
          : 'No prices for this symbol in this period.');
    return { notes: [], status: { kind: 'missing', message: why } };
  }
  const excluded =
    data.excluded.length === 0
      ? []
      : [`${pricesLoading ? 'Waiting for exchange rates' : 'Left out, no exchange rate'}: ${data.excluded.join(', ')}`];
  if (role.kind === 'fx') return { notes: [...chart.notes, ...excluded], status: READY };
  // The holdings priced at cost are named once, above the charts (price-notice.tsx), not on every chart.
  const market = [...chart.notes, ...excluded];
  if (role.kind === 'expected')
    return { notes: pricesLoading ? [...market, `Expected: ${PRICES_LOADING}`] : market, status: READY };
  return { notes: market, status: pricesLoading ? LOADING : READY };
}

/** Why a symbol has no price chart, from the page's state of the prices. */
export function unpricedReason(
  symbol: { symbol: string; excludedTicker: boolean },
  { pricesFailed, priceErrors }: PriceState,
): string {
  return (
    priceErrors[symbol.symbol] ??
    (pricesFailed
      ? 'Prices could not be loaded.'
      : symbol.excludedTicker
        ? 'Left out: an exchange rate it needs has no prices.'
        : 'No prices for this symbol in this period.')
  );
}

/** A chart's columns as uPlot reads them: sparse ones with null where the worker sent NaN. */
function columnsOf({ columns, sparse }: ChartData): ChartColumns {
  if (!sparse) return columns;
  const [x, ...ys] = columns;
  return [x, ...ys.map((column) => (column instanceof Float64Array ? withNulls(column) : column))];
}

/**
 * What the charts of one session remember between builds: each chart's last model and the worker's
 * revision of its columns, so that unchanged data keeps its arrays (uPlot is not asked to redraw it) and
 * an unchanged chart keeps its whole model (React does not render it again). It belongs to the session's
 * memory (session-memory.ts, in the portfolio actor's context) and ends with it: nothing of one user's
 * charts outlives a sign-out. Plain data and methods, so two fresh ones compare equal.
 */
export class ChartModels {
  /** Each chart's last model and the worker's revision of its shape and columns, by title. */
  private readonly last = new Map<string, { revision: number; model: ChartModel }>();

  /** The dashboard's charts, in the worker's order, with the prices' state. */
  build(data: DashboardChartData, prices: PriceState): ChartModel[] {
    return data.charts.map((chart) => this.model(chart, data, prices));
  }

  private model(chart: ChartData, data: DashboardChartData, prices: PriceState): ChartModel {
    const { notes, status } = dressOf(chart, data, prices);
    const held = this.last.get(chart.title);
    const same = held !== undefined && held.revision === chart.revision;
    if (same && sameTexts(held.model.notes, notes) && sameStatus(held.model.status, status)) return held.model;
    const model = same
      ? { ...held.model, notes, status }
      : { title: chart.title, shape: chart.shape, columns: columnsOf(chart), notes, status };
    this.last.set(chart.title, { revision: chart.revision, model });
    return model;
  }
}

export const createChartModels = (): ChartModels => new ChartModels();
