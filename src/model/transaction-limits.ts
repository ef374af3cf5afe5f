/**
 * The bounds a transaction must keep, shared by the server's schema (`transaction-schema.ts`) and the
 * client's add form, which must not need zod to apply them.
 */

/** Dates outside these years are typing mistakes, not history (inclusive). */
export const MIN_TRANSACTION_YEAR = 1900;
export const MAX_TRANSACTION_YEAR = 2100;

/** `amount` and `value` beyond ±1e12 are typing mistakes (a trillion shares or euros). */
export const MAX_ABSOLUTE_NUMBER = 1e12;

export const IMPORT_ID_MAX_LENGTH = 200;
/** The longest product name a trade keeps (DEGIRO cuts names far shorter). */
export const PRODUCT_MAX_LENGTH = 200;

/** At most this many transactions in one set (the stock, dividend, commission and cash lists together). */
export const MAX_TRANSACTIONS = 100_000;

/** At most this many accounts per user (an investor keeps a handful: a broker, a pension, a bank). */
export const MAX_ACCOUNTS = 50;

/** Whether an ISO date's year lies within the bounds; the date itself must already be valid. */
export function isTransactionYear(isoDate: string): boolean {
  const year = Number(isoDate.slice(0, 4));
  return year >= MIN_TRANSACTION_YEAR && year <= MAX_TRANSACTION_YEAR;
}

/** Whether a dividend's withheld tax is acceptable: a bounded number, not below 0. */
export function isWithheldTax(n: number): boolean {
  return isBoundedNumber(n) && n >= 0;
}

/** Whether a number is finite and within ±`MAX_ABSOLUTE_NUMBER`. */
export function isBoundedNumber(n: number): boolean {
  return Number.isFinite(n) && Math.abs(n) <= MAX_ABSOLUTE_NUMBER;
}
