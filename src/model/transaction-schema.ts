/**
 * The zod schema of a transaction set: the server validates every `PUT /api/transactions` with it and
 * the client's forms validate with the same rules. Free of Node and DOM so every layer may import it.
 */
import { z } from 'zod';
import { isIsoDate } from './days';
import { CURRENCIES, TICKER_MAX_LENGTH, TICKER_PATTERN, type TransactionsBody } from './transaction';
import {
  IMPORT_ID_MAX_LENGTH,
  PRODUCT_MAX_LENGTH,
  isBoundedNumber,
  isTransactionYear,
  isWithheldTax,
  MAX_ABSOLUTE_NUMBER,
  MAX_TRANSACTIONS,
  MAX_TRANSACTION_YEAR,
  MIN_TRANSACTION_YEAR,
} from './transaction-limits';

export { IMPORT_ID_MAX_LENGTH, MAX_ABSOLUTE_NUMBER, MAX_TRANSACTIONS, MAX_TRANSACTION_YEAR, MIN_TRANSACTION_YEAR } from './transaction-limits';

const tickerSchema = z
  .string()
  .max(TICKER_MAX_LENGTH, `at most ${TICKER_MAX_LENGTH} characters`)
  .regex(TICKER_PATTERN, 'not a ticker as Yahoo spells it (letters, digits, . - = ^)');

const dateSchema = z.string().refine(
  (text) => isIsoDate(text) && isTransactionYear(text),
  { message: `a calendar date YYYY-MM-DD between ${MIN_TRANSACTION_YEAR} and ${MAX_TRANSACTION_YEAR}` },
);

const boundedNumber = z
  .number()
  .refine(isBoundedNumber, {
    message: `a finite number within ±${MAX_ABSOLUTE_NUMBER}`,
  });

/** Withheld tax: never below 0 (a refund is cash received, not a negative tax), bounded like a value. */
const taxSchema = z.number().refine(isWithheldTax, {
  message: `a finite number from 0 to ${MAX_ABSOLUTE_NUMBER} (the tax withheld, in the dividend's currency)`,
});

function transactionFields<Type extends 'stock' | 'dividend' | 'commission'>(type: Type) {
  return {
    ticker: tickerSchema,
    type: z.literal(type, `must be "${type}" in the ${type} list`),
    date: dateSchema,
    amount: boundedNumber,
    value: boundedNumber,
    currency: z.enum(CURRENCIES, `one of ${CURRENCIES.join(', ')}`),
    importId: z.string().min(1).max(IMPORT_ID_MAX_LENGTH).optional(),
  };
}

/** Only a trade may carry the product name its import saw. */
export const stockTransactionSchema = z.strictObject({
  ...transactionFields('stock'),
  product: z.string().min(1).max(PRODUCT_MAX_LENGTH).optional(),
  /** The currency of the trade's price on the statement (an ISO code, or `GBp`/`GBX` pence). */
  priceCurrency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'a currency code of three letters')
    .optional(),
});
/** Only a dividend may carry `tax`; on a trade or a fee it is an unknown key. */
export const dividendTransactionSchema = z.strictObject({ ...transactionFields('dividend'), tax: taxSchema.optional() });
export const commissionTransactionSchema = z.strictObject(transactionFields('commission'));

export const transactionSetSchema = z
  .strictObject({
    stock: z.array(stockTransactionSchema),
    dividend: z.array(dividendTransactionSchema),
    commission: z.array(commissionTransactionSchema),
  })
  .refine((set) => set.stock.length + set.dividend.length + set.commission.length <= MAX_TRANSACTIONS, {
    message: `at most ${MAX_TRANSACTIONS} transactions`,
  });

/** Body of `GET` and `PUT /api/transactions`. */
export const transactionsBodySchema = z.strictObject({ transactions: transactionSetSchema });

/** One problem with a body: where (`transactions.stock.3.date`, empty for the body itself) and what. */
export interface ValidationIssue {
  path: string;
  message: string;
}

export type TransactionsBodyValidation =
  | { ok: true; body: TransactionsBody }
  | { ok: false; issues: ValidationIssue[] };

/** Validates an untrusted value (parsed JSON, a form's state) as a `TransactionsBody`. */
export function validateTransactionsBody(input: unknown): TransactionsBodyValidation {
  const result = transactionsBodySchema.safeParse(input);
  if (result.success) return { ok: true, body: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      path: issue.path.map((key) => String(key)).join('.'),
      message: issue.message,
    })),
  };
}
