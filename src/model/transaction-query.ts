/**
 * What the transactions page asks to see of the set: words to find, a type, a ticker, a date range and an
 * order. The worker answers with the matching transactions' ids in that order (worker/transaction-query.ts).
 */
import type { TransactionType } from './transaction';

export const TRANSACTION_SORTS = ['ticker', 'dateDesc', 'dateAsc', 'valueDesc', 'valueAsc'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

export interface TransactionQuery {
  /** Text to find in the ticker, the product name or the ISIN, ignoring case; '' finds every one. */
  text: string;
  /** One type only; null for all. */
  type: TransactionType | null;
  /** One ticker only; null for all. */
  ticker: string | null;
  /** First and last day, `YYYY-MM-DD`, both included; null leaves that end open. */
  from: string | null;
  to: string | null;
  /** By ticker (then type, newest first), by date, or by value (in the transaction's own currency). */
  sort: TransactionSort;
}

export const EVERY_TRANSACTION: TransactionQuery = {
  text: '',
  type: null,
  ticker: null,
  from: null,
  to: null,
  sort: 'ticker',
};

/** Whether the query leaves every transaction in. */
export const filtersNothing = (query: TransactionQuery): boolean =>
  query.text.trim() === '' && query.type === null && query.ticker === null && query.from === null && query.to === null;

/** Whether the page shows the plain listing (every transaction, by ticker), which needs no query. */
export const isPlainListing = (query: TransactionQuery): boolean => filtersNothing(query) && query.sort === 'ticker';

export const sameQuery = (a: TransactionQuery, b: TransactionQuery): boolean =>
  a.text === b.text &&
  a.type === b.type &&
  a.ticker === b.ticker &&
  a.from === b.from &&
  a.to === b.to &&
  a.sort === b.sort;

/** The worker's answer: the ids of the matching transactions in the query's order, for the set of `version`. */
export interface TransactionMatches {
  ids: Uint32Array;
  /** How many transactions the set holds. */
  total: number;
  version: string | null;
}
