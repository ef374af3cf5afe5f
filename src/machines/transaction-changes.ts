import { TRANSACTION_TYPES, type Transaction, type TransactionSet } from '../model';

/** A change the user asked for; applied to the latest set before the full set is saved. */
export type TransactionChange =
  | { kind: 'add'; transaction: Transaction }
  | { kind: 'delete'; transaction: Transaction }
  | { kind: 'deleteAll' };

export function isTransactionType(type: string): type is Transaction['type'] {
  return (TRANSACTION_TYPES as readonly string[]).includes(type);
}

function sameTransaction(a: Transaction, b: Transaction): boolean {
  return (
    a.ticker === b.ticker &&
    a.type === b.type &&
    a.date === b.date &&
    a.amount === b.amount &&
    a.value === b.value &&
    a.currency === b.currency &&
    a.importId === b.importId
  );
}

const byDate = (a: Transaction, b: Transaction): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/** The set after `change`; the input is not modified. Deleting removes one occurrence only. */
export function applyChange(set: TransactionSet, change: TransactionChange): TransactionSet {
  if (change.kind === 'deleteAll') return { stock: [], dividend: [], commission: [] };
  const list = set[change.transaction.type];
  let next: Transaction[];
  if (change.kind === 'add') {
    next = [...list, change.transaction].sort(byDate);
  } else {
    const index = list.findIndex((candidate) => sameTransaction(candidate, change.transaction));
    next = index < 0 ? list : [...list.slice(0, index), ...list.slice(index + 1)];
  }
  return { ...set, [change.transaction.type]: next };
}

/** Words for a pending change, shown while it waits or after it failed. */
export function describeChange(change: TransactionChange): string {
  if (change.kind === 'deleteAll') return 'delete all transactions';
  const t = change.transaction;
  const verb = change.kind === 'add' ? 'add' : 'delete';
  return `${verb} ${t.type} ${t.ticker} on ${t.date} (${t.value} ${t.currency})`;
}
