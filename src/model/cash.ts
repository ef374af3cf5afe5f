/**
 * Accounts and the cash in them (SEMANTICS.md, "Accounts and views", "Cash"). Beside the seed's three
 * transaction lists, not in them: a set's optional `cash` list (`TransactionSet`, transaction.ts) and the
 * body's `accounts` (`TransactionsBody`) keep the seed's `{stock, dividend, commission}` as it was.
 */
import type { Currency, TransactionSet } from './transaction';

/** An account of its user: DEGIRO, DEGIRO pension, Bank broker. */
export interface Account {
  /** Stable id that transactions name in their `account`. */
  id: string;
  /** The name the user chose. */
  name: string;
}

export const CASH_KINDS = ['deposit', 'withdrawal', 'interest', 'fee', 'conversion'] as const;
/**
 * deposit / withdrawal: money the investor put in or took out (the only external flows); interest
 * (either sign); fee: an account cost that belongs to no product; conversion: one leg of a currency
 * exchange inside the account (two cash transactions on one day, one per currency).
 */
export type CashKind = (typeof CASH_KINDS)[number];

export interface CashTransaction {
  /** The account's id; absent: the set's first account (older data, one account). */
  account?: string;
  type: 'cash';
  kind: CashKind;
  /** Calendar day, `YYYY-MM-DD`. */
  date: string;
  /** Signed from the account's side, in `currency`: money in > 0, out < 0 (a withdrawal and a fee are negative). */
  value: number;
  currency: Currency;
  /** As for the other transactions: the fingerprint of the imported rows it came from. */
  importId?: string;
}

/** A transaction set with its cash: the seed's three lists and, optionally, the `cash` list (now `TransactionSet` itself). */
export type TransactionSetWithCash = TransactionSet;

/** A cash transaction in a list the worker sent: `id` names it in an intent (editCash, deleteCash). */
export type ListedCash = CashTransaction & { id: number };

/** The one account of a set stored without accounts (older data, a seed-shaped client's first write): migration 10 stores it. */
export const FIRST_ACCOUNT: Readonly<Account> = Object.freeze({ id: 'main', name: 'My account' });

/** The accounts of a set as stored or sent; none (absent or empty): the one `FIRST_ACCOUNT`. */
export function accountsOrFirst(accounts: readonly Account[] | undefined): Account[] {
  return accounts && accounts.length > 0 ? accounts.map(({ id, name }) => ({ id, name })) : [{ ...FIRST_ACCOUNT }];
}

/** The id of the account a row belongs to: its own, or the set's first account's when it names none. */
export function accountOf(row: { account?: string }, accounts: readonly Account[]): string {
  return row.account ?? accounts[0]?.id ?? FIRST_ACCOUNT.id;
}

/** The longest account name, in characters (after trimming). */
export const ACCOUNT_NAME_MAX_LENGTH = 100;
/** The longest account id: the worker makes `acc-` and 12 hex digits; an import or an older client may bring others. */
export const ACCOUNT_ID_MAX_LENGTH = 64;

export function isCashKind(kind: string): kind is CashKind {
  return (CASH_KINDS as readonly string[]).includes(kind);
}
