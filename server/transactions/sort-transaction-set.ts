import type { TransactionSet } from '../../src/model/transaction';

/** Each list by date ascending; same-day transactions keep the order they came in (a stable sort). */
export function sortTransactionSet(set: TransactionSet): TransactionSet {
  const byDate = <T extends { date: string }>(list: T[]): T[] =>
    [...list].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { stock: byDate(set.stock), dividend: byDate(set.dividend), commission: byDate(set.commission) };
}
