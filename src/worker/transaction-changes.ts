/**
 * The changes a user makes to the set, as the page asks for them: one kind per intent, applied here, in
 * the worker that holds the set. A new kind of change is one more case below (and its words in
 * `machines/describe-change.ts`).
 */
import { byDateAscending, emptyTransactionSet, TRANSACTION_TYPES, type Transaction, type TransactionSet, type TransactionType } from '../model';

export type TransactionChange =
  | { kind: 'add'; transaction: Transaction }
  /** Replaces the transaction listed as `id` (its type may change). */
  | { kind: 'edit'; id: number; transaction: Transaction }
  | { kind: 'delete'; id: number }
  | { kind: 'deleteAll' }
  /** Every transaction of `from` is `to` afterwards (a placeholder ticker made real, a symbol that changed). */
  | { kind: 'renameTicker'; from: string; to: string };

/** Where the listed transaction `id` sits in the set; null when it is no longer there. */
export interface Position {
  type: TransactionType;
  index: number;
}

/** The changed set; after an edit, also the listed id and the transaction that now stands in its place (it keeps the id). */
export type Applied = { ok: true; set: TransactionSet; edited?: { id: number; transaction: Transaction } } | { ok: false; message: string };

const GONE = 'That transaction is no longer in your portfolio (it was changed elsewhere and reloaded).';

/** The transaction's own fields only: a listed one from the page carries its id, which is not stored. */
function plain({ ticker, type, date, amount, value, currency, importId, tax, product, priceCurrency }: Transaction): Transaction {
  const transaction: Transaction = { ticker, type, date, amount, value, currency };
  if (importId !== undefined) transaction.importId = importId;
  if (tax !== undefined) transaction.tax = tax;
  if (product !== undefined && type === 'stock') transaction.product = product;
  if (priceCurrency !== undefined && type === 'stock') transaction.priceCurrency = priceCurrency;
  return transaction;
}

const withTransaction = (set: TransactionSet, transaction: Transaction): TransactionSet => ({
  ...set,
  [transaction.type]: [...set[transaction.type], plain(transaction)].sort(byDateAscending),
});

const without = (set: TransactionSet, { type, index }: Position): TransactionSet => ({ ...set, [type]: [...set[type].slice(0, index), ...set[type].slice(index + 1)] });

/** The set after `change`; `set` is not modified. `find` says where a listed id sits. */
export function applyChange(set: TransactionSet, change: TransactionChange, find: (id: number) => Position | null): Applied {
  switch (change.kind) {
    case 'add':
      return { ok: true, set: withTransaction(set, change.transaction) };
    case 'edit': {
      const at = find(change.id);
      if (!at) return { ok: false, message: GONE };
      // An imported transaction keeps its import id through an edit, so importing the statement again adds
      // nothing, and a trade the product name its import saw (the form shows neither).
      const { importId, product, priceCurrency } = set[at.type][at.index]!;
      const { importId: _sent, product: _named, priceCurrency: _priced, ...fields } = plain(change.transaction);
      const transaction: Transaction = importId === undefined ? fields : { ...fields, importId };
      if (product !== undefined && transaction.type === 'stock') transaction.product = product;
      // The price's currency too: the listing's, which the form does not show.
      if (priceCurrency !== undefined && transaction.type === 'stock') transaction.priceCurrency = priceCurrency;
      return { ok: true, set: withTransaction(without(set, at), transaction), edited: { id: change.id, transaction } };
    }
    case 'delete': {
      const at = find(change.id);
      return at ? { ok: true, set: without(set, at) } : { ok: false, message: GONE };
    }
    case 'deleteAll':
      return { ok: true, set: emptyTransactionSet() };
    case 'renameTicker': {
      if (!TRANSACTION_TYPES.some((type) => set[type].some((t) => t.ticker === change.from))) return { ok: false, message: `No transaction has the ticker ${change.from}.` };
      const renamed = {} as TransactionSet;
      for (const type of TRANSACTION_TYPES) renamed[type] = set[type].map((t) => (t.ticker === change.from ? { ...t, ticker: change.to } : t));
      return { ok: true, set: renamed };
    }
  }
}
