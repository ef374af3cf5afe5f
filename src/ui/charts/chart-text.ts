import type uPlot from 'uplot';
import type { ChartOptions } from './chart';

/**
 * A chart in words, for those who cannot see the canvas: a one-line summary (each series' latest value and
 * its change over the period) and the rows of a data table. Values are written by the chart's own legend
 * formatters (the locale's marks, `€`, the date form), so the words say what the chart shows.
 */

type Format = (value: number) => string;
/** A series' legend formatter: the value and the index of its point, which a stacked chart's legend reads its own amount by. */
type PointFormat = (value: number, index: number) => string;

/** uPlot's formatters take the instance first; the chart's ones do not read it. */
const NO_PLOT = null as unknown as uPlot;

function formatterOf(series: uPlot.Series | undefined, seriesIndex: number): PointFormat {
  const value = series?.value;
  if (typeof value === 'function') return (v, i) => String(value(NO_PLOT, v, seriesIndex, i));
  return (v) => String(v);
}

const present = (v: number | null | undefined): v is number => v != null && !Number.isNaN(v);

function firstIndex(values: ArrayLike<number | null>): number {
  for (let i = 0; i < values.length; i += 1) if (present(values[i])) return i;
  return -1;
}

function lastIndex(values: ArrayLike<number | null>): number {
  for (let i = values.length - 1; i >= 0; i -= 1) if (present(values[i])) return i;
  return -1;
}

/** A change with its sign spelled out: `+€1,234.00`, `−€5.00`, `±0`. */
function signed(format: Format, change: number): string {
  if (change === 0) return `no change (${format(0)})`;
  const text = format(change);
  return change > 0 ? `+${text}` : text;
}

/**
 * A series drawn as separate markers (no line, points shown): events such as a day's buys, not a level
 * that moves. Their "change since the first" means nothing (a stock dividend's buy at € 0 after buys at
 * € 38 is no fall of € 38), so they are said as a count and the latest.
 */
function isEventSeries(series: uPlot.Series | undefined): boolean {
  return series?.width === 0 && series.points?.show === true;
}

function countOf(values: ArrayLike<number | null>): number {
  let count = 0;
  for (let i = 0; i < values.length; i += 1) if (present(values[i])) count += 1;
  return count;
}

/** 'Value €64,480.55 on 11/24/2026, +€12,345.00 since 01/02/2019; Invested …' — or why there is nothing. */
export function chartSummary(options: ChartOptions, data: uPlot.AlignedData): string {
  const xs = data[0] as ArrayLike<number>;
  const xFormat = formatterOf(options.series[0], 0);
  const parts: string[] = [];
  for (let k = 1; k < data.length; k += 1) {
    const ys = data[k] as ArrayLike<number | null>;
    const series = options.series[k];
    const label = series?.label ? String(series.label) : `Series ${k}`;
    const first = firstIndex(ys);
    const last = lastIndex(ys);
    if (last < 0) {
      parts.push(`${label}: no values`);
      continue;
    }
    const format = formatterOf(series, k);
    const latest = ys[last] as number;
    if (isEventSeries(series)) {
      const count = countOf(ys);
      parts.push(
        `${label}: ${count} ${count === 1 ? 'day' : 'days'}, the latest ${format(latest, last)} at ${xFormat(xs[last]!, last)}`,
      );
      continue;
    }
    // The change is no point of its own: written as the latest point's value is.
    const since =
      last > first
        ? `, ${signed((v) => format(v, last), latest - (ys[first] as number))} since ${xFormat(xs[first]!, first)}`
        : '';
    parts.push(`${label} ${format(latest, last)} at ${xFormat(xs[last]!, last)}${since}`);
  }
  return parts.length === 0 ? 'No data.' : `${parts.join('; ')}.`;
}

/** One series of a bar chart of amounts per period, each period's own amount (not stacked, not a running sum); null = none. */
export interface PeriodSeries {
  label: string;
  values: ArrayLike<number | null>;
}

/**
 * A bar chart of amounts per period in words: the periods shown, then each series' total over them and
 * its largest period with the amount ('Dec 2026 to Nov 2027: IBE.MC €120.00 in total, most in Jul 2027
 * (€80.00); …'). The generic summary's latest value and change since the first say little of bars: the
 * latest month is often one that pays nothing. `periods` are the periods' names as the chart writes them,
 * `format` writes an amount (the locale's money).
 */
export function periodsSummary(periods: readonly string[], series: readonly PeriodSeries[], format: Format): string {
  if (periods.length === 0 || series.length === 0) return 'No data.';
  const span = periods.length === 1 ? periods[0]! : `${periods[0]!} to ${periods[periods.length - 1]!}`;
  const parts = series.map(({ label, values }) => {
    let total = 0;
    let largest = -1;
    for (let i = 0; i < periods.length; i += 1) {
      const v = values[i];
      if (!present(v)) continue;
      total += v;
      if (largest < 0 || v > (values[largest] as number)) largest = i;
    }
    if (largest < 0) return `${label}: no values`;
    if (total === 0 && (values[largest] as number) === 0) return `${label} ${format(0)}, nothing in any period`;
    return `${label} ${format(total)} in total, most in ${periods[largest]!} (${format(values[largest] as number)})`;
  });
  return `${span}: ${parts.join('; ')}.`;
}

export interface DataTable {
  headers: string[];
  rows: string[][];
  /** Said under the table when it shows fewer rows than the chart has points. */
  note: string | null;
}

/** The most rows a data table shows; more become one row per month. */
export const MAX_TABLE_ROWS = 400;

/** Indices of the last point of each month (x in unix seconds, UTC days). */
function monthEnds(xs: ArrayLike<number>): number[] {
  const ends: number[] = [];
  for (let i = 0; i < xs.length; i += 1) {
    const here = new Date(xs[i]! * 1000);
    const next = i + 1 < xs.length ? new Date(xs[i + 1]! * 1000) : null;
    if (!next || next.getUTCMonth() !== here.getUTCMonth() || next.getUTCFullYear() !== here.getUTCFullYear())
      ends.push(i);
  }
  return ends;
}

/** The chart's points as a table: days newest first, categories in order; every point, or one per month (its last) for long series. */
export function chartTable(options: ChartOptions, data: uPlot.AlignedData): DataTable {
  const xs = data[0] as ArrayLike<number>;
  const headers = options.series
    .slice(0, data.length)
    .map((series, k) => (series.label ? String(series.label) : `Series ${k}`));
  const formats = options.series.slice(0, data.length).map((series, k) => formatterOf(series, k));
  const onDays = options.scales?.x?.time !== false;
  let indices = Array.from({ length: xs.length }, (_, i) => i);
  let note: string | null = null;
  if (indices.length > MAX_TABLE_ROWS && onDays) {
    indices = monthEnds(xs);
    note = `One row per month (its last day with data) of ${xs.length} points.`;
  }
  if (indices.length > MAX_TABLE_ROWS) {
    note = `The latest ${MAX_TABLE_ROWS} of ${indices.length} rows.`;
    indices = indices.slice(-MAX_TABLE_ROWS);
  }
  const withValues = indices.filter((i) => data.slice(1).some((ys) => present((ys as ArrayLike<number | null>)[i])));
  const rows = (onDays ? withValues.reverse() : withValues).map((i) =>
    data.map((column, k) => {
      const v = (column as ArrayLike<number | null>)[i];
      return present(v) ? formats[k]!(v, i) : '–';
    }),
  );
  return { headers, rows, note };
}
