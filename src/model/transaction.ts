/** The shared vocabulary of the product: what a transaction is, as stored and as sent over the wire. */
import type { Account, CashTransaction } from './cash';
import type { Currency } from './currencies';

export const TRANSACTION_TYPES = ['stock', 'dividend', 'commission'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

// A transaction is in any active ISO 4217 code (currencies.ts, imported from there: the worker's first chunk
// leaves the list out); quotes may also be in minor units (`GBp`).
export type { Currency } from './currencies';

/** A ticker as Yahoo spells it: `VWCE.DE`, `BRK-B`, `EUR=X`, `^GSPC`. */
export const TICKER_PATTERN = /^[A-Za-z0-9^][A-Za-z0-9.\-=^]{0,19}$/;
export const TICKER_MAX_LENGTH = 20;
/** What is wrong with a text that is not a ticker, after the quoted text. */
export const NOT_A_TICKER = 'is not a Yahoo symbol (letters, digits, ".", "-", "=", "^"; at most 20 characters)';

/** A ticker as stored: trimmed and upper-case; null when it is not a Yahoo symbol. */
export function normaliseTicker(ticker: string): string | null {
  const normalised = ticker.trim().toUpperCase();
  return TICKER_PATTERN.test(normalised) ? normalised : null;
}

export interface Transaction {
  /** The id of the account it belongs to (`Account`, cash.ts); absent: the set's first account. */
  account?: string;
  ticker: string;
  type: TransactionType;
  /** Calendar day, `YYYY-MM-DD`. */
  date: string;
  /** stock: shares (negative for a sell); dividend and commission: 1 by convention. */
  amount: number;
  /** Cash in `currency`: paid for a buy (positive), received for a sell (negative), received dividend, paid commission. */
  value: number;
  currency: Currency;
  /**
   * Dividends only: the tax withheld at source, ≥ 0, in `currency` (`value` stays the cash received, so
   * the gross dividend is `value + tax`). Absent when unknown or none.
   */
  tax?: number;
  /**
   * Stable fingerprint of the source rows an imported transaction came from, so that importing the
   * same file twice adds nothing. Absent for transactions entered by hand.
   */
  importId?: string;
  /**
   * Stock only: the product name the import saw on the statement (`VANGUARD FTSE ALL-WORLD UCITS ETF`),
   * kept with the trade so a holding keeps its name whatever symbol it is later stored under. Absent for
   * trades entered by hand.
   */
  product?: string;
  /**
   * Stock only: the currency the statement priced the trade in (`Koop 5 @ 200 USD`) when it is not
   * `currency`: DEGIRO's AutoFX books a USD listing's trade in EUR. It is the listing's quote currency,
   * which a holding without quotes is named and allocated by. Absent when the two are the same.
   */
  priceCurrency?: string;
}

/**
 * The database shape: one list per type, each sorted by date ascending, and beside the seed's three the
 * account's `cash` (SEMANTICS.md "Cash"; absent in older data and from a seed-shaped client: no cash).
 */
export interface TransactionSet {
  stock: Transaction[];
  dividend: Transaction[];
  commission: Transaction[];
  cash?: CashTransaction[];
}

/**
 * Body of `GET` and `PUT /api/transactions`: the seed's shape, and beside it the user's `accounts`
 * (SEMANTICS.md "Accounts and views"; absent: one account). A PUT without `cash` or `accounts` keeps the
 * stored ones, so a seed-shaped client writes its part without erasing the rest.
 */
export interface TransactionsBody {
  transactions: TransactionSet;
  accounts?: Account[];
}

/** One empty list per transaction type: the start of a set, of a ticker's group, of a list per type. */
export function emptyByType<T>(): Record<TransactionType, T[]> {
  return { stock: [], dividend: [], commission: [] };
}

export function emptyTransactionSet(): TransactionSet {
  return emptyByType<Transaction>();
}

export function countTransactions(set: TransactionSet): number {
  return set.stock.length + set.dividend.length + set.commission.length;
}

/** Transactions per ticker: one list per type, each in the set's order; tickers in the order they first appear (stock, then dividend, then commission). */
export type TickerGroups<T> = Map<string, Record<TransactionType, T[]>>;

/** A set's transactions per ticker (TickerGroups). The engine's columns and the transactions page's sections both start from it. */
export function groupByTicker<T extends { ticker: string }>(
  set: Readonly<Record<TransactionType, readonly T[]>>,
): TickerGroups<T> {
  const groups: TickerGroups<T> = new Map();
  for (const type of TRANSACTION_TYPES) {
    for (const transaction of set[type]) {
      let group = groups.get(transaction.ticker);
      if (!group) groups.set(transaction.ticker, (group = emptyByType<T>()));
      group[type].push(transaction);
    }
  }
  return groups;
}

export function isTransactionType(type: string): type is TransactionType {
  return (TRANSACTION_TYPES as readonly string[]).includes(type);
}

/** Oldest first; a stable sort keeps transactions of one day in the order they came in. */
export const byDateAscending = (a: { date: string }, b: { date: string }): number =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : 0;

/** Newest first; transactions of one day keep the order they came in. */
export const byDateDescending = (a: { date: string }, b: { date: string }): number => byDateAscending(b, a);

/** A copy of `set` with each list sorted by date ascending, the order the server stores (the cash list too, when the set has one). */
export function sortedByDate(set: TransactionSet): TransactionSet {
  const sorted: TransactionSet = {
    stock: [...set.stock].sort(byDateAscending),
    dividend: [...set.dividend].sort(byDateAscending),
    commission: [...set.commission].sort(byDateAscending),
  };
  if (set.cash) sorted.cash = [...set.cash].sort(byDateAscending);
  return sorted;
}

/** A transaction in a list the worker sent: `id` names it in an intent (edit, delete) for as long as the page lives. */
export type ListedTransaction = Transaction & { id: number };

/** A transaction set as the page lists it: each transaction with its id. */
export interface ListedSet {
  stock: ListedTransaction[];
  dividend: ListedTransaction[];
  commission: ListedTransaction[];
}
