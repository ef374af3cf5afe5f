import type { Account, CashTransaction, Transaction } from '../model';
import type { TransactionChange } from '../worker';

const words = (t: Transaction): string => `${t.type} ${t.ticker} on ${t.date} (${t.value} ${t.currency})`;
const cashWords = (c: CashTransaction): string => `${c.kind} on ${c.date} (${c.value} ${c.currency})`;

/** An account's name among `accounts`, quoted; the words for it when it is not there. */
const accountWords = (id: string, accounts: readonly Account[]): string => {
  const account = accounts.find((a) => a.id === id);
  return account ? `the account “${account.name}”` : 'an account';
};

/**
 * Words for a pending change, shown while it waits or after it failed; `listed` is the transaction an edit or
 * a delete names (a cash one for editCash and deleteCash), `accounts` the accounts held (for an account's name).
 */
export function describeChange(
  change: TransactionChange,
  listed: Transaction | CashTransaction | null,
  accounts: readonly Account[] = [],
): string {
  switch (change.kind) {
    case 'add':
      return `add ${words(change.transaction)}`;
    case 'edit':
      return listed && listed.type !== 'cash'
        ? `change ${words(listed)} to ${words(change.transaction)}`
        : `change a transaction to ${words(change.transaction)}`;
    case 'delete':
      return listed && listed.type !== 'cash' ? `delete ${words(listed)}` : 'delete a transaction';
    case 'deleteAll':
      return 'delete all transactions of every account';
    case 'renameTicker':
      return `rename ${change.from} to ${change.to}`;
    case 'addCash':
      return `add the cash ${cashWords(change.cash)}`;
    case 'editCash':
      return listed && listed.type === 'cash'
        ? `change the cash ${cashWords(listed)} to ${cashWords(change.cash)}`
        : `change a cash transaction to ${cashWords(change.cash)}`;
    case 'deleteCash':
      return listed && listed.type === 'cash' ? `delete the cash ${cashWords(listed)}` : 'delete a cash transaction';
    case 'createAccount':
      return `create the account “${change.name.trim()}”`;
    case 'renameAccount':
      return `rename ${accountWords(change.id, accounts)} to “${change.name.trim()}”`;
    case 'deleteAccount':
      return `delete ${accountWords(change.id, accounts)} and its transactions`;
  }
}
