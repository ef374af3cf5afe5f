import { sortedByDate, type TransactionSet } from '../../src/model/transaction';

/** Each list by date ascending; same-day transactions keep the order they came in (a stable sort). */
export function sortTransactionSet(set: TransactionSet): TransactionSet {
  return sortedByDate(set);
}
