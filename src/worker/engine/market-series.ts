/**
 * A quotes-service entry turned into columns on epoch days: the bars with a usable close, the
 * dividend and split events. Dates enter here, once per `setQuotes`, through the exchange's time zone.
 */
import type { QuoteDataSource, QuoteEntry, YahooChartResult } from '../../model';
import type { TimeZoneDays, ZoneDays } from './time-zone-days';

export interface MarketSeries {
  symbol: string;
  /** `meta.currency` as Yahoo writes it (`GBp` for pence). */
  currency: string;
  dataSource: QuoteDataSource | null;
  /** Epoch days of the bars with a non-null close, ascending (several bars may share a day). */
  barDays: Int32Array;
  /** Close of each of those bars, in `currency`. */
  closes: Float64Array;
  /** Ex-dates (epoch days, ascending) and amounts per share in `currency`. */
  dividendDays: Int32Array;
  dividendAmounts: Float64Array;
  /** Split days (ascending) and ratios: numerator / denominator, 4 for a 4:1 split. */
  splitDays: Int32Array;
  splitRatios: Float64Array;
}

/** A symbol's market data, or why there is none. Errors are values: the engine reports them per ticker. */
export type MarketData = { ok: true; series: MarketSeries } | { ok: false; symbol: string; error: string };

const DATA_SOURCES: readonly QuoteDataSource[] = ['yahoo', 'cache', 'files', 'sample'];

export function parseQuoteEntry(entry: QuoteEntry, timeZones: TimeZoneDays): MarketData {
  const { symbol } = entry;
  if ('error' in entry) return { ok: false, symbol, error: entry.error };
  const chart = entry.data?.chart;
  if (!chart) return { ok: false, symbol, error: 'not a Yahoo chart response' };
  if (chart.error) return { ok: false, symbol, error: chart.error.description || chart.error.code };
  const result = chart.result?.[0];
  if (!result) return { ok: false, symbol, error: 'the chart holds no result' };
  const currency = result.meta?.currency;
  if (!currency) return { ok: false, symbol, error: 'the chart does not say its currency' };
  const zone = timeZones.forZone(result.meta.exchangeTimezoneName);
  const dataSource = DATA_SOURCES.find((source) => source === result.meta.dataSource) ?? null;
  return { ok: true, series: { symbol, currency, dataSource, ...bars(result, zone), ...events(result, zone) } };
}

function bars(result: YahooChartResult, zone: ZoneDays): Pick<MarketSeries, 'barDays' | 'closes'> {
  const timestamps = result.timestamp ?? [];
  const rawCloses = result.indicators?.quote?.[0]?.close ?? [];
  // Null closes are skipped here, so every later step sees only bars with a price.
  const usable = new Int32Array(timestamps.length);
  let count = 0;
  let ascending = true;
  for (let index = 0; index < timestamps.length; index += 1) {
    const close = rawCloses[index];
    if (typeof close !== 'number' || !Number.isFinite(close) || !Number.isFinite(timestamps[index])) continue;
    if (count > 0 && timestamps[index] < timestamps[usable[count - 1]]) ascending = false;
    usable[count] = index;
    count += 1;
  }
  // Yahoo sends bars in time order; a response that does not is sorted rather than misread.
  const order = ascending
    ? usable.subarray(0, count)
    : usable.subarray(0, count).sort((a, b) => timestamps[a] - timestamps[b]);
  const barDays = new Int32Array(count);
  const closes = new Float64Array(count);
  for (let k = 0; k < count; k += 1) {
    barDays[k] = zone.epochDay(timestamps[order[k]]);
    closes[k] = rawCloses[order[k]] as number;
  }
  return { barDays, closes };
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
