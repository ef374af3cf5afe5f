/**
 * The charts' data as the worker builds it and the page draws it: columns in uPlot's layout (x first),
 * the series' specs, and what the page adds of its own state (whether prices are loading, failed, or
 * came back with an error). Pure types and functions: the worker (worker/dashboard-charts.ts) builds the
 * dashboard's charts with them, the page (machines/chart-models.ts) dresses them with its state.
 */
import type { QuoteDataSource } from './quotes';

/** uPlot's columns, x first: unix seconds for days, 0…n−1 for categories; null = no value. */
export type ChartColumns = [xValues: number[] | Float64Array, ...yValues: Array<Array<number | null> | Float64Array>];

export type ChartX = { kind: 'days' } | { kind: 'categories'; name: string; labels: string[] };

export interface ChartSeriesSpec {
  label: string;
  /** Appended to every value: the currency's code for money (' EUR', ' GBP'; ' GBp' for a quote in pence), ' %', '' for counts. */
  suffix: string;
  style: 'line' | 'bars' | 'points';
  /** Series on a second scale get an axis on the right. */
  scale: 'left' | 'right';
  /**
   * Bars of what each period brought (a quarter's dividends), which add up over the periods: said in
   * words by their total and largest period. Not set for a trailing sum or a rate drawn as bars.
   */
  perPeriod?: true;
}

/** Everything that decides a chart's options; `key` is equal exactly when the rest is. */
export interface ChartShape {
  key: string;
  x: ChartX;
  series: ChartSeriesSpec[];
}

export type ChartStatus = { kind: 'ready' } | { kind: 'loading' } | { kind: 'missing'; message: string };

export interface ChartModel {
  /** Unique on the page: the title. */
  title: string;
  shape: ChartShape;
  columns: ChartColumns;
  /** Labels about the data: 'Sample prices', 'Offline prices', tickers left out. */
  notes: string[];
  status: ChartStatus;
}

/**
 * What the page's state adds to a chart of the worker:
 * - `fx`: drawn at once; notes on the exchange rates' source and the tickers left out.
 * - `market`: waits for the prices (status `loading` meanwhile); notes on every price's source, the tickers left out and those priced at cost.
 * - `expected`: a `market` chart drawn at once, whose expected dividends wait for the prices (a note says so).
 * - `price`: one symbol's quote; without data it says why (still loading, the quote's error, left out, none in the period).
 */
export type ChartRole =
  | { kind: 'fx' }
  | { kind: 'market' }
  | { kind: 'expected' }
  | { kind: 'price'; symbol: string; hasData: boolean; excludedTicker: boolean };

/** One dashboard chart as the worker hands it to the page. */
export interface ChartData {
  title: string;
  shape: ChartShape;
  columns: ChartColumns;
  /**
   * The worker's number for this shape and these columns: another number exactly when either changed
   * (new for every change, never reused within the worker's life), so the page keeps its own columns
   * (and uPlot its drawing) for an equal number without comparing a value.
   */
  revision: number;
  /** Notes about the data: the sources of the prices it uses ('Sample prices', 'Offline prices'). */
  notes: string[];
  role: ChartRole;
  /** The columns after x are typed arrays with NaN where a series has no value (transactions per day): the page turns NaN into null, uPlot's "no value". */
  sparse: boolean;
}

/** The dashboard's charts for one set of checked tickers, as the worker built them. */
export interface DashboardChartData {
  /** The charts in the dashboard's order. */
  charts: ChartData[];
  /** Checked tickers left out: an exchange rate they need has no prices. */
  excluded: string[];
  /** Checked tickers valued at their own trade prices: no quotes. */
  atCost: string[];
  /** Checked tickers and the exchange rates they need that have no prices: no chart each, one list on the page. */
  unpriced: UnpricedSymbol[];
}

/** A symbol the dashboard draws no price chart for: it has no prices (yet, or at all). */
export interface UnpricedSymbol {
  symbol: string;
  /** A checked ticker left out of the sums: an exchange rate it needs has no prices. */
  excludedTicker: boolean;
  /** An exchange rate (`EUR=X`), not a ticker. */
  rate: boolean;
}

/** The TTM chart's lines, as the engine computes them: the trailing twelve months' income per month, day and hour. */
export const TTM_LINES = ['Monthly', 'Daily', 'Hourly'] as const;

export const PRICES_LOADING = 'Loading prices…';

const SOURCE_NOTES: Partial<Record<QuoteDataSource, string>> = { sample: 'Sample prices', files: 'Offline prices' };

/** 'Sample prices' or 'Offline prices' for prices from there; null for live ones (or none). */
export const sourceNote = (dataSource: QuoteDataSource | null): string | null =>
  (dataSource && SOURCE_NOTES[dataSource]) || null;

/** Columns with NaN for "no value" as uPlot reads them: the same numbers, null for NaN. */
export function withNulls(column: Float64Array): Array<number | null> {
  const values: Array<number | null> = [];
  for (let i = 0; i < column.length; i += 1) {
    const value = column[i]!;
    values.push(value === value ? value : null);
  }
  return values;
}

/**
 * The indices of the days on which any of the series has a value (the first `count` of `at`). Plain loops
 * over typed arrays, no callbacks: this runs once per derivation on 10,000+ days, often before the JIT
 * has warmed up.
 */
export function daysWithAValue(days: Float64Array, perDay: readonly Float64Array[]): { at: Int32Array; count: number } {
  const at = new Int32Array(days.length);
  let count = 0;
  for (let i = 0; i < days.length; i += 1) {
    for (let k = 0; k < perDay.length; k += 1) {
      const value = perDay[k]![i]!;
      if (value === value) {
        at[count] = i;
        count += 1;
        break;
      }
    }
  }
  return { at, count };
}

/** Days on which any of the series has a value, and each series on those days (null where it has none). */
export function sparseColumns(days: Float64Array, perDay: Float64Array[]): ChartColumns {
  const { at, count } = daysWithAValue(days, perDay);
  // Filled by push, not by index into `new Array(count)`: packed arrays, which uPlot's loops read fastest.
  const x: number[] = [];
  for (let j = 0; j < count; j += 1) x.push(days[at[j]!]!);
  const ys = perDay.map((series) => {
    const column: Array<number | null> = [];
    for (let j = 0; j < count; j += 1) {
      const value = series[at[j]!]!;
      column.push(value === value ? value : null);
    }
    return column;
  });
  return [x, ...ys];
}
