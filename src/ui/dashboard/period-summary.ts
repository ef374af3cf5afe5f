import type { ChartColumns, ChartShape } from '../../machines/chart-models';
import { periodsSummary } from '../charts/chart-text';
import { formatValue } from '../charts/options';
import type { Formats } from '../format';

/**
 * The words of a dashboard chart whose every series is bars of amounts per period in one unit (the
 * dividends of each quarter): the total over the periods and the largest one, per series. Undefined for
 * the other charts, which keep the chart's own summary (the latest value and its change).
 */
export function perPeriodSummary(
  { x, series }: ChartShape,
  columns: ChartColumns,
  formats: Formats,
): string | undefined {
  const suffix = series[0]?.suffix;
  if (
    x.kind !== 'categories' ||
    suffix === undefined ||
    !series.every((spec) => spec.perPeriod && spec.suffix === suffix)
  )
    return undefined;
  return periodsSummary(
    x.labels,
    series.map(({ label }, k) => ({ label, values: columns[k + 1]! })),
    (value) => formatValue(formats, value, suffix),
  );
}
