/**
 * A quotes-service entry turned into typed columns: the bars' days and closes, the dividend and split
 * events. The server sends them as number arrays already on the exchange's dates (QuoteColumns in
 * model/quotes.ts): here they are copied into typed arrays, with no object per bar and no time-zone work.
 */
import type { HeldQuoteColumns, QuoteDataSource, QuoteEntry } from '../../model';

export interface MarketSeries {
  symbol: string;
  /** `meta.currency` as Yahoo writes it (`GBp` for pence). */
  currency: string;
  dataSource: QuoteDataSource | null;
  /** Epoch days of the bars (all with a close), ascending. */
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

/** An answer's entry, or a series held in IndexedDB (the same columns in typed arrays). */
export function parseQuoteEntry(entry: QuoteEntry | HeldQuoteColumns): MarketData {
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
  const series: MarketSeries = {
    symbol,
    currency: meta.currency,
    dataSource: meta.dataSource,
    barDays: Int32Array.from(entry.days),
    closes: Float64Array.from(entry.closes),
    dividendDays: Int32Array.from(dividends.days),
    dividendAmounts: Float64Array.from(dividends.amounts),
    splitDays: Int32Array.from(splits.days),
    splitRatios,
  };
  return { ok: true, series: inDayOrder(series) };
}

function sameLength(days: ArrayLike<number>, ...columns: ReadonlyArray<ArrayLike<number>>): boolean {
  return columns.every((column) => column.length === days.length);
}

/** The server sends every column by day; one that is not is sorted rather than misread. */
function inDayOrder(series: MarketSeries): MarketSeries {
  const bars = sortedBy(series.barDays, series.closes);
  const dividends = sortedBy(series.dividendDays, series.dividendAmounts);
  const splits = sortedBy(series.splitDays, series.splitRatios);
  return {
    ...series,
    barDays: bars.days,
    closes: bars.values,
    dividendDays: dividends.days,
    dividendAmounts: dividends.values,
    splitDays: splits.days,
    splitRatios: splits.values,
  };
}

function sortedBy(days: Int32Array, values: Float64Array): { days: Int32Array; values: Float64Array } {
  let ascending = true;
  for (let k = 1; k < days.length && ascending; k += 1) if (days[k]! < days[k - 1]!) ascending = false;
  if (ascending) return { days, values };
  const order = Uint32Array.from(days.keys()).sort((a, b) => days[a]! - days[b]! || a - b);
  return { days: Int32Array.from(order, (k) => days[k]!), values: Float64Array.from(order, (k) => values[k]!) };
}
