import uPlot from 'uplot';
import type { Formats } from '../format';

/**
 * Series colours, each at least 3:1 against the white plot (WCAG 1.4.11), in the seed's hues made darker:
 * green 5.1:1, orange 3.8:1, blue 5.8:1, red 5.6:1, purple 8.2:1, amber 4.9:1, then teal, pink and brown.
 * A chart with more series than these gets further hues, each darkened to 3:1, so no colour repeats.
 */
export const PALETTE = [
  '#2E7D32',
  '#E65100',
  '#1565C0',
  '#C62828',
  '#7B1FA2',
  '#996600',
  '#00838F',
  '#AD1457',
  '#5D4037',
] as const;

/** Relative luminance of `#rrggbb` (WCAG 2). */
function luminance(hex: string): number {
  const channel = (at: number) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast ratio of a colour against white. */
export const contrastOnWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

function hslHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const c = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`.toUpperCase();
}

/** The colour of series `index` (0-based) of a chart: the palette, then golden-angle hues darkened to 3:1 on white. */
export function colorAt(index: number): string {
  if (index < PALETTE.length) return PALETTE[index]!;
  const hue = (index * 137.508) % 360;
  const lightness = [0.42, 0.34, 0.5][index % 3]!;
  let color = hslHex(hue, 0.75, lightness);
  for (let l = lightness; contrastOnWhite(color) < 3.2 && l > 0.1; l -= 0.03) color = hslHex(hue, 0.75, l);
  return color;
}

/**
 * Line dashes (CSS px), so lines differ by more than colour: the first solid, the second dashed, the third
 * dotted, and so on. Value against Invested is solid against dashed.
 */
const DASHES: ReadonlyArray<number[] | undefined> = [undefined, [8, 4], [2, 3], [10, 3, 2, 3], [4, 4], [1, 5]];
export const dashAt = (index: number): number[] | undefined => DASHES[index % DASHES.length];

/** `Mar '24` (en), `mrt '24` (nl) for an x value in unix seconds (UTC day): the month named in the locale's words. */
export function monthYearLabel(formats: Formats, seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${formats.monthName(date.getUTCMonth() + 1)} '${String(date.getUTCFullYear() % 100).padStart(2, '0')}`;
}

/** A day (x in unix seconds, a UTC midnight) in the locale's one date form: the legend's and the tables' form. */
export const dayLabel = (formats: Formats, seconds: number): string => formats.epochDay(Math.floor(seconds / 86_400));

/**
 * A value with its unit as the locale writes it: money with its currency's sign and digits (`€ 1.234,50`
 * in nl, `£1,234.50` in en, `¥1,235`), a percentage with the locale's spacing, a count as a plain number.
 * `suffix` is the chart model's unit: an ISO 4217 code (' EUR', ' GBP'), ' %', '' or a quote's own unit
 * (' GBp' for pence, shown after the number).
 */
export function formatValue(formats: Formats, value: number, suffix: string): string {
  const unit = suffix.trim();
  if (/^[A-Z]{3}$/.test(unit)) return formats.money(value, unit);
  if (unit === '%') return `${formats.number(value)} %`;
  return unit === '' ? formats.number(value) : `${formats.number(value)} ${unit}`;
}

/** A value as charts show it; '–' for no value. */
export const valueOrDash = (formats: Formats, value: number | null | undefined, suffix: string): string =>
  value == null || Number.isNaN(value) ? '–' : formatValue(formats, value, suffix);

/** CSS px an axis needs for its longest label (about 7 px per character at the axis font). */
export const axisSize = (_u: uPlot, values: string[] | null | undefined): number =>
  values && values.length > 0 ? Math.max(...values.map((text) => text.length)) * 7 + 18 : 40;

/**
 * Tick steps of 1, 2, 2.5 and 5 times a power of ten, from 10^-`digits` up: no step finer than the unit
 * shown, and none (2.5 yen) that needs a digit it does not have.
 */
function stepsFrom(digits: number): number[] {
  const steps: number[] = [];
  for (let power = -digits; power <= 15; power += 1)
    for (const times of [1, 2, 2.5, 5])
      if (times !== 2.5 || power > -digits) steps.push(Number((times * 10 ** power).toFixed(Math.max(0, -power + 1))));
  return steps;
}

/**
 * A value axis: every tick with its unit; money ticks step by whole minor units of its currency (a yen
 * axis from 0 to 1 has ticks 0 and 1, not five ticks that all read ¥0 or ¥1).
 */
export function valueAxis(formats: Formats, suffix: string, side: 'left' | 'right' = 'left', scale = 'y'): uPlot.Axis {
  const unit = suffix.trim();
  return {
    ...(/^[A-Z]{3}$/.test(unit) ? { incrs: stepsFrom(formats.moneyDigits(unit)) } : {}),
    scale,
    side: side === 'left' ? 3 : 1,
    grid: { show: side === 'left' },
    values: (_u, splits) => splits.map((v) => formatValue(formats, v, suffix)),
    size: axisSize,
  };
}

/** An x axis over days: ticks labelled `Mon 'yy` in the locale's words, each month named once. */
export function daysAxis(formats: Formats): uPlot.Axis {
  const label = (seconds: number) => monthYearLabel(formats, seconds);
  return {
    space: 60,
    values: (_u, splits) => splits.map((v, i) => (i > 0 && label(splits[i - 1]!) === label(v) ? '' : label(v))),
  };
}

/** x values are UTC midnights: ticks fall on UTC days and months, whatever the viewer's time zone. */
export const utcDate = (seconds: number): Date => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC');

/** A line series of the landing chart, in the palette's colour and dash for `index`. */
export function series(
  formats: Formats,
  label: string,
  index: number,
  unit: string = ` ${formats.currency}`,
): uPlot.Series {
  return {
    label,
    stroke: colorAt(index),
    width: 2,
    dash: dashAt(index),
    points: { show: false },
    value: (_u, value) => valueOrDash(formats, value, unit),
  };
}

/** Options of a chart over days: x in unix seconds, axis labels `Mon 'yy`, the legend's date in the locale's form. */
export function timeOptions(
  formats: Formats,
  ys: uPlot.Series[],
  unit: string = ` ${formats.currency}`,
): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    tzDate: utcDate,
    scales: { x: { time: true } },
    series: [{ label: 'Date', value: (_u, value) => (value == null ? '–' : dayLabel(formats, value)) }, ...ys],
    axes: [daysAxis(formats), valueAxis(formats, unit)],
    cursor: { drag: { x: true, y: false } },
    legend: { live: true },
  };
}
