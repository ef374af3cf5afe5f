/**
 * An answer of `GET`/`PUT /api/transactions` as the worker checks it: the shape and the types, not the
 * bounds the server enforced when it stored the set (checking those again costs time on 30,000 rows).
 * Written with zod/mini, as every schema the worker loads first: it bundles only the parts it uses, where
 * the full zod brings all of itself (JSON Schema output included) into the worker's first chunk.
 */
import * as z from 'zod/mini';
import { isArrayOf, isNumber, isOptionalString, isRecord, type FastChecked } from './fast-check';
import { TRANSACTION_TYPES, type Currency, type TransactionsBody } from './transaction';
import { CASH_KINDS } from './cash';

/**
 * A currency's shape, three capital letters: the server checked the code against ISO 4217 when it stored
 * it, and the list of every code would weigh on the worker's first chunk.
 */
const isCurrencyShaped = (value: unknown): value is Currency => typeof value === 'string' && /^[A-Z]{3}$/.test(value);
const currencySchema = z.custom<Currency>(isCurrencyShaped);

/** Loose: a field the server stores that this list does not name yet is passed on, not dropped. */
const storedTransaction = z.looseObject({
  account: z.optional(z.string()),
  ticker: z.string(),
  type: z.enum(['stock', 'dividend', 'commission']),
  date: z.string(),
  amount: z.number(),
  value: z.number(),
  currency: currencySchema,
  importId: z.optional(z.string()),
  tax: z.optional(z.number()),
  product: z.optional(z.string()),
  priceCurrency: z.optional(z.string()),
});

const storedCash = z.looseObject({
  account: z.optional(z.string()),
  type: z.literal('cash'),
  kind: z.enum(CASH_KINDS),
  date: z.string(),
  value: z.number(),
  currency: currencySchema,
  importId: z.optional(z.string()),
});

const storedAccount = z.object({ id: z.string(), name: z.string() });

const storedTransactionsBodySchema: z.ZodMiniType<TransactionsBody> = z.object({
  transactions: z.object({
    stock: z.array(storedTransaction),
    dividend: z.array(storedTransaction),
    commission: z.array(storedTransaction),
    cash: z.optional(z.array(storedCash)),
  }),
  accounts: z.optional(z.array(storedAccount)),
});

const TYPES: ReadonlySet<unknown> = new Set(TRANSACTION_TYPES);
const KINDS: ReadonlySet<unknown> = new Set(CASH_KINDS);

/** `storedTransaction` read in place. */
function isStoredTransaction(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { account, ticker, type, date, amount, value: worth, currency, importId, tax, product, priceCurrency } = value;
  return (
    isOptionalString(account) &&
    typeof ticker === 'string' &&
    TYPES.has(type) &&
    typeof date === 'string' &&
    isNumber(amount) &&
    isNumber(worth) &&
    isCurrencyShaped(currency) &&
    isOptionalString(importId) &&
    (tax === undefined || isNumber(tax)) &&
    isOptionalString(product) &&
    isOptionalString(priceCurrency)
  );
}

/** `storedCash` read in place. */
function isStoredCash(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { account, type, kind, date, value: worth, currency, importId } = value;
  return (
    isOptionalString(account) &&
    type === 'cash' &&
    KINDS.has(kind) &&
    typeof date === 'string' &&
    isNumber(worth) &&
    isCurrencyShaped(currency) &&
    isOptionalString(importId)
  );
}

const isStoredAccount = (value: unknown): boolean =>
  isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string';

/** The transactions service's answer: the schema, with the fast check of a set of any size in front. */
export const storedTransactionsBody: FastChecked<TransactionsBody> = {
  schema: storedTransactionsBodySchema,
  accepts: (value): value is TransactionsBody => {
    if (!isRecord(value) || !isRecord(value.transactions)) return false;
    const { stock, dividend, commission, cash } = value.transactions;
    return (
      isArrayOf(stock, isStoredTransaction) &&
      isArrayOf(dividend, isStoredTransaction) &&
      isArrayOf(commission, isStoredTransaction) &&
      (cash === undefined || isArrayOf(cash, isStoredCash)) &&
      (value.accounts === undefined || isArrayOf(value.accounts, isStoredAccount))
    );
  },
};
