/**
 * The changes a user makes to the set, as the page asks for them: one kind per intent, applied here, in
 * the worker that holds the set. A new kind of change is one more case below (and its words in
 * `machines/describe-change.ts`). Every change keeps what it does not name: the cash and the accounts
 * go through a transaction's change untouched, and the seed's lists through a cash or account change.
 */
import {
  byDateAscending,
  TRANSACTION_TYPES,
  type Transaction,
  type TransactionSet,
  type TransactionType,
} from '../model';
import { ACCOUNT_NAME_MAX_LENGTH, accountOf, type Account, type CashTransaction } from '../model/cash';
import { newAccountId } from './account-ids';

export type TransactionChange =
  | { kind: 'add'; transaction: Transaction }
  /** Replaces the transaction listed as `id` (its type may change). */
  | { kind: 'edit'; id: number; transaction: Transaction }
  | { kind: 'delete'; id: number }
  /** Every transaction of every account, cash included; the accounts stay. */
  | { kind: 'deleteAll' }
  /** Every transaction of `from` is `to` afterwards, in every account (a placeholder ticker made real, a symbol that changed). */
  | { kind: 'renameTicker'; from: string; to: string }
  | { kind: 'addCash'; cash: CashTransaction }
  /** Replaces the cash transaction listed as `id`. */
  | { kind: 'editCash'; id: number; cash: CashTransaction }
  | { kind: 'deleteCash'; id: number }
  /** A new account named `name` (trimmed); its id is made here (`acc-` and 12 hex digits). */
  | { kind: 'createAccount'; name: string }
  | { kind: 'renameAccount'; id: string; name: string }
  /** The account and every transaction in it, cash included; the last account cannot go. */
  | { kind: 'deleteAccount'; id: string };

/** What a change applies to and gives back: the set (cash included) and the accounts (never empty). */
export interface Held {
  set: TransactionSet;
  accounts: Account[];
}

/** Where the listed transaction `id` sits in the set (`cash`: in the cash list); null when it is no longer there. */
export interface Position {
  type: TransactionType | 'cash';
  index: number;
}

/** Where each listed id sits: the ids of each type's transactions and of the cash list, in the set's order. */
export function positionsOf(ids: Readonly<Record<TransactionType, readonly number[]>>, cashIds: readonly number[]) {
  const positions = new Map<number, Position>();
  for (const type of TRANSACTION_TYPES) ids[type].forEach((held, index) => positions.set(held, { type, index }));
  cashIds.forEach((held, index) => positions.set(held, { type: 'cash', index }));
  return positions;
}

/** The changed set and accounts; after an edit, also the listed id and the transaction that now stands in its place (it keeps the id). */
export type Applied =
  | {
      ok: true;
      set: TransactionSet;
      accounts: Account[];
      edited?: { id: number; transaction: Transaction | CashTransaction };
    }
  | { ok: false; message: string };

const GONE = 'That transaction is no longer in your portfolio (it was changed elsewhere and reloaded).';
const NO_ACCOUNT = 'That account is no longer there (it was deleted elsewhere and reloaded).';

/** The transaction's own fields only: a listed one from the page carries its id, which is not stored. */
function plain({
  account,
  ticker,
  type,
  date,
  amount,
  value,
  currency,
  importId,
  tax,
  product,
  priceCurrency,
}: Transaction): Transaction {
  const transaction: Transaction = { ticker, type, date, amount, value, currency };
  if (account !== undefined) transaction.account = account;
  if (importId !== undefined) transaction.importId = importId;
  if (tax !== undefined) transaction.tax = tax;
  if (product !== undefined && type === 'stock') transaction.product = product;
  if (priceCurrency !== undefined && type === 'stock') transaction.priceCurrency = priceCurrency;
  return transaction;
}

/** A cash transaction's own fields only (a listed one carries its id). */
export function plainCash({ account, kind, date, value, currency, importId }: CashTransaction): CashTransaction {
  const cash: CashTransaction = { type: 'cash', kind, date, value, currency };
  if (account !== undefined) cash.account = account;
  if (importId !== undefined) cash.importId = importId;
  return cash;
}

const withTransaction = (set: TransactionSet, transaction: Transaction): TransactionSet => ({
  ...set,
  [transaction.type]: [...set[transaction.type], plain(transaction)].sort(byDateAscending),
});

const withCash = (set: TransactionSet, cash: CashTransaction): TransactionSet => ({
  ...set,
  cash: [...(set.cash ?? []), plainCash(cash)].sort(byDateAscending),
});

function without(set: TransactionSet, { type, index }: Position): TransactionSet {
  const list: readonly unknown[] = type === 'cash' ? (set.cash ?? []) : set[type];
  return { ...set, [type]: [...list.slice(0, index), ...list.slice(index + 1)] };
}

/** Null when the name is fine for an account among `accounts` (`except`: the one being renamed); else why not. */
function nameProblem(name: string, accounts: readonly Account[], except?: string): string | null {
  if (name === '') return 'An account needs a name.';
  if (name.length > ACCOUNT_NAME_MAX_LENGTH)
    return `An account's name has at most ${ACCOUNT_NAME_MAX_LENGTH} characters.`;
  const taken = accounts.find((a) => a.id !== except && a.name.toLocaleLowerCase() === name.toLocaleLowerCase());
  return taken ? `There is already an account named ${taken.name}.` : null;
}

const knows = (accounts: readonly Account[], row: { account?: string }): boolean =>
  row.account === undefined || accounts.some((a) => a.id === row.account);

/** The held set and accounts after `change`; `held` is not modified. `find` says where a listed id sits. */
export function applyChange(held: Held, change: TransactionChange, find: (id: number) => Position | null): Applied {
  const { set, accounts } = held;
  const done = (
    next: TransactionSet,
    edited?: { id: number; transaction: Transaction | CashTransaction },
  ): Applied => ({ ok: true, set: next, accounts, ...(edited ? { edited } : {}) });
  switch (change.kind) {
    case 'add':
      return knows(accounts, change.transaction)
        ? done(withTransaction(set, change.transaction))
        : { ok: false, message: NO_ACCOUNT };
    case 'edit': {
      const at = find(change.id);
      if (!at || at.type === 'cash') return { ok: false, message: GONE };
      if (!knows(accounts, change.transaction)) return { ok: false, message: NO_ACCOUNT };
      // An imported transaction keeps its import id through an edit, so importing the statement again adds
      // nothing, and a trade the product name its import saw (the form shows neither).
      const { importId, product, priceCurrency } = set[at.type][at.index]!;
      const { importId: _sent, product: _named, priceCurrency: _priced, ...fields } = plain(change.transaction);
      const transaction: Transaction = importId === undefined ? fields : { ...fields, importId };
      if (product !== undefined && transaction.type === 'stock') transaction.product = product;
      // The price's currency too: the listing's, which the form does not show.
      if (priceCurrency !== undefined && transaction.type === 'stock') transaction.priceCurrency = priceCurrency;
      return done(withTransaction(without(set, at), transaction), { id: change.id, transaction });
    }
    case 'delete': {
      const at = find(change.id);
      return at && at.type !== 'cash' ? done(without(set, at)) : { ok: false, message: GONE };
    }
    case 'deleteAll':
      return done({ stock: [], dividend: [], commission: [], cash: [] });
    case 'renameTicker': {
      if (!TRANSACTION_TYPES.some((type) => set[type].some((t) => t.ticker === change.from)))
        return { ok: false, message: `No transaction has the ticker ${change.from}.` };
      const renamed: TransactionSet = { ...set };
      for (const type of TRANSACTION_TYPES)
        renamed[type] = set[type].map((t) => (t.ticker === change.from ? { ...t, ticker: change.to } : t));
      return done(renamed);
    }
    case 'addCash':
      return knows(accounts, change.cash) ? done(withCash(set, change.cash)) : { ok: false, message: NO_ACCOUNT };
    case 'editCash': {
      const at = find(change.id);
      if (!at || at.type !== 'cash') return { ok: false, message: GONE };
      if (!knows(accounts, change.cash)) return { ok: false, message: NO_ACCOUNT };
      // Imported cash keeps its import id through an edit, as a trade does.
      const { importId } = set.cash![at.index]!;
      const { importId: _sent, ...fields } = plainCash(change.cash);
      const cash: CashTransaction = importId === undefined ? fields : { ...fields, importId };
      return done(withCash(without(set, at), cash), { id: change.id, transaction: cash });
    }
    case 'deleteCash': {
      const at = find(change.id);
      return at && at.type === 'cash' ? done(without(set, at)) : { ok: false, message: GONE };
    }
    case 'createAccount': {
      const name = change.name.trim();
      const problem = nameProblem(name, accounts);
      if (problem) return { ok: false, message: problem };
      return { ok: true, set, accounts: [...accounts, { id: newAccountId(accounts), name }] };
    }
    case 'renameAccount': {
      const name = change.name.trim();
      if (!accounts.some((a) => a.id === change.id)) return { ok: false, message: NO_ACCOUNT };
      const problem = nameProblem(name, accounts, change.id);
      if (problem) return { ok: false, message: problem };
      return { ok: true, set, accounts: accounts.map((a) => (a.id === change.id ? { id: a.id, name } : a)) };
    }
    case 'deleteAccount': {
      if (!accounts.some((a) => a.id === change.id)) return { ok: false, message: NO_ACCOUNT };
      if (accounts.length === 1)
        return { ok: false, message: 'The last account cannot be deleted; delete its transactions instead.' };
      // A row naming no account is the first account's: it goes with the first account, and stays with any other.
      const keep = (row: { account?: string }): boolean => accountOf(row, accounts) !== change.id;
      const next: TransactionSet = {
        stock: set.stock.filter(keep),
        dividend: set.dividend.filter(keep),
        commission: set.commission.filter(keep),
      };
      if (set.cash) next.cash = set.cash.filter(keep);
      return { ok: true, set: next, accounts: accounts.filter((a) => a.id !== change.id) };
    }
  }
}

/** How many rows of each kind an account holds: what its deletion takes with it (the page's confirmation names it). */
export function accountContents(held: Held, id: string): { transactions: number; cash: number } {
  const mine = (row: { account?: string }): boolean => accountOf(row, held.accounts) === id;
  const transactions = TRANSACTION_TYPES.reduce((sum, type) => sum + held.set[type].filter(mine).length, 0);
  return { transactions, cash: (held.set.cash ?? []).filter(mine).length };
}
