/** The quotes service's answer as the worker checks it: Yahoo's chart shape, loosely (Yahoo adds fields). zod/mini, as the worker's first chunk wants it. */
import * as z from 'zod/mini';
import { isArrayOf, isNumber, isOptionalString, isRecord, type FastChecked } from './fast-check';
import type { QuoteEntry } from './quotes';

const values = z.array(z.nullable(z.number()));

const chartResult = z.looseObject({
  meta: z.looseObject({ currency: z.optional(z.nullable(z.string())), symbol: z.optional(z.string()) }),
  timestamp: z.optional(z.array(z.number())),
  events: z.optional(
    z.looseObject({
      dividends: z.optional(z.record(z.string(), z.looseObject({ amount: z.number(), date: z.number() }))),
      splits: z.optional(
        z.record(z.string(), z.looseObject({ date: z.number(), numerator: z.number(), denominator: z.number() })),
      ),
    }),
  ),
  indicators: z.looseObject({
    quote: z.array(
      z.looseObject({
        close: z.optional(values),
        open: z.optional(values),
        high: z.optional(values),
        low: z.optional(values),
        volume: z.optional(values),
      }),
    ),
    adjclose: z.optional(z.array(z.looseObject({ adjclose: z.optional(values) }))),
  }),
});

const chart = z.object({
  chart: z.object({
    result: z.nullable(z.array(chartResult)),
    error: z.nullable(z.object({ code: z.string(), description: z.string() })),
  }),
});

/** Body of a `POST /api/quotes` answer: one entry per symbol asked for, its chart or its error. */
const quoteEntriesSchema = z.array(
  z.union([z.object({ symbol: z.string(), error: z.string() }), z.object({ symbol: z.string(), data: chart })]),
) as unknown as z.ZodMiniType<QuoteEntry[]>;

const isValue = (value: unknown) => value === null || isNumber(value);
const isOptionalValues = (value: unknown) => value === undefined || isArrayOf(value, isValue);

/** A record (`z.record` of string keys) whose every entry passes `entry`. */
function isRecordOf(value: unknown, entry: (item: Record<string, unknown>) => boolean): boolean {
  if (!isRecord(value)) return false;
  for (const key in value) {
    const item = value[key];
    if (!isRecord(item) || !entry(item)) return false;
  }
  return true;
}

const isDividend = ({ amount, date }: Record<string, unknown>) => isNumber(amount) && isNumber(date);
const isSplit = ({ date, numerator, denominator }: Record<string, unknown>) =>
  isNumber(date) && isNumber(numerator) && isNumber(denominator);

/** `chartResult` read in place. */
function isChartResult(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { meta, timestamp, events, indicators } = value;
  if (
    !isRecord(meta) ||
    !(meta.currency === undefined || meta.currency === null || typeof meta.currency === 'string') ||
    !isOptionalString(meta.symbol)
  )
    return false;
  if (timestamp !== undefined && !isArrayOf(timestamp, isNumber)) return false;
  if (events !== undefined) {
    if (!isRecord(events)) return false;
    if (events.dividends !== undefined && !isRecordOf(events.dividends, isDividend)) return false;
    if (events.splits !== undefined && !isRecordOf(events.splits, isSplit)) return false;
  }
  if (!isRecord(indicators)) return false;
  const quotesOk = isArrayOf(
    indicators.quote,
    (quote) =>
      isRecord(quote) &&
      isOptionalValues(quote.close) &&
      isOptionalValues(quote.open) &&
      isOptionalValues(quote.high) &&
      isOptionalValues(quote.low) &&
      isOptionalValues(quote.volume),
  );
  return (
    quotesOk &&
    (indicators.adjclose === undefined ||
      isArrayOf(indicators.adjclose, (adjusted) => isRecord(adjusted) && isOptionalValues(adjusted.adjclose)))
  );
}

/** One entry: a symbol with its error, or with its chart (never both: the schema would drop the chart). */
function isQuoteEntry(value: unknown): boolean {
  if (!isRecord(value) || typeof value.symbol !== 'string') return false;
  if ('error' in value) return typeof value.error === 'string' && !('data' in value);
  const { data } = value;
  if (!isRecord(data) || !isRecord(data.chart)) return false;
  const { result, error } = data.chart;
  if (!(result === null || isArrayOf(result, isChartResult))) return false;
  return error === null || (isRecord(error) && typeof error.code === 'string' && typeof error.description === 'string');
}

/** The quotes service's answer: the schema, with the fast check of any number of charts in front. */
export const quoteEntries: FastChecked<QuoteEntry[]> = {
  schema: quoteEntriesSchema,
  accepts: (value): value is QuoteEntry[] => isArrayOf(value, isQuoteEntry),
};
