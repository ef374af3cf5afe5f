/**
 * `/api/symbols`, from the worker: the listings of the products of a parsed file (`POST /resolve`, in
 * requests of at most {@link MAX_SYMBOL_PRODUCTS}), and the user's symbol choices (`GET`/`PUT /choices`),
 * every answer checked on arrival. Reading the choices, which every load does, is `symbol-choices-api.ts`,
 * so that the worker's first chunk leaves the rest out.
 */
import * as z from 'zod/mini';
import {
  LISTING_TYPES,
  MAX_SYMBOL_PRODUCTS,
  type SymbolChoice,
  type SymbolProduct,
  type SymbolResolution,
} from '../../model/symbols';
import { requestJson, type Credentials } from './http';

const candidateSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  exchange: z.string(),
  venue: z.string(),
  currency: z.nullable(z.string()),
  type: z.enum(LISTING_TYPES),
});

const resolveAnswer = z.object({
  results: z.array(
    z.object({
      isin: z.string(),
      candidates: z.array(candidateSchema),
      chosen: z.nullable(z.object({ symbol: z.string(), source: z.enum(['saved', 'lookup', 'table']) })),
      problem: z.optional(z.string()),
    }),
  ),
});

const savedAnswer = z.object({ saved: z.number(), forgotten: z.number() });

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += MAX_SYMBOL_PRODUCTS) out.push(items.slice(i, i + MAX_SYMBOL_PRODUCTS));
  return out;
}

/** One resolution per product, in the order given (products with checked ISINs, each once). */
export async function resolveSymbols(
  credentials: Credentials,
  products: readonly SymbolProduct[],
): Promise<SymbolResolution[]> {
  const answers = await Promise.all(
    batches(products).map((batch) =>
      requestJson('/api/symbols/resolve', resolveAnswer, { method: 'POST', credentials, body: { products: batch } }),
    ),
  );
  return answers.flatMap((answer) => answer.body.results);
}

/** Stores (or, symbol null, forgets) the user's choices on the server. */
export async function saveSymbolChoices(credentials: Credentials, choices: readonly SymbolChoice[]): Promise<void> {
  for (const batch of batches(choices))
    await requestJson('/api/symbols/choices', savedAnswer, { method: 'PUT', credentials, body: { choices: batch } });
}

export { fetchSymbolChoices } from './symbol-choices-api';
