/**
 * A quotes-service entry turned into typed columns: each calendar day's close and the dividend and split
 * events. The server sends them as number arrays already on the exchange's dates (QuoteColumns in
 * model/quotes.ts): here the closes are carried onto calendar days once, with no object per bar and no
 * time-zone work, so a ticker's close on the grid is a view of them rather than a copy (close-series.ts).
 */
import type { HeldQuoteColumns, QuoteDataSource, QuoteEntry } from '../../model';
import type { Grid } from './grid';
import { newPriceSeries } from './shared-series';

/**
 * Calendar days the last bar's close is carried past it: a grid that ends today, a weekend or a holiday
 * after the last bar, still reads the closes in place.
 */
export const DAYS_AFTER_LAST_BAR = 31;

/** The close of every calendar day from `from` (index 0) to `DAYS_AFTER_LAST_BAR` days after the last bar. */
export interface DailyCloses {
  /** Epoch day of index 0. */
  from: number;
  /**
   * The latest bar's close on or before each day (a later bar of the same day wins); NaN before the
   * first bar. Shared memory when it can be (shared-series.ts): never written after.
   */
  closes: Float64Array;
  /** Index of the first bar's day; `closes.length` (0) without bars. */
  firstBar: number;
  /** The first bar's close (the first of its day); NaN without bars. */
  firstClose: number;
}

export interface MarketSeries {
  symbol: string;
  /** `meta.currency` as Yahoo writes it (`GBp` for pence). */
  currency: string;
  dataSource: QuoteDataSource | null;
  /** Epoch days of the bars (all with a close), ascending; made from the entry when first read. */
  readonly barDays: Int32Array;
  /** Close of each of those bars, in `currency`; made from the entry when first read. */
  readonly closes: Float64Array;
  /** Ex-dates (epoch days, ascending) and amounts per share in `currency`. */
  dividendDays: Int32Array;
  dividendAmounts: Float64Array;
  /** Split days (ascending) and ratios: numerator / denominator, 4 for a 4:1 split. */
  splitDays: Int32Array;
  splitRatios: Float64Array;
}

/** The series as the engine keeps it: with its closes per calendar day, which is what it reads (`closeOnGrid`, `rateOnGrid`). */
export interface QuoteSeries extends MarketSeries {
  daily: DailyCloses;
}

/** A symbol's market data, or why there is none. Errors are values: the engine reports them per ticker. */
export type MarketData = { ok: true; series: QuoteSeries } | { ok: false; symbol: string; error: string };

type Numbers = ArrayLike<number>;

/**
 * An answer's entry, or a series held in IndexedDB (the same columns in typed arrays). `gridFrom`: the
 * first day of the grid the closes will be read on (the day before the earliest transaction), so that
 * a series whose first bar comes later still covers it; none (or NaN: no transactions): from the first bar.
 */
export function parseQuoteEntry(entry: QuoteEntry | HeldQuoteColumns, gridFrom?: number): MarketData {
  const { symbol } = entry;
  if ('error' in entry) return { ok: false, symbol, error: entry.error };
  const { meta, dividends, splits } = entry;
  if (!meta.currency) return { ok: false, symbol, error: 'the quotes do not say their currency' };
  if (entry.days.length !== entry.closes.length)
    return { ok: false, symbol, error: 'days and closes differ in number' };
  if (
    dividends.days.length !== dividends.amounts.length ||
    !sameLength(splits.days, splits.numerators, splits.denominators)
  )
    return { ok: false, symbol, error: 'an event column differs in number from its days' };
  const splitRatios = new Float64Array(splits.days.length);
  for (let k = 0; k < splitRatios.length; k += 1) {
    const numerator = splits.numerators[k]!;
    const denominator = splits.denominators[k]!;
    if (!(numerator > 0 && denominator > 0)) return { ok: false, symbol, error: 'a split is not a ratio of shares' };
    splitRatios[k] = numerator / denominator;
  }
  // The server sends every column by day; one that is not is sorted rather than misread.
  const bars = ascending(entry.days) ? { days: entry.days, values: entry.closes } : sortedBy(entry.days, entry.closes);
  const dividendsByDay = sortedBy(dividends.days, dividends.amounts);
  const splitsByDay = sortedBy(splits.days, splitRatios);
  let barDays: Int32Array | null = null;
  let closes: Float64Array | null = null;
  const series: QuoteSeries = {
    symbol,
    currency: meta.currency,
    dataSource: meta.dataSource,
    daily: dailyCloses(bars.days, bars.values, gridFrom),
    get barDays() {
      return (barDays ??= bars.days instanceof Int32Array ? bars.days : Int32Array.from(bars.days));
    },
    get closes() {
      return (closes ??= bars.values instanceof Float64Array ? bars.values : Float64Array.from(bars.values));
    },
    dividendDays: dividendsByDay.days,
    dividendAmounts: dividendsByDay.values,
    splitDays: splitsByDay.days,
    splitRatios: splitsByDay.values,
  };
  return { ok: true, series };
}

/**
 * The bars carried onto calendar days in one pass (`days` ascending), from `gridFrom` when that is before
 * the first bar, to `DAYS_AFTER_LAST_BAR` days after the last.
 */
function dailyCloses(days: Numbers, closes: Numbers, gridFrom: number | undefined): DailyCloses {
  const count = days.length;
  if (count === 0) return { from: 0, closes: new Float64Array(0), firstBar: 0, firstClose: Number.NaN };
  const firstDay = days[0]!;
  const from = gridFrom !== undefined && gridFrom < firstDay ? gridFrom : firstDay;
  const length = days[count - 1]! + DAYS_AFTER_LAST_BAR - from + 1;
  // Built before the loop, so nothing after it needs type feedback a loop compiled on the fly lacks.
  const daily: DailyCloses = {
    from,
    closes: newPriceSeries(length),
    firstBar: firstDay - from,
    firstClose: closes[0]!,
  };
  carry(days, closes, from, daily.closes);
  return daily;
}

/** `out[i]`: the close of the latest bar on or before day `from + i`; NaN before the first. */
function carry(days: Numbers, closes: Numbers, from: number, out: Float64Array): void {
  const count = days.length;
  let current = Number.NaN;
  let next = 0;
  for (let i = 0, day = from; i < out.length; i += 1, day += 1) {
    while (next < count && days[next]! <= day) {
      current = closes[next]!;
      next += 1;
    }
    out[i] = current;
  }
}

/**
 * The close per grid day, NaN before the first bar: a view of the daily closes when they cover the grid
 * (shared memory when it can be: never write it), else a new series carried from them.
 */
export function closeOnGrid(grid: Grid, series: QuoteSeries): Float64Array {
  const { from, closes } = series.daily;
  const start = grid.firstDay - from;
  if (start >= 0 && start + grid.length <= closes.length) return closes.subarray(start, start + grid.length);
  return carried(grid, series.daily, Number.NaN, newPriceSeries(grid.length));
}

/** The close per grid day in a new array of its own; before the first bar, the first bar's (an exchange rate's). */
export function rateOnGrid(grid: Grid, series: QuoteSeries): Float64Array {
  return carried(grid, series.daily, series.daily.firstClose, new Float64Array(grid.length));
}

function carried(grid: Grid, daily: DailyCloses, before: number, out: Float64Array): Float64Array {
  const { from, closes, firstBar } = daily;
  const last = closes.length - 1;
  if (last < 0) return out.fill(Number.NaN);
  for (let i = 0, at = grid.firstDay - from; i < grid.length; i += 1, at += 1)
    out[i] = at < firstBar ? before : at > last ? closes[last]! : closes[at]!;
  return out;
}

function sameLength(days: Numbers, ...columns: ReadonlyArray<Numbers>): boolean {
  return columns.every((column) => column.length === days.length);
}

function ascending(days: Numbers): boolean {
  for (let k = 1; k < days.length; k += 1) if (days[k]! < days[k - 1]!) return false;
  return true;
}

/** The columns in typed arrays, by day (same-day rows keep their order). */
function sortedBy(days: Numbers, values: Numbers): { days: Int32Array; values: Float64Array } {
  if (ascending(days)) return { days: Int32Array.from(days), values: Float64Array.from(values) };
  const order = Array.from({ length: days.length }, (_, k) => k).sort((a, b) => days[a]! - days[b]! || a - b);
  return { days: Int32Array.from(order, (k) => days[k]!), values: Float64Array.from(order, (k) => values[k]!) };
}
