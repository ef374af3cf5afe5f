/**
 * What the UI may read of the accounts and the view every screen follows: the portfolio's accounts, the
 * view chosen, what an account's deletion takes with it, and the view's cash rows and transactions.
 */
import {
  byDateDescending,
  TRANSACTION_TYPES,
  type ListedSet,
  type ListedTransaction,
  type TransactionType,
} from '../model';
import { accountOf, type Account, type ListedCash } from '../model/cash';
import type { PortfolioSnapshot } from './portfolio-machine';

export const selectAccounts = (s: PortfolioSnapshot): Account[] => s.context.accounts;
/** The view every screen shows: an account's id, or null for every account. */
export const selectView = (s: PortfolioSnapshot): string | null => s.context.view;
/** The view's name: the account's, or 'All accounts'. */
export const selectViewName = (s: PortfolioSnapshot): string =>
  (s.context.view !== null && s.context.accounts.find((account) => account.id === s.context.view)?.name) ||
  'All accounts';

/** Per account id, how many transactions (trades, dividends, commissions) and cash transactions it holds. */
export interface AccountContents {
  transactions: number;
  cash: number;
}

function contentsOf(
  accounts: readonly Account[],
  set: ListedSet | null,
  cash: readonly ListedCash[],
): Record<string, AccountContents> {
  const contents: Record<string, AccountContents> = Object.fromEntries(
    accounts.map((account) => [account.id, { transactions: 0, cash: 0 }]),
  );
  if (set)
    for (const type of TRANSACTION_TYPES)
      for (const t of set[type]) contents[accountOf(t, accounts)]!.transactions += 1;
  for (const c of cash) contents[accountOf(c, accounts)]!.cash += 1;
  return contents;
}

/** What each account holds: what its deletion takes with it (the confirmation names it). */
export const selectAccountContents = (s: PortfolioSnapshot): Record<string, AccountContents> =>
  s.context.memory.last(contentsOf)(s.context.accounts, s.context.transactions, s.context.cash);

function viewCash(cash: readonly ListedCash[], accounts: readonly Account[], view: string | null): ListedCash[] {
  const shown = view === null ? [...cash] : cash.filter((c) => accountOf(c, accounts) === view);
  return shown.sort(byDateDescending);
}

/** The view's cash transactions, newest first. */
export const selectViewCash = (s: PortfolioSnapshot): ListedCash[] =>
  s.context.memory.last(viewCash)(s.context.cash, s.context.accounts, s.context.view);

/** Whether a transaction or a cash row belongs to the view `view` (null: every account). */
export const inView = (row: { account?: string }, accounts: readonly Account[], view: string | null): boolean =>
  view === null || accountOf(row, accounts) === view;

type Groups = ReadonlyMap<string, Readonly<Record<TransactionType, readonly ListedTransaction[]>>>;

function groupsInView(byTicker: Groups | null, accounts: readonly Account[], view: string | null): Groups | null {
  if (byTicker === null || view === null) return byTicker;
  const shown = new Map<string, Record<TransactionType, ListedTransaction[]>>();
  for (const [ticker, group] of byTicker) {
    const mine = (t: ListedTransaction) => accountOf(t, accounts) === view;
    const kept = {
      stock: group.stock.filter(mine),
      dividend: group.dividend.filter(mine),
      commission: group.commission.filter(mine),
    };
    if (kept.stock.length + kept.dividend.length + kept.commission.length > 0) shown.set(ticker, kept);
  }
  return shown;
}

/** The transactions per ticker of the view (tickers without a row in it left out); every account's as they are. */
export const selectViewByTicker = (s: PortfolioSnapshot): Groups | null =>
  s.context.memory.last(groupsInView)(s.context.byTicker, s.context.accounts, s.context.view);

function countInView(
  set: ListedSet | null,
  cash: readonly ListedCash[],
  accounts: readonly Account[],
  view: string | null,
): number {
  let count = 0;
  if (set) for (const type of TRANSACTION_TYPES) for (const t of set[type]) if (inView(t, accounts, view)) count += 1;
  for (const c of cash) if (inView(c, accounts, view)) count += 1;
  return count;
}

/** How many rows the view holds, cash included. */
export const selectViewRowCount = (s: PortfolioSnapshot): number =>
  s.context.memory.last(countInView)(s.context.transactions, s.context.cash, s.context.accounts, s.context.view);
