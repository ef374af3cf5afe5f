import { createContext, useContext } from 'react';
import uPlot from 'uplot';
import type { ChartSeriesSpec, ChartShape, ChartX } from '../../machines/chart-models';
import type { ChartOptions } from '../charts/chart';
import { colorAt, dashAt, dayLabel, daysAxis, utcDate, valueAxis, valueOrDash } from '../charts/options';
import type { Formats } from '../format';
import { barPaths } from './bar-paths';
import { markerAt, squarePoints } from './point-paths';

/** uPlot scale keys of the two value axes. */
const SCALE_KEYS = { left: 'y', right: 'right' } as const;

/** Bars and category lines start at 0, with a little room above (and below, for losses). */
function zeroBasedRange(_u: uPlot, dataMin: number | null, dataMax: number | null): uPlot.Range.MinMax {
  const low = Math.min(0, Number.isFinite(dataMin) ? (dataMin as number) : 0);
  const high = Math.max(0, Number.isFinite(dataMax) ? (dataMax as number) : 0);
  if (low === high) return [0, 1];
  const pad = (high - low) * 0.08;
  return [low < 0 ? low - pad : 0, high > 0 ? high + pad : 0];
}

/**
 * One series' look. Series of one chart never share a colour, and differ by more than colour: lines by
 * dash (solid, dashed, dotted, …), markers by shape (square, diamond, hollow square), bars by fill (every
 * second bar series outlined and lightly filled: Received solid, Expected outlined).
 */
function seriesOptions(
  formats: Formats,
  spec: ChartSeriesSpec,
  index: number,
  kindIndex: number,
  paths: uPlot.Series.PathBuilder | undefined,
  onCategories: boolean,
): uPlot.Series {
  const color = colorAt(index);
  const value = (_u: uPlot, v: number | null) => valueOrDash(formats, v, spec.suffix);
  const scale = SCALE_KEYS[spec.scale];
  if (spec.style === 'bars') {
    const outlined = kindIndex % 2 === 1;
    return {
      label: spec.label,
      scale,
      stroke: color,
      fill: outlined ? `${color}33` : `${color}cc`,
      width: outlined ? 2 : 0,
      paths,
      points: { show: false },
      value,
    };
  }
  if (spec.style === 'points') {
    const marker = markerAt(kindIndex);
    const hollow = kindIndex % 3 === 2;
    // Markers 6 CSS px across, with no outline (the hollow square is all outline), for each of thousands of transaction days.
    return {
      label: spec.label,
      scale,
      stroke: color,
      width: 0,
      paths: () => null,
      points: { show: true, size: 6, width: hollow ? 2 : 0, stroke: color, fill: color, paths: marker },
      value,
    };
  }
  const points: uPlot.Series.Points = {
    show: onCategories,
    size: 5,
    width: 0,
    stroke: color,
    fill: color,
    paths: kindIndex % 2 === 1 ? markerAt(1) : squarePoints,
  };
  return { label: spec.label, scale, stroke: color, width: 2, dash: dashAt(kindIndex), points, value, spanGaps: false };
}

/** CSS px a category label needs: about 7 px per character plus a margin. */
const labelWidth = (labels: string[]): number => Math.max(1, ...labels.map((label) => label.length)) * 7 + 16;

function xOptions(
  formats: Formats,
  x: ChartX,
): Pick<uPlot.Options, 'scales' | 'tzDate'> & { axis: uPlot.Axis; series: uPlot.Series } {
  if (x.kind === 'days') {
    return {
      tzDate: utcDate,
      scales: { x: { time: true } },
      axis: daysAxis(formats),
      series: { label: 'Date', value: (_u, v) => (v == null ? '–' : dayLabel(formats, v)) },
    };
  }
  const { labels } = x;
  return {
    scales: { x: { time: false, range: [-0.5, labels.length - 0.5] } },
    axis: {
      // Every category that fits: with many quarters, every second, third, … one.
      splits: (u) => {
        const fitting = Math.max(1, Math.floor(u.bbox.width / uPlot.pxRatio / labelWidth(labels)));
        const step = Math.ceil(labels.length / fitting);
        return labels.map((_, i) => i).filter((i) => i % step === 0);
      },
      values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
      grid: { show: false },
    },
    series: { label: x.name, value: (_u, v) => (v == null ? '–' : (labels[v] ?? '–')) },
  };
}

function buildOptions(shape: ChartShape, formats: Formats): ChartOptions {
  const { x, series } = shape;
  const onCategories = x.kind === 'categories';
  const barSeries = series.filter((spec) => spec.style === 'bars').length;
  let barSlot = 0;
  const kindCounts = { line: 0, bars: 0, points: 0 };
  const ys = series.map((spec, index) =>
    seriesOptions(
      formats,
      spec,
      index,
      kindCounts[spec.style]++,
      spec.style === 'bars' ? barPaths(barSlot++, barSeries) : undefined,
      onCategories,
    ),
  );
  const left = series.find((spec) => spec.scale === 'left');
  const right = series.find((spec) => spec.scale === 'right');
  const valueScale: uPlot.Scale = onCategories ? { range: zeroBasedRange } : {};
  const { axis, series: xSeries, ...xRest } = xOptions(formats, x);
  return {
    ...xRest,
    scales: { ...xRest.scales, [SCALE_KEYS.left]: valueScale, ...(right ? { [SCALE_KEYS.right]: valueScale } : {}) },
    series: [xSeries, ...ys],
    axes: [
      axis,
      valueAxis(formats, left?.suffix ?? '', 'left', SCALE_KEYS.left),
      ...(right ? [valueAxis(formats, right.suffix, 'right', SCALE_KEYS.right)] : []),
    ],
    cursor: { drag: { x: !onCategories, y: false } },
    legend: { live: true },
  };
}

const CACHE_LIMIT = 64;

/** The options of a chart shape in a locale, as a {@link createChartOptions} cache answers them. */
export type OptionsFor = (shape: ChartShape, formats: Formats) => ChartOptions;

/**
 * A cache of chart options for the charts of one view (the dashboard's chart section, a holding's page):
 * the same object for the same shape, locale and base currency, so a chart lives across data changes (and
 * is made again when the user picks another number format or base currency); charts of the same shape share it. The view that makes it
 * holds it, so it ends with the view: nothing of one session's charts outlives a sign-out.
 */
export function createChartOptions(): OptionsFor {
  const cache = new Map<string, ChartOptions>();
  return (shape, formats) => {
    const key = `${formats.locale}|${formats.currency}|${shape.key}`;
    let options = cache.get(key);
    if (!options) {
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      options = buildOptions(shape, formats);
      cache.set(key, options);
    }
    return options;
  };
}

/** The chart section's options cache, for its charts. */
export const ChartOptionsContext = createContext<OptionsFor | null>(null);

/** The options of `shape` from the enclosing view's cache. */
export function useChartOptions(shape: ChartShape, formats: Formats): ChartOptions {
  const optionsFor = useContext(ChartOptionsContext);
  if (!optionsFor)
    throw new Error('A chart needs a ChartOptionsContext above it (the view that draws the charts holds the cache).');
  return optionsFor(shape, formats);
}
