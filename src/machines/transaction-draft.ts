import { CURRENCIES, isIsoDate, TICKER_MAX_LENGTH, TICKER_PATTERN, type Currency, type Transaction, type TransactionType } from '../model';
import { isBoundedNumber, isTransactionYear, MAX_TRANSACTION_YEAR, MIN_TRANSACTION_YEAR } from '../model/transaction-limits';

/** What the add form holds: text as typed. */
export interface TransactionDraft {
  type: TransactionType;
  ticker: string;
  date: string;
  amount: string;
  value: string;
  currency: Currency;
}

export type DraftField = keyof TransactionDraft;

export type DraftResult = { ok: true; transaction: Transaction } | { ok: false; errors: Partial<Record<DraftField, string>> };

const parseNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

const TOO_LARGE = 'Enter at most 1,000,000,000,000 (a trillion) either way.';

/** Checks the form before anything is sent, by the server's own bounds; each problem is named next to its field. */
export function validateDraft(draft: TransactionDraft): DraftResult {
  const errors: Partial<Record<DraftField, string>> = {};
  const ticker = draft.ticker.trim().toUpperCase();
  if (ticker === '') errors.ticker = 'Enter a ticker, e.g. VWCE.DE.';
  else if (ticker.length > TICKER_MAX_LENGTH || !TICKER_PATTERN.test(ticker)) errors.ticker = 'A ticker has letters, digits, dots, dashes or = only (Yahoo symbol).';
  if (!isIsoDate(draft.date)) errors.date = 'Enter a date.';
  else if (!isTransactionYear(draft.date)) errors.date = `Enter a date between ${MIN_TRANSACTION_YEAR} and ${MAX_TRANSACTION_YEAR}.`;
  const amount = draft.type === 'stock' ? parseNumber(draft.amount) : 1;
  if (!Number.isFinite(amount)) errors.amount = 'Enter a number of shares.';
  else if (!isBoundedNumber(amount)) errors.amount = TOO_LARGE;
  else if (draft.type === 'stock' && amount === 0) errors.amount = 'A stock transaction needs a number of shares other than 0 (negative for a sell).';
  const value = parseNumber(draft.value);
  if (!Number.isFinite(value)) errors.value = 'Enter a value as a number.';
  else if (!isBoundedNumber(value)) errors.value = TOO_LARGE;
  if (!(CURRENCIES as readonly string[]).includes(draft.currency)) errors.currency = 'Choose Euro or US Dollar.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, transaction: { ticker, type: draft.type, date: draft.date, amount, value, currency: draft.currency } };
}
