/** The quotes service's answer as the worker checks it: Yahoo's chart shape, loosely (Yahoo adds fields). */
import { z } from 'zod';
import type { QuoteEntry } from './quotes';

const values = z.array(z.number().nullable());

const chartResult = z.looseObject({
  meta: z.looseObject({ currency: z.string().nullable().optional(), symbol: z.string().optional() }),
  timestamp: z.array(z.number()).optional(),
  events: z
    .looseObject({
      dividends: z.record(z.string(), z.looseObject({ amount: z.number(), date: z.number() })).optional(),
      splits: z.record(z.string(), z.looseObject({ date: z.number(), numerator: z.number(), denominator: z.number() })).optional(),
    })
    .optional(),
  indicators: z.looseObject({
    quote: z.array(z.looseObject({ close: values.optional(), open: values.optional(), high: values.optional(), low: values.optional(), volume: values.optional() })),
    adjclose: z.array(z.looseObject({ adjclose: values.optional() })).optional(),
  }),
});

const chart = z.object({
  chart: z.object({
    result: z.array(chartResult).nullable(),
    error: z.object({ code: z.string(), description: z.string() }).nullable(),
  }),
});

/** Body of a `POST /api/quotes` answer: one entry per symbol asked for, its chart or its error. */
export const quoteEntriesSchema = z.array(
  z.union([z.object({ symbol: z.string(), error: z.string() }), z.object({ symbol: z.string(), data: chart })]),
) as unknown as z.ZodType<QuoteEntry[]>;

