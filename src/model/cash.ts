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

export function isCashKind(kind: string): kind is CashKind {
  return (CASH_KINDS as readonly string[]).includes(kind);
}
