/**
 * How the engine read a Yahoo v8 chart before the quotes travelled as columns (issue 35): kept as the
 * reference the columnar answer is held to (the engine must see the same days, closes, dividends and
 * splits either way). Days in the exchange's zone through `time-zone-days.ts`, null closes skipped,
 * bars and events sorted by time.
 */
import type { YahooChart, YahooChartResult } from '#src/model';
import type { MarketSeries } from '#src/worker/engine/market-series';
import type { TimeZoneDays, ZoneDays } from './time-zone-days';

export type ReferenceSeries = Omit<MarketSeries, 'symbol' | 'dataSource'>;

export function seriesFromChart(chart: YahooChart, timeZones: TimeZoneDays): ReferenceSeries {
  const result = chart.chart.result?.[0];
  if (!result?.meta.currency) throw new Error('the chart holds no result with a currency');
  const zone = timeZones.forZone(result.meta.exchangeTimezoneName);
  return { currency: result.meta.currency, ...bars(result, zone), ...events(result, zone) };
}

function bars(result: YahooChartResult, zone: ZoneDays): Pick<MarketSeries, 'barDays' | 'closes'> {
  const timestamps = result.timestamp ?? [];
  const rawCloses = result.indicators?.quote?.[0]?.close ?? [];
  const usable: number[] = [];
  for (let index = 0; index < timestamps.length; index += 1) {
    const close = rawCloses[index];
    if (typeof close === 'number' && Number.isFinite(close) && Number.isFinite(timestamps[index])) usable.push(index);
  }
  usable.sort((a, b) => timestamps[a]! - timestamps[b]!);
  return {
    barDays: Int32Array.from(usable, (index) => zone.epochDay(timestamps[index]!)),
    closes: Float64Array.from(usable, (index) => rawCloses[index] as number),
  };
}

function events(
  result: YahooChartResult,
  zone: ZoneDays,
): Omit<MarketSeries, 'symbol' | 'currency' | 'dataSource' | 'barDays' | 'closes'> {
  // An event's day is its `date` field, not its map key (monthly bars key it by the bar's start).
  const dividends = Object.values(result.events?.dividends ?? {})
    .filter((event) => Number.isFinite(event?.date) && Number.isFinite(event?.amount))
    .sort((a, b) => a.date - b.date);
  const splits = Object.values(result.events?.splits ?? {})
    .filter((event) => Number.isFinite(event?.date) && event.numerator > 0 && event.denominator > 0)
    .sort((a, b) => a.date - b.date);
  return {
    dividendDays: Int32Array.from(dividends, (event) => zone.epochDay(event.date)),
    dividendAmounts: Float64Array.from(dividends, (event) => event.amount),
    splitDays: Int32Array.from(splits, (event) => zone.epochDay(event.date)),
    splitRatios: Float64Array.from(splits, (event) => event.numerator / event.denominator),
  };
}
