/** The quotes service's answer as the worker checks it: each symbol's columns or its error. zod/mini, as the worker's first chunk wants it. */
import * as z from 'zod/mini';
import { isArrayOf, isNumber, isRecord, type FastChecked } from './fast-check';
import type { QuoteEntry } from './quotes';

const numbers = z.array(z.number());
const DATA_SOURCES = ['yahoo', 'cache', 'files', 'sample'] as const;

const columns = {
  meta: z.looseObject({
    currency: z.nullable(z.string()),
    exchangeTimezoneName: z.nullable(z.string()),
    dataSource: z.enum(DATA_SOURCES),
  }),
  days: numbers,
  closes: numbers,
  dividends: z.looseObject({ days: numbers, amounts: numbers }),
  splits: z.looseObject({ days: numbers, numerators: numbers, denominators: numbers }),
};

/** Body of a `POST /api/quotes` answer: one entry per symbol asked for, its columns or its error. */
const quoteEntriesSchema = z.array(
  z.union([
    // First: an entry with an error is read as the error alone, whatever else it holds.
    z.object({ symbol: z.string(), error: z.string() }),
    z.looseObject({ symbol: z.string(), ...columns }),
  ]),
) as unknown as z.ZodMiniType<QuoteEntry[]>;

const isNumbers = (value: unknown) => isArrayOf(value, isNumber);
const isNullableString = (value: unknown) => value === null || typeof value === 'string';

/** `columns` read in place. */
function isColumns(value: Record<string, unknown>): boolean {
  const { meta, days, closes, dividends, splits } = value;
  if (!isRecord(meta) || !isNullableString(meta.currency) || !isNullableString(meta.exchangeTimezoneName)) return false;
  if (!DATA_SOURCES.some((source) => source === meta.dataSource)) return false;
  if (!isNumbers(days) || !isNumbers(closes)) return false;
  if (!isRecord(dividends) || !isNumbers(dividends.days) || !isNumbers(dividends.amounts)) return false;
  return isRecord(splits) && isNumbers(splits.days) && isNumbers(splits.numerators) && isNumbers(splits.denominators);
}

/** One entry: a symbol with its error alone, or with its columns (an entry with both goes to the schema). */
function isQuoteEntry(value: unknown): boolean {
  if (!isRecord(value) || typeof value.symbol !== 'string') return false;
  if ('error' in value) return typeof value.error === 'string' && Object.keys(value).length === 2;
  return isColumns(value);
}

/** The quotes service's answer: the schema, with the fast check of any number of symbols in front. */
export const quoteEntries: FastChecked<QuoteEntry[]> = {
  schema: quoteEntriesSchema,
  accepts: (value): value is QuoteEntry[] => isArrayOf(value, isQuoteEntry),
};

/** A series' `closesScale` (0..6): its closes travel as integer deltas (`closes-encoding.ts`). */
const closesScale = z.optional(z.literal([0, 1, 2, 3, 4, 5, 6]));

/**
 * The header of an answer in bytes (`quote-columns-binary.ts`) to a request that may name what the client
 * holds: per symbol its error, "unchanged", or its series (whole, or its tail after `after`) with its
 * count of bars in place of its days and closes, always with a validator (the service that answers in
 * bytes has them). No array in it runs to megabytes: zod alone checks it.
 */
export const quoteColumnsHeaderSchema = z.array(
  z.union([
    z.object({ symbol: z.string(), error: z.string() }),
    z.object({ symbol: z.string(), unchanged: z.literal(true) }),
    z.object({
      symbol: z.string(),
      meta: columns.meta,
      bars: z.int().check(z.nonnegative()),
      dividends: columns.dividends,
      splits: columns.splits,
      validator: z.string(),
      after: z.optional(z.number()),
      closesScale,
      closesFloat32: z.optional(z.literal(true)),
    }),
  ]),
);
