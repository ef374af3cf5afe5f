/**
 * Yahoo v8 chart JSON in. `parseChart` is the gate every upstream or recorded response passes
 * before anything stores or serves it: a response that is not a well-formed daily chart of the symbol
 * asked for is refused with a reason, so garbage never reaches the cache. Past this gate nothing reads
 * Yahoo's shape: the answer is built from the series (`quote-columns.ts`).
 */
import { z } from 'zod';
import type { YahooChartMeta } from '../../src/model/quotes';
import { epochDayInTimeZone } from './exchange-day';
import type { QuoteBar, QuoteDividend, QuoteSeries, QuoteSplit } from './series';

/** 2100-01-01: no bar of a daily chart is stamped later. */
const LATEST_PLAUSIBLE_SECONDS = 4_102_444_800;
const unixSeconds = z.number().int().min(0).max(LATEST_PLAUSIBLE_SECONDS);
const price = z.number().nullable();
const priceColumn = z.array(price).optional();

const chartSchema = z.object({
  chart: z.object({
    result: z
      .array(
        z.object({
          meta: z.looseObject({ symbol: z.string().min(1), exchangeTimezoneName: z.string().optional() }),
          timestamp: z.array(unixSeconds).optional(),
          events: z
            .object({
              dividends: z.record(z.string(), z.object({ amount: z.number(), date: unixSeconds })).optional(),
              splits: z
                .record(
                  z.string(),
                  z.object({ date: unixSeconds, numerator: z.number().positive(), denominator: z.number().positive() }),
                )
                .optional(),
            })
            .optional(),
          indicators: z.object({
            quote: z.array(
              z.object({
                open: priceColumn,
                high: priceColumn,
                low: priceColumn,
                close: priceColumn,
                volume: priceColumn,
              }),
            ),
          }),
        }),
      )
      .min(1),
    error: z.null().optional(),
  }),
});

/** Meta fields worth keeping; anything else Yahoo sends (trading periods, valid ranges) is dropped. */
const META_FIELDS = [
  'currency',
  'symbol',
  'exchangeName',
  'fullExchangeName',
  'instrumentType',
  'firstTradeDate',
  'regularMarketTime',
  'gmtoffset',
  'timezone',
  'exchangeTimezoneName',
  'regularMarketPrice',
  'chartPreviousClose',
  'priceHint',
  'longName',
  'shortName',
  'dataGranularity',
] as const;

export type ParsedChart = { ok: true; series: QuoteSeries } | { ok: false; reason: string };

function pickMeta(raw: Record<string, unknown>): YahooChartMeta {
  const meta: Record<string, string | number | null> = {};
  for (const field of META_FIELDS) {
    const value = raw[field];
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || value === null)
      meta[field] = value;
  }
  return meta as YahooChartMeta;
}

/**
 * Reads a v8 chart response. `expectedSymbol` (compared case-insensitively) refuses a chart of another
 * symbol. Bars are sorted by time and kept one per exchange day (the later stamp wins, as Yahoo's live
 * bar replaces the day's bar, unless it has no close and the earlier one has).
 */
export function parseChart(json: unknown, expectedSymbol?: string): ParsedChart {
  const parsed = chartSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: `not a chart response (${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'})`,
    };
  }
  const result = parsed.data.chart.result[0]!;
  const meta = pickMeta(result.meta);
  if (expectedSymbol && result.meta.symbol.toUpperCase() !== expectedSymbol.toUpperCase()) {
    return { ok: false, reason: `chart is for ${result.meta.symbol}, not ${expectedSymbol}` };
  }
  const timestamps = result.timestamp ?? [];
  const quote = result.indicators.quote[0] ?? {};
  if (timestamps.length > 0 && !quote.close) return { ok: false, reason: 'bars without closes' };
  for (const column of ['open', 'high', 'low', 'close', 'volume'] as const) {
    const values = quote[column];
    if (values && values.length !== timestamps.length) {
      return { ok: false, reason: `${column} has ${values.length} values for ${timestamps.length} bars` };
    }
  }
  const timeZone = result.meta.exchangeTimezoneName;
  const byDay = new Map<number, QuoteBar>();
  timestamps
    .map((timestampSeconds, index) => ({
      timestampSeconds,
      epochDay: epochDayInTimeZone(timestampSeconds, timeZone),
      open: quote.open?.[index] ?? null,
      high: quote.high?.[index] ?? null,
      low: quote.low?.[index] ?? null,
      close: quote.close?.[index] ?? null,
      volume: quote.volume?.[index] ?? null,
    }))
    .sort((a, b) => a.timestampSeconds - b.timestampSeconds)
    .forEach((bar) => {
      // As in the cache: a bar without a close never replaces the day's bar with one.
      if (bar.close !== null || byDay.get(bar.epochDay)?.close == null) byDay.set(bar.epochDay, bar);
    });
  const dividends: QuoteDividend[] = Object.values(result.events?.dividends ?? {})
    .map((event) => ({
      dateSeconds: event.date,
      epochDay: epochDayInTimeZone(event.date, timeZone),
      amount: event.amount,
    }))
    .sort((a, b) => a.dateSeconds - b.dateSeconds);
  const splits: QuoteSplit[] = Object.values(result.events?.splits ?? {})
    .map((event) => ({
      dateSeconds: event.date,
      epochDay: epochDayInTimeZone(event.date, timeZone),
      numerator: event.numerator,
      denominator: event.denominator,
    }))
    .sort((a, b) => a.dateSeconds - b.dateSeconds);
  return { ok: true, series: { meta, bars: [...byDay.values()], dividends, splits } };
}
