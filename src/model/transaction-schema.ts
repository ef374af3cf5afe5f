/**
 * The zod schema of a transaction set: the server validates every `PUT /api/transactions` with it and
 * the worker a backup it restores, with the same rules. Free of Node and DOM so every layer may import it.
 * In zod/mini, as the worker's other schemas: the full zod's string formats (e-mail, UUID, IP…) would
 * otherwise come into the worker's first chunk through the zod core it shares (9 KB gzip). Mini loads no
 * locale: where a message is zod's own, the full zod's import on the server, and the worker's restore
 * (backup/read-restore.ts), set its English words.
 */
import * as z from 'zod/mini';
import { isIsoDate } from './days';
import { CURRENCIES, notACurrency } from './currencies';
import { TICKER_MAX_LENGTH, TICKER_PATTERN, type TransactionsBody } from './transaction';
import { ACCOUNT_ID_MAX_LENGTH, ACCOUNT_NAME_MAX_LENGTH, CASH_KINDS, type CashKind } from './cash';
import {
  IMPORT_ID_MAX_LENGTH,
  PRODUCT_MAX_LENGTH,
  isBoundedNumber,
  isTransactionYear,
  isWithheldTax,
  MAX_ABSOLUTE_NUMBER,
  MAX_ACCOUNTS,
  MAX_TRANSACTIONS,
  MAX_TRANSACTION_YEAR,
  MIN_TRANSACTION_YEAR,
} from './transaction-limits';

export {
  IMPORT_ID_MAX_LENGTH,
  MAX_ABSOLUTE_NUMBER,
  MAX_ACCOUNTS,
  MAX_TRANSACTIONS,
  MAX_TRANSACTION_YEAR,
  MIN_TRANSACTION_YEAR,
} from './transaction-limits';

const tickerSchema = z
  .string()
  .check(
    z.maxLength(TICKER_MAX_LENGTH, `at most ${TICKER_MAX_LENGTH} characters`),
    z.regex(TICKER_PATTERN, 'not a ticker as Yahoo spells it (letters, digits, . - = ^)'),
  );

const dateSchema = z.string().check(
  z.refine((text) => isIsoDate(text) && isTransactionYear(text), {
    message: `a calendar date YYYY-MM-DD between ${MIN_TRANSACTION_YEAR} and ${MAX_TRANSACTION_YEAR}`,
  }),
);

const boundedNumber = z.number().check(
  z.refine(isBoundedNumber, {
    message: `a finite number within ±${MAX_ABSOLUTE_NUMBER}`,
  }),
);

/** Withheld tax: never below 0 (a refund is cash received, not a negative tax), bounded like a value. */
const taxSchema = z.number().check(
  z.refine(isWithheldTax, {
    message: `a finite number from 0 to ${MAX_ABSOLUTE_NUMBER} (the tax withheld, in the dividend's currency)`,
  }),
);

/** An account's id as a row names it: printable, no spaces, at most ACCOUNT_ID_MAX_LENGTH characters. */
export const accountIdSchema = z
  .string()
  .check(
    z.regex(
      new RegExp(`^[A-Za-z0-9._:-]{1,${ACCOUNT_ID_MAX_LENGTH}}$`),
      `an account id: 1 to ${ACCOUNT_ID_MAX_LENGTH} letters, digits, ".", "_", ":" or "-"`,
    ),
  );

/** An optional string of 1 to `max` characters (an import's id, a product's name). */
const optionalText = (max: number) => z.optional(z.string().check(z.minLength(1), z.maxLength(max)));

const currencySchema = z.enum(CURRENCIES, { error: (issue) => notACurrency(issue.input) });

function transactionFields<Type extends 'stock' | 'dividend' | 'commission'>(type: Type) {
  return {
    account: z.optional(accountIdSchema),
    ticker: tickerSchema,
    type: z.literal(type, `must be "${type}" in the ${type} list`),
    date: dateSchema,
    amount: boundedNumber,
    value: boundedNumber,
    currency: currencySchema,
    importId: optionalText(IMPORT_ID_MAX_LENGTH),
  };
}

/** Only a trade may carry the product name its import saw. */
export const stockTransactionSchema = z.strictObject({
  ...transactionFields('stock'),
  product: optionalText(PRODUCT_MAX_LENGTH),
  /** The currency of the trade's price on the statement (an ISO code, or `GBp`/`GBX` pence). */
  priceCurrency: z.optional(z.string().check(z.regex(/^[A-Za-z]{3}$/, 'a currency code of three letters'))),
});
/** Only a dividend may carry `tax`; on a trade or a fee it is an unknown key. */
export const dividendTransactionSchema = z.strictObject({
  ...transactionFields('dividend'),
  tax: z.optional(taxSchema),
});
export const commissionTransactionSchema = z.strictObject(transactionFields('commission'));

/**
 * The sign a cash transaction's value must have, by kind (SEMANTICS.md "Cash": signed from the account's
 * side): a deposit is money in (> 0), a withdrawal money out (< 0); interest, a fee (negative: a cost;
 * positive: its refund) and one leg of a conversion go either way.
 */
export const CASH_SIGNS: Readonly<Record<CashKind, { test: (value: number) => boolean; words: string } | null>> = {
  deposit: { test: (value) => value > 0, words: 'a deposit is money in: more than 0' },
  withdrawal: { test: (value) => value < 0, words: 'a withdrawal is money out: less than 0' },
  interest: null,
  fee: null,
  conversion: null,
};

export const cashTransactionSchema = z
  .strictObject({
    account: z.optional(accountIdSchema),
    type: z.literal('cash', 'must be "cash" in the cash list'),
    kind: z.enum(CASH_KINDS, `one of ${CASH_KINDS.join(', ')}`),
    date: dateSchema,
    value: boundedNumber,
    currency: currencySchema,
    importId: optionalText(IMPORT_ID_MAX_LENGTH),
  })
  .check(
    z.superRefine((cash, context) => {
      const sign = CASH_SIGNS[cash.kind];
      if (sign && !sign.test(cash.value))
        context.addIssue({ code: 'custom', path: ['value'], message: `${sign.words} (this one is ${cash.value})` });
    }),
  );

/** An account as sent: an id and a name (trimmed, not empty). */
export const accountSchema = z.strictObject({
  id: accountIdSchema,
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'an account needs a name'),
      z.maxLength(ACCOUNT_NAME_MAX_LENGTH, `at most ${ACCOUNT_NAME_MAX_LENGTH} characters`),
    ),
});

/** The accounts of a body: at least one, at most MAX_ACCOUNTS, each id once. */
export const accountsSchema = z.array(accountSchema).check(
  z.minLength(1, 'at least one account'),
  z.maxLength(MAX_ACCOUNTS, `at most ${MAX_ACCOUNTS} accounts`),
  z.superRefine((accounts, context) => {
    const seen = new Set<string>();
    accounts.forEach((account, index) => {
      if (seen.has(account.id))
        context.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: `the id ${account.id} is used by an earlier account`,
        });
      seen.add(account.id);
    });
  }),
);

export const transactionSetSchema = z
  .strictObject({
    stock: z.array(stockTransactionSchema),
    dividend: z.array(dividendTransactionSchema),
    commission: z.array(commissionTransactionSchema),
    cash: z.optional(z.array(cashTransactionSchema)),
  })
  .check(
    z.refine(
      (set) =>
        set.stock.length + set.dividend.length + set.commission.length + (set.cash?.length ?? 0) <= MAX_TRANSACTIONS,
      { message: `at most ${MAX_TRANSACTIONS} transactions` },
    ),
  );

/** Body of `GET` and `PUT /api/transactions`: the set, and the accounts beside it (absent: kept as stored). */
export const transactionsBodySchema = z.strictObject({
  transactions: transactionSetSchema,
  accounts: z.optional(accountsSchema),
});

/** One problem with a body: where (`transactions.stock.3.date`, empty for the body itself) and what. */
export interface ValidationIssue {
  path: string;
  message: string;
}

export type TransactionsBodyValidation =
  { ok: true; body: TransactionsBody } | { ok: false; issues: ValidationIssue[] };

/** Validates an untrusted value (parsed JSON, a form's state) as a `TransactionsBody`. */
export function validateTransactionsBody(input: unknown): TransactionsBodyValidation {
  const result = z.safeParse(transactionsBodySchema, input);
  if (result.success) return { ok: true, body: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      path: issue.path.map((key) => String(key)).join('.'),
      message: issue.message,
    })),
  };
}
