/**
 * The ids a new answer's transactions take when a set was held before (a save, a reload after a conflict,
 * an import): each keeps the id of the held transaction with the same fields, and an `edited` one the id of
 * the transaction it replaced, so that the page finds its rows again. Fetched by the first answer that
 * follows a held set: a first load has nothing to carry over (transaction-store.ts).
 */
import { TRANSACTION_TYPES, type Transaction, type TransactionSet, type TransactionType } from '../model';
import type { CashTransaction } from '../model/cash';

const keyOf = (t: Transaction): string =>
  `${t.type}\u0000${t.ticker}\u0000${t.date}\u0000${t.amount}\u0000${t.value}\u0000${t.currency}\u0000${t.importId ?? ''}\u0000${t.tax ?? ''}\u0000${t.account ?? ''}`;
const cashKeyOf = (c: CashTransaction): string =>
  `cash\u0000${c.kind}\u0000${c.date}\u0000${c.value}\u0000${c.currency}\u0000${c.importId ?? ''}\u0000${c.account ?? ''}`;

/** The held set with its ids, list by list, and its cash's. */
export interface HeldIds {
  set: TransactionSet;
  ids: Readonly<Record<TransactionType, readonly number[]>>;
  cashIds: readonly number[];
}

/** Per key of a held transaction, the ids of those with it, oldest first; `edited`'s key names its id alone. */
export function idsByKey(
  held: HeldIds,
  edited?: { id: number; transaction: Transaction | CashTransaction },
): Map<string, number[]> {
  const earlier = new Map<string, number[]>();
  const remember = (key: string, id: number) => {
    const ids = earlier.get(key);
    if (ids) ids.push(id);
    else earlier.set(key, [id]);
  };
  if (edited)
    earlier.set(edited.transaction.type === 'cash' ? cashKeyOf(edited.transaction) : keyOf(edited.transaction), [
      edited.id,
    ]);
  for (const type of TRANSACTION_TYPES) {
    held.set[type].forEach((t, i) => {
      if (held.ids[type][i] !== edited?.id) remember(keyOf(t), held.ids[type][i]!);
    });
  }
  (held.set.cash ?? []).forEach((c, i) => {
    if (held.cashIds[i] !== edited?.id) remember(cashKeyOf(c), held.cashIds[i]!);
  });
  return earlier;
}

/** The held id of `t` (taken: each is used once), or undefined for a new transaction. */
export const heldIdOf = (earlier: Map<string, number[]>, t: Transaction | CashTransaction): number | undefined =>
  earlier.get(t.type === 'cash' ? cashKeyOf(t) : keyOf(t))?.shift();
