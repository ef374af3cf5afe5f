/**
 * The answer of `/api/quotes` for one symbol: its series as columns (`QuoteColumns` in
 * `src/model/quotes.ts`, described in docs/architecture.md). The days are the exchange's dates the
 * series already carries (`exchange-day.ts`), so the worker does no time-zone work; bars without a close
 * are left out here, as the engine would skip them.
 */
import type { QuoteColumnsEntry, QuoteDataSource } from '../../src/model/quotes';
import { parseChart } from './chart-json';
import type { QuoteSeries } from './series';

const DATA_SOURCES: readonly QuoteDataSource[] = ['yahoo', 'cache', 'files', 'sample'];

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function columnsFromSeries(symbol: string, series: QuoteSeries, dataSource: QuoteDataSource): QuoteColumnsEntry {
  const days: number[] = [];
  const closes: number[] = [];
  for (const bar of series.bars) {
    if (bar.close === null || !Number.isFinite(bar.close)) continue;
    days.push(bar.epochDay);
    closes.push(bar.close);
  }
  return {
    symbol,
    meta: {
      currency: textOrNull(series.meta.currency),
      exchangeTimezoneName: textOrNull(series.meta.exchangeTimezoneName),
      dataSource,
    },
    days,
    closes,
    dividends: {
      days: series.dividends.map((event) => event.epochDay),
      amounts: series.dividends.map((event) => event.amount),
    },
    splits: {
      days: series.splits.map((event) => event.epochDay),
      numerators: series.splits.map((event) => event.numerator),
      denominators: series.splits.map((event) => event.denominator),
    },
  };
}

const kept = new WeakMap<QuoteSeries, Map<string, QuoteColumnsEntry>>();

/**
 * `columnsFromSeries`, computed once per series object, symbol and source (`series-memo.ts`: a series read
 * again is the same object while its source stands). The entry is shared: nothing may change it.
 */
export function memoColumns(symbol: string, series: QuoteSeries, dataSource: QuoteDataSource): QuoteColumnsEntry {
  let bySymbol = kept.get(series);
  if (!bySymbol) kept.set(series, (bySymbol = new Map()));
  const key = `${symbol}\u0000${dataSource}`;
  let entry = bySymbol.get(key);
  if (!entry) bySymbol.set(key, (entry = columnsFromSeries(symbol, series, dataSource)));
  return entry;
}

/**
 * A v8 chart JSON (a recorded file, a scenario's quotes) as the service would answer it: through the
 * same gate (`parseChart`) and the same columns. Its `meta.dataSource`, when it names one, is kept.
 */
export function columnsFromChart(
  symbol: string,
  chart: unknown,
  dataSource: QuoteDataSource,
): QuoteColumnsEntry | { symbol: string; error: string } {
  const parsed = parseChart(chart);
  if (!parsed.ok) return { symbol, error: parsed.reason };
  const named = (chart as { chart: { result: Array<{ meta: { dataSource?: unknown } }> } }).chart.result[0]!.meta
    .dataSource;
  const source = DATA_SOURCES.find((known) => known === named) ?? dataSource;
  return columnsFromSeries(symbol, parsed.series, source);
}
