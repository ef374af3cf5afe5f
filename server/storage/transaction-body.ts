/**
 * A transaction set as its row's JSON body stores it, in SQLite and PostgreSQL alike: the seed's three
 * lists, the `cash` list and the `accounts` side by side in one object, so that one atomic write keeps
 * them together (migration 10 gave every body stored before it its one account).
 */
import type { Account, CashTransaction } from '../../src/model/cash';
import { emptyTransactionSet, type TransactionSet } from '../../src/model/transaction';
import type { StoredExtras, StoredTransactions } from './types';

export type StoredBody = TransactionSet & { accounts?: Account[] };

/** What GET answers as the set of a user who has stored none. */
export const EMPTY_SET_JSON = JSON.stringify({ ...emptyTransactionSet(), cash: [] });

/**
 * A `StoredBody`'s JSON text: the set's, with `accounts` after its lists when there are any; from the set's
 * text when the caller has it (one stringify, not two).
 */
export function storedBodyJson(
  set: TransactionSet,
  accounts: readonly Account[] | undefined,
  setJson: string = JSON.stringify(set),
): string {
  // The set's text is an object with at least its three lists: its accounts go in before its closing brace.
  return accounts ? `${setJson.slice(0, -1)},"accounts":${JSON.stringify(accounts)}}` : setJson;
}

export function storedTransactions(body: StoredBody, version: number): StoredTransactions {
  const { accounts, ...set } = body;
  return accounts ? { set, version, accounts } : { set, version };
}

/** The version, cash and accounts as the database read them from a body (a key the body lacks stays absent). */
export function storedExtras(
  version: number,
  cash: CashTransaction[] | undefined,
  accounts: Account[] | undefined,
): StoredExtras {
  const extras: StoredExtras = { version };
  if (cash !== undefined) extras.cash = cash;
  if (accounts !== undefined) extras.accounts = accounts;
  return extras;
}
