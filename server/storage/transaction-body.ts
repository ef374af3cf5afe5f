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

/** A stored body's text cut into the set's (with its `cash`) and its two last lists, without parsing the set. */
export interface StoredBodyParts {
  /** The set's JSON text, `{"stock":…,"cash":[…]}`. */
  setJson: string;
  cash: CashTransaction[];
  accounts: Account[];
}

const CASH_KEY = ',"cash":';
const ACCOUNTS_KEY = ',"accounts":';

/**
 * A body's text as `storedBodyJson` writes it (and SQLite's `json_set` of migration 10 did): minified, its
 * `cash` list last among the set's lists, then `accounts` last of all. It is cut at the last `,"cash":` and
 * `,"accounts":`, which can only be these keys: inside a string every `"` is escaped, and every row and
 * account is a strict object without such a key. The two lists are parsed (each must be one array with
 * nothing after it), so a body laid out otherwise gives undefined, never a wrong cut: the caller then
 * asks the database to take it apart. The set's text is not parsed: a GET answers it as it is.
 */
export function storedBodyParts(body: string): StoredBodyParts | undefined {
  const tail = storedBodyTail(body);
  return tail && { setJson: `${body.slice(0, tail.accountsAt)}}`, cash: tail.cash, accounts: tail.accounts };
}

/**
 * The `cash` and `accounts` lists of a body's text cut as `storedBodyParts` says, from the whole text or
 * from its last characters only (a suffix holds the last `,"cash":` of the body or none: then undefined),
 * and where `,"accounts":` starts in `text`.
 */
export function storedBodyTail(
  text: string,
): { cash: CashTransaction[]; accounts: Account[]; accountsAt: number } | undefined {
  if (!text.endsWith(']}')) return undefined;
  const accountsAt = text.lastIndexOf(ACCOUNTS_KEY);
  if (accountsAt < 0) return undefined;
  const cashAt = text.lastIndexOf(CASH_KEY, accountsAt);
  if (cashAt < 0 || text[accountsAt - 1] !== ']') return undefined;
  const cash = jsonArray(text.slice(cashAt + CASH_KEY.length, accountsAt));
  const accounts = jsonArray(text.slice(accountsAt + ACCOUNTS_KEY.length, -1));
  if (!cash || !accounts) return undefined;
  return { cash: cash as CashTransaction[], accounts: accounts as Account[], accountsAt };
}

function jsonArray(text: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
