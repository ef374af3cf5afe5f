import { useMemo, useRef } from 'react';
import uPlot from 'uplot';
import type { IncomeView } from '../../machines/income-view';
import { Chart, type ChartOptions } from '../charts/chart';
import { periodsSummary } from '../charts/chart-text';
import { colorAt, valueAxis, valueOrDash } from '../charts/options';
import type { Formats } from '../format';
import { useFormats } from '../locale-context';

const bars = uPlot.paths.bars!({ size: [0.7, 64] });

/** Bars start at 0 with a little room above the tallest. */
const fromZero = (_u: uPlot, _min: number | null, max: number | null): uPlot.Range.MinMax => [
  0,
  max && max > 0 ? max * 1.08 : 1,
];

/**
 * Options for the calendar's bands (labels bottom first) over the months `YYYY-MM`, named in the locale's
 * words: the axis by month (`dec`), the legend by month and year (`dec 2026`). Each band is drawn as a
 * bar up to its running sum, the top band first, so every lower band covers its part of the one above: a
 * stacked bar per month. The legend shows each band's own amount, not the running sum.
 */
function calendarOptions(
  formats: Formats,
  labels: readonly string[],
  months: readonly string[],
  ownOf: (band: number, month: number) => number | undefined,
): ChartOptions {
  const order = labels.map((_, k) => labels.length - 1 - k);
  return {
    scales: { x: { time: false, range: [-0.5, months.length - 0.5] }, y: { range: fromZero } },
    series: [
      { label: 'Month', value: (_u, v) => (v == null || months[v] === undefined ? '–' : formats.yearMonth(months[v])) },
      ...order.map((band): uPlot.Series => ({
        label: labels[band],
        stroke: colorAt(band),
        fill: colorAt(band),
        width: 0,
        paths: bars,
        points: { show: false },
        value: (_u, _v, _series, index) =>
          index == null ? '–' : valueOrDash(formats, ownOf(band, index), ` ${formats.currency}`),
      })),
    ],
    axes: [
      {
        // Every month whose name fits (about 7 CSS px a letter and a margin): on a narrow screen every second one.
        splits: (u) => {
          const step = Math.ceil(months.length / Math.max(1, Math.floor(u.bbox.width / uPlot.pxRatio / 40)));
          return months.map((_, i) => i).filter((i) => i % step === 0);
        },
        values: (_u, splits) =>
          splits.map((i) => (months[i] === undefined ? '' : formats.monthName(Number(months[i].slice(5, 7))))),
        grid: { show: false },
      },
      valueAxis(formats, ` ${formats.currency}`),
    ],
    cursor: { drag: { x: false, y: false } },
    legend: { live: true },
  };
}

/** The twelve months ahead as bars stacked by holding (uPlot), with the months' totals in the table beside it. */
export function ForwardCalendarChart({ view }: { view: IncomeView }) {
  const formats = useFormats();
  const labelsKey = view.bands.map((band) => band.label).join('\u0000');
  const monthsKey = view.months.join('\u0000');
  // The chart lives as long as its bands and months do; new amounts go in through setData, and the
  // legend reads the newest own amounts through this ref.
  const bandsRef = useRef(view.bands);
  bandsRef.current = view.bands;
  const options = useMemo(
    () =>
      calendarOptions(
        formats,
        labelsKey === '' ? [] : labelsKey.split('\u0000'),
        monthsKey.split('\u0000'),
        (band, month) => bandsRef.current[band]?.own[month],
      ),
    [formats, labelsKey, monthsKey],
  );
  const data = useMemo<uPlot.AlignedData>(
    () => [view.months.map((_, i) => i), ...view.bands.map((_, k) => view.bands[view.bands.length - 1 - k]!.stacked)],
    [view.months, view.bands],
  );
  // In words: each holding's own amounts (the bars' parts, not their stacked tops), their total and largest month.
  const summary = useMemo(
    () =>
      periodsSummary(
        view.months.map((month) => formats.yearMonth(month)),
        view.bands.map(({ label, own }) => ({ label, values: own })),
        (v) => formats.money(v),
      ),
    [formats, view.months, view.bands],
  );
  return (
    <Chart title="Income ahead, by month and holding" options={options} data={data} size={560} summary={summary} />
  );
}
