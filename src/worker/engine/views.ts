/**
 * A view: one account's transactions, or every account's (SEMANTICS.md, "Accounts and views"). The
 * engine computes every figure from the view's transactions only, so its grid starts one day before
 * the view's own earliest transaction, and a ticker held in two accounts is one holding in the
 * all-accounts view (its transactions' union) and one in each account's view.
 */
import type { Account, CashTransaction, Transaction, TransactionSet, TransactionSetWithCash } from '../../model';

export interface AccountView {
  /** The account shown; null for all of them. */
  account: string | null;
  /** The account of a transaction that names none: the set's first account; null when the set lists none. */
  defaultAccount: string | null;
}

export const ALL_ACCOUNTS: AccountView = { account: null, defaultAccount: null };

/** The view of `account` (null: all) in a set whose accounts are `accounts` (a transaction without one is in the first). */
export function accountView(account: string | null, accounts: readonly Account[] = []): AccountView {
  return { account, defaultAccount: accounts[0]?.id ?? null };
}

/** The view's transactions: the set's own lists when it shows every account (nothing copied). */
export function transactionsInView(
  set: TransactionSetWithCash,
  view: AccountView,
): { tickers: TransactionSet; cash: readonly CashTransaction[] } {
  const cash = set.cash ?? [];
  if (view.account === null) return { tickers: set, cash };
  const inView = (row: { account?: string }): boolean => (row.account ?? view.defaultAccount) === view.account;
  const keep = (rows: readonly Transaction[]): Transaction[] => rows.filter(inView);
  return {
    tickers: { stock: keep(set.stock), dividend: keep(set.dividend), commission: keep(set.commission) },
    cash: cash.filter(inView),
  };
}
