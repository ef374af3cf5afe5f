/**
 * The dashboard's 13 charts, built here from each derivation and combination: columns in uPlot's layout
 * (x first), series specs, the data's notes, and a revision that changes exactly when a chart's shape or
 * columns do. The page receives them as values with the derive's answer and only adds its own state
 * (prices loading or failed: machines/chart-models.ts); it never compares a value to know what changed.
 * The engine's typed arrays go in as they are (no copies, no per-day objects): transferred with the
 * answer, or shared (the closes); only sparse transaction series are compacted (typed arrays too). Which
 * charts a build holds and their columns: dashboard-chart-list.ts; here, what the last build made.
 */
import type {
  ChartColumns,
  ChartData,
  ChartRole,
  ChartSeriesSpec,
  ChartShape,
  ChartX,
  DashboardChartData,
} from '../model/chart-data';
import { buildCharts, type AccountLines } from './dashboard-chart-list';
import { handOut, newPriceSeries } from './engine/shared-series';
import type { ActiveSeries, Derivation } from './engine/types';

type Tickers = Derivation['tickers'];

/** A derive's answer: the derivation and the dashboard's charts of its active tickers. */
export interface ChartedDerivation extends Derivation {
  charts: DashboardChartData;
}

/** A combination's answer (a ticker toggled): the active tickers' series and their charts. */
export interface ChartedSeries {
  active: ActiveSeries;
  charts: DashboardChartData;
}

/** Equal value by value, NaN equal to NaN. A loop of its own for typed arrays: it stays monomorphic, so the JIT makes it fast early. */
function sameFloat64s(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y && (x === x || y === y)) return false;
  }
  return true;
}

/** Plain arrays (categories, per-year figures, sparse transaction days), kept here as built: value by value. */
function samePlain(a: ReadonlyArray<number | null>, b: ReadonlyArray<number | null>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (!Object.is(a[i], b[i])) return false;
  return true;
}

const sameMemory = (a: Float64Array, b: Float64Array): boolean =>
  a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.length === b.length;

/**
 * A column as it is compared with the next build's: plain arrays as they are; typed arrays by their
 * memory. The engine hands out new arrays for every result (and the answer's transfer empties them
 * here), except series in shared memory, which it hands out again unchanged: the same memory is the same
 * values. The grid's days are kept here, once per distinct grid (`DashboardCharts.stableDays`).
 */
type Column = ChartColumns[number];

function sameColumn(a: Column, b: Column, byValue: boolean): boolean {
  if (a === b) return true;
  if (a instanceof Float64Array || b instanceof Float64Array)
    return (
      a instanceof Float64Array && b instanceof Float64Array && (sameMemory(a, b) || (byValue && sameFloat64s(a, b)))
    );
  return samePlain(a, b);
}

const sameColumns = (a: ChartColumns, b: ChartColumns, byValue: boolean): boolean =>
  a.length === b.length && a.every((column, k) => sameColumn(column, b[k]!, byValue));

/** A chart as the last build made it: what the next build compares with. */
interface Built {
  key: string;
  columns: ChartColumns;
  revision: number;
}

/**
 * What the worker remembers of the charts it built, so that a chart whose shape and columns did not
 * change keeps its revision (and the page its drawing). One per worker API: a sign-out replaces it.
 */
export class DashboardCharts {
  private readonly last = new Map<string, Built>();
  /** Every ticker's figures as of the last derive: a combination reads them. */
  private tickers: Tickers = {};
  /** Revisions are never reused: the page may hold any number handed out before. */
  private nextRevision = 1;
  /** The grid's days in memory this object keeps (shared with the page when it can be), replaced only by other days. */
  private days: Float64Array | null = null;
  /**
   * The view's cash and account value per day as of the last derive (SEMANTICS.md, "Cash"), kept here: a
   * combination draws them again (they do not change with the checked tickers). Null when the view holds no cash.
   */
  private accountLines: AccountLines | null = null;
  /** The base currency of the last derive: the money series' unit. */
  private base = 'EUR';

  /** Whether this object has built no chart yet: its first build's revisions are then 1, 2, … in the charts' order. */
  fresh(): boolean {
    return this.nextRevision === 1;
  }

  /** A derivation for `active` (null = every ticker) with its charts. */
  derived(derivation: Derivation, active: readonly string[] | null): ChartedDerivation {
    this.tickers = derivation.tickers;
    this.base = derivation.baseCurrency;
    const { account } = derivation;
    this.accountLines = account?.ok ? [keptCopy(account.cashValue), keptCopy(account.accountValue)] : null;
    return { ...derivation, charts: this.build(derivation.active, derivation.tickers, active) };
  }

  /** A combination of the last derive's tickers for `active` with its charts. */
  combined(series: ActiveSeries, active: readonly string[]): ChartedSeries {
    return { active: series, charts: this.build(series, this.tickers, active) };
  }

  /** The charts for `checked` (null = every ticker) from a derivation's or combination's active series; none when no ticker is checked. */
  private build(active: ActiveSeries, tickers: Tickers, checked: readonly string[] | null): DashboardChartData {
    const checkedTickers = checked ?? Object.keys(tickers);
    if (checkedTickers.length === 0) return { charts: [], excluded: [], atCost: [], unpriced: [] };
    const shapes = new Map<string, ChartShape>();
    const account = this.accountLines && (this.accountLines.map(handOut) as AccountLines);
    return buildCharts(
      active,
      tickers,
      checkedTickers,
      this.stableDays(active.days),
      account,
      this.base,
      (title, x, series, columns, notes, role, sparse = false) =>
        this.chart(shapes, title, x, series, columns, notes, role, sparse),
    );
  }

  private chart(
    shapes: Map<string, ChartShape>,
    title: string,
    x: ChartX,
    series: ChartSeriesSpec[],
    columns: ChartColumns,
    notes: string[],
    role: ChartRole,
    sparse: boolean,
  ): ChartData {
    const key = JSON.stringify([x, series]);
    const previous = this.last.get(title);
    const revision =
      previous && previous.key === key && sameColumns(previous.columns, columns, sparse)
        ? previous.revision
        : this.nextRevision++;
    this.last.set(title, { key, columns, revision });
    // One object per shape in an answer: a message carries an object once however often it is referenced,
    // so the page unpacks the price charts' few shapes once, not one per symbol.
    let shape = shapes.get(key);
    if (!shape) shapes.set(key, (shape = { key, x, series }));
    return { title, shape, columns, revision, notes, role, sparse };
  }

  /**
   * The grid's days, kept while equal: a derive or a combination brings an equal grid in new memory. In
   * shared memory when it can be (the page's charts then keep the same columns, and nothing is copied);
   * otherwise a copy for each answer, which it transfers, of the days kept here.
   */
  private stableDays(days: Float64Array): Float64Array {
    if (!this.days || !sameFloat64s(this.days, days)) {
      const kept = newPriceSeries(days.length);
      kept.set(days);
      this.days = kept;
    }
    return this.days.buffer instanceof ArrayBuffer ? this.days.slice() : this.days;
  }
}

/** A series' copy this object keeps (in shared memory when it can be): the engine's own is transferred with the answer. */
function keptCopy(series: Float64Array): Float64Array {
  const kept = newPriceSeries(series.length);
  kept.set(series);
  return kept;
}
