/**
 * An answer of `GET`/`PUT /api/transactions` as the worker checks it: the shape and the types, not the
 * bounds the server enforced when it stored the set (checking those again costs time on 30,000 rows).
 * Written with zod/mini, as every schema the worker loads first: it bundles only the parts it uses, where
 * the full zod brings all of itself (JSON Schema output included) into the worker's first chunk.
 */
import * as z from 'zod/mini';
import { CURRENCIES, type TransactionsBody } from './transaction';

/** Loose: a field the server stores that this list does not name yet is passed on, not dropped. */
const storedTransaction = z.looseObject({
  ticker: z.string(),
  type: z.enum(['stock', 'dividend', 'commission']),
  date: z.string(),
  amount: z.number(),
  value: z.number(),
  currency: z.enum(CURRENCIES),
  importId: z.optional(z.string()),
  tax: z.optional(z.number()),
  product: z.optional(z.string()),
});

export const storedTransactionsBodySchema: z.ZodMiniType<TransactionsBody> = z.object({
  transactions: z.object({ stock: z.array(storedTransaction), dividend: z.array(storedTransaction), commission: z.array(storedTransaction) }),
});
