import { isCurrency, notACurrency } from '../model/currencies';
import { TICKER_MAX_LENGTH, TICKER_PATTERN, type Transaction, type TransactionType } from '../model';
import { parseLocaleDate } from '../model/locale-date';
import { parseLocaleNumber } from '../model/locale-number';
import {
  isBoundedNumber,
  isTransactionYear,
  isWithheldTax,
  MAX_TRANSACTION_YEAR,
  MIN_TRANSACTION_YEAR,
} from '../model/transaction-limits';

/** What the add form holds: text as typed (numbers and the date in the user's locale). */
export interface TransactionDraft {
  type: TransactionType;
  ticker: string;
  date: string;
  amount: string;
  value: string;
  /** An ISO 4217 code, as chosen or typed (`gbp` reads as GBP). */
  currency: string;
  /** Dividends only, optional: the tax withheld at source, in `currency`; empty for none recorded. */
  tax: string;
  /** The account's id; absent or '' for the set's first. */
  account?: string;
}

export type DraftField = keyof TransactionDraft;

export type DraftResult =
  { ok: true; transaction: Transaction } | { ok: false; errors: Partial<Record<DraftField, string>> };

const tooLarge = (locale: string): string =>
  `Enter at most ${new Intl.NumberFormat(locale).format(1e12)} (a trillion) either way.`;

/**
 * Checks the form before anything is sent, by the server's own bounds; each problem is named next to its
 * field. Numbers and the date are read in `locale` by the one locale parser, which refuses ambiguous input.
 */
export function validateDraft(draft: TransactionDraft, locale: string): DraftResult {
  const errors: Partial<Record<DraftField, string>> = {};
  const ticker = draft.ticker.trim().toUpperCase();
  if (ticker === '') errors.ticker = 'Enter a ticker, e.g. VWCE.DE.';
  else if (ticker.length > TICKER_MAX_LENGTH || !TICKER_PATTERN.test(ticker))
    errors.ticker = 'A ticker has letters, digits, dots, dashes or = only (Yahoo symbol).';
  const date = parseLocaleDate(draft.date, locale);
  if (!date.ok) errors.date = date.problem === 'empty' ? date.message : `Enter a date. ${date.message}`;
  else if (!isTransactionYear(date.iso))
    errors.date = `Enter a date between ${MIN_TRANSACTION_YEAR} and ${MAX_TRANSACTION_YEAR}.`;
  const amountReading =
    draft.type === 'stock' ? parseLocaleNumber(draft.amount, locale) : ({ ok: true, value: 1 } as const);
  const amount = amountReading.ok ? amountReading.value : Number.NaN;
  if (!amountReading.ok)
    errors.amount =
      amountReading.problem === 'ambiguous'
        ? amountReading.message
        : `Enter a number of shares. ${amountReading.message}`;
  else if (!isBoundedNumber(amount)) errors.amount = tooLarge(locale);
  else if (draft.type === 'stock' && amount === 0)
    errors.amount = 'A stock transaction needs a number of shares other than 0 (negative for a sell).';
  const valueReading = parseLocaleNumber(draft.value, locale);
  const value = valueReading.ok ? valueReading.value : Number.NaN;
  if (!valueReading.ok)
    errors.value =
      valueReading.problem === 'ambiguous'
        ? valueReading.message
        : `Enter a value as a number. ${valueReading.message}`;
  else if (!isBoundedNumber(value)) errors.value = tooLarge(locale);
  const currency = draft.currency.trim().toUpperCase();
  if (!isCurrency(currency)) errors.currency = `Choose a currency: ${notACurrency(draft.currency)}.`;
  // Empty is no tax recorded; only a dividend has tax withheld (the form shows the field for dividends only).
  const withTax = draft.type === 'dividend' && draft.tax.trim() !== '';
  const taxReading = withTax ? parseLocaleNumber(draft.tax, locale) : ({ ok: true, value: 0 } as const);
  const tax = taxReading.ok ? taxReading.value : Number.NaN;
  if (!taxReading.ok)
    errors.tax =
      taxReading.problem === 'ambiguous'
        ? taxReading.message
        : `Enter the tax withheld as a number, or leave it empty. ${taxReading.message}`;
  else if (!isWithheldTax(tax))
    errors.tax = tax < 0 ? 'The tax withheld is 0 or more (the value is what you received).' : tooLarge(locale);
  if (Object.keys(errors).length > 0 || !isCurrency(currency)) return { ok: false, errors };
  const transaction: Transaction = {
    ticker,
    type: draft.type,
    date: date.ok ? date.iso : draft.date,
    amount,
    value,
    currency,
  };
  if (withTax) transaction.tax = tax;
  if (draft.account) transaction.account = draft.account;
  return { ok: true, transaction };
}
