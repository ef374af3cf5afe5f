/** The quotes service's answer as the worker checks it: Yahoo's chart shape, loosely (Yahoo adds fields). zod/mini, as the worker's first chunk wants it. */
import * as z from 'zod/mini';
import type { QuoteEntry } from './quotes';

const values = z.array(z.nullable(z.number()));

const chartResult = z.looseObject({
  meta: z.looseObject({ currency: z.optional(z.nullable(z.string())), symbol: z.optional(z.string()) }),
  timestamp: z.optional(z.array(z.number())),
  events: z.optional(
    z.looseObject({
      dividends: z.optional(z.record(z.string(), z.looseObject({ amount: z.number(), date: z.number() }))),
      splits: z.optional(z.record(z.string(), z.looseObject({ date: z.number(), numerator: z.number(), denominator: z.number() }))),
    }),
  ),
  indicators: z.looseObject({
    quote: z.array(z.looseObject({ close: z.optional(values), open: z.optional(values), high: z.optional(values), low: z.optional(values), volume: z.optional(values) })),
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
export const quoteEntriesSchema = z.array(
  z.union([z.object({ symbol: z.string(), error: z.string() }), z.object({ symbol: z.string(), data: chart })]),
) as unknown as z.ZodMiniType<QuoteEntry[]>;
