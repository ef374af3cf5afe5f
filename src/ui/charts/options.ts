import uPlot from 'uplot';
import { formatNumber } from '../format';

export const PALETTE = ['#4CAF50', '#FF9800', '#2196F3', '#F44336', '#9C27B0', '#FFC107'] as const;

export const colorAt = (index: number): string => PALETTE[index % PALETTE.length]!;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Mar '24` for an x value in unix seconds (UTC day). */
export function monthYearLabel(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${MONTHS[date.getUTCMonth()]} '${String(date.getUTCFullYear() % 100).padStart(2, '0')}`;
}

/** `31-12-2024` for an x value in unix seconds (UTC day): the tooltip and legend form. */
export function dayMonthYearLabel(seconds: number): string {
  const date = new Date(seconds * 1000);
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${date.getUTCFullYear()}`;
}

/** A value as charts show it: two decimals, grouped thousands, the unit after it; '–' for no value. */
export const valueOrDash = (value: number | null | undefined, suffix: string): string =>
  value == null || Number.isNaN(value) ? '–' : `${formatNumber(value)}${suffix}`;

/** CSS px an axis needs for its longest label (about 7 px per character at the axis font). */
export const axisSize = (_u: uPlot, values: string[] | null | undefined): number =>
  values && values.length > 0 ? Math.max(...values.map((text) => text.length)) * 7 + 18 : 40;

/** A value axis: every tick with two decimals and the unit. */
export function valueAxis(suffix: string, side: 'left' | 'right' = 'left', scale = 'y'): uPlot.Axis {
  return {
    scale,
    side: side === 'left' ? 3 : 1,
    grid: { show: side === 'left' },
    values: (_u, splits) => splits.map((v) => `${formatNumber(v)}${suffix}`),
    size: axisSize,
  };
}

/** An x axis over days: ticks labelled `Mon 'yy`, each month named once. */
export const daysAxis: uPlot.Axis = {
  space: 60,
  values: (_u, splits) => splits.map((v, i) => (i > 0 && monthYearLabel(splits[i - 1]!) === monthYearLabel(v) ? '' : monthYearLabel(v))),
};

/** x values are UTC midnights: ticks fall on UTC days and months, whatever the viewer's time zone. */
export const utcDate = (seconds: number): Date => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC');

/** A line or bar series with the product's rounding: two decimals, ` €` on money. */
export function series(label: string, index: number, unit: string = ' €', paths?: uPlot.Series.PathBuilder): uPlot.Series {
  const stroke = colorAt(index);
  return {
    label,
    stroke,
    fill: paths ? `${stroke}cc` : undefined,
    width: paths ? 0 : 1.5,
    paths,
    points: { show: false },
    value: (_u, value) => valueOrDash(value, unit),
  };
}

/** Options of a chart over days: x in unix seconds, axis labels `Mon 'yy`, legend date `dd-mm-yyyy`. */
export function timeOptions(ys: uPlot.Series[], unit: string = ' €'): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    tzDate: utcDate,
    scales: { x: { time: true } },
    series: [{ label: 'Date', value: (_u, value) => (value == null ? '–' : dayMonthYearLabel(value)) }, ...ys],
    axes: [daysAxis, valueAxis(unit)],
    cursor: { drag: { x: true, y: false } },
    legend: { live: true },
  };
}
