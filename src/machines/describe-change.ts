import type { Transaction } from '../model';
import type { TransactionChange } from '../worker';

const words = (t: Transaction): string => `${t.type} ${t.ticker} on ${t.date} (${t.value} ${t.currency})`;

/** Words for a pending change, shown while it waits or after it failed; `listed` is the transaction an edit or a delete names. */
export function describeChange(change: TransactionChange, listed: Transaction | null): string {
  switch (change.kind) {
    case 'add':
      return `add ${words(change.transaction)}`;
    case 'edit':
      return listed ? `change ${words(listed)} to ${words(change.transaction)}` : `change a transaction to ${words(change.transaction)}`;
    case 'delete':
      return listed ? `delete ${words(listed)}` : 'delete a transaction';
    case 'deleteAll':
      return 'delete all transactions';
    case 'renameTicker':
      return `rename ${change.from} to ${change.to}`;
  }
}
