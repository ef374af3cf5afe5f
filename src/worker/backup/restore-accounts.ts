/**
 * The accounts after a restore, and the file's rows naming them (SEMANTICS.md "Accounts and views"):
 *
 * - a backup's whole list (version 3, by id): **replace** takes it as it is; **merge** keeps the
 *   portfolio's accounts, never renamed, and adds the file's the portfolio lacks (by id), each under its
 *   name, or `name (2)` when one of the portfolio's has that name already;
 * - our CSV's accounts (by name): each row goes to the portfolio's account of that name (ignoring case),
 *   else to a new account of that name; either choice keeps every account of the portfolio (a CSV names
 *   only the accounts that have rows, so it cannot say one should go);
 * - none (a backup of version 1 or 2, a CSV exported before accounts): the portfolio's accounts, and one
 *   for each id a row names that none of them has (named `Account <id>`, for the user to rename).
 *
 * A row that names no account is the file's first account's.
 */
import { TRANSACTION_TYPES, type TransactionSet } from '../../model';
import { ACCOUNT_NAME_MAX_LENGTH, accountsOrFirst, type Account } from '../../model/cash';
import { newAccountId } from '../account-ids';
import type { BackupContent } from './backup-json';

export type RestoreMode = 'merge' | 'replace';

export interface RestoredAccounts {
  /** The accounts after the restore, in their order. */
  accounts: Account[];
  /** The file's rows, each naming its account among `accounts` (a row of the first one names none). */
  transactions: TransactionSet;
}

const nameKey = (name: string) => name.trim().toLowerCase();

/** `name`, or `name (2)`, `name (3)`…: the first that none of `taken` has, ignoring case. */
function unusedName(name: string, taken: readonly Account[]): string {
  const names = new Set(taken.map((a) => nameKey(a.name)));
  if (!names.has(nameKey(name))) return name;
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const candidate = name.slice(0, ACCOUNT_NAME_MAX_LENGTH - suffix.length) + suffix;
    if (!names.has(nameKey(candidate))) return candidate;
  }
}

/** `set` with `move` applied to every row. */
function moved(set: TransactionSet, move: <T extends { account?: string }>(row: T) => T): TransactionSet {
  const rows: TransactionSet = { stock: [], dividend: [], commission: [] };
  for (const type of TRANSACTION_TYPES) rows[type] = set[type].map(move);
  if (set.cash) rows.cash = set.cash.map(move);
  return rows;
}

export function restoredAccounts(
  current: readonly Account[] | undefined,
  incoming: BackupContent,
  mode: RestoreMode,
  newId: (accounts: readonly Account[]) => string = newAccountId,
): RestoredAccounts {
  const mine = accountsOrFirst(current);
  const file = incoming.accounts;
  if (file?.by === 'id' && mode === 'replace')
    return { accounts: file.list.map((a) => ({ ...a })), transactions: incoming.transactions };
  const accounts = mine.map((a) => ({ ...a }));
  const ids = new Set(accounts.map((a) => a.id));
  if (!file) {
    // Rows naming an account the portfolio lacks (a version 2 backup) get one, so none is refused.
    for (const row of [
      ...TRANSACTION_TYPES.flatMap((type) => incoming.transactions[type]),
      ...(incoming.transactions.cash ?? []),
    ]) {
      if (row.account === undefined || ids.has(row.account)) continue;
      ids.add(row.account);
      accounts.push({ id: row.account, name: unusedName(`Account ${row.account}`, accounts) });
    }
    return { accounts, transactions: incoming.transactions };
  }
  const first = accounts[0]!.id;
  if (file.by === 'id') {
    for (const account of file.list) {
      if (ids.has(account.id)) continue;
      ids.add(account.id);
      accounts.push({ id: account.id, name: unusedName(account.name, accounts) });
    }
    // A row naming none is the file's first account's, which may not be the portfolio's first.
    const fileFirst = file.list[0]!.id;
    const move = <T extends { account?: string }>(row: T): T =>
      row.account === undefined && fileFirst !== first ? { ...row, account: fileFirst } : row;
    return { accounts, transactions: moved(incoming.transactions, move) };
  }
  const to = new Map<string, string>();
  for (const account of file.list) {
    let found = accounts.find((a) => nameKey(a.name) === nameKey(account.name));
    if (!found) accounts.push((found = { id: newId(accounts), name: account.name }));
    to.set(account.id, found.id);
  }
  // A CSV row naming no account is the portfolio's first account's; so is, naming none, a row of it.
  const move = <T extends { account?: string }>(row: T): T => {
    const { account: named, ...rest } = row;
    const id = named === undefined ? first : (to.get(named) ?? first);
    return (id === first ? rest : { ...rest, account: id }) as T;
  };
  return { accounts, transactions: moved(incoming.transactions, move) };
}
