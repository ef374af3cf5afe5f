/**
 * The view's transactions as the engine computes from them: per ticker in columns (ticker-transactions.ts)
 * and the cash in columns (cash.ts). A new set prepares again only the tickers whose rows changed
 * (set-edits.ts finds them in one pass when every list kept its length; a row whose amount, value or
 * tax alone changed is written into a copy of its ticker's columns instead), and the cash only when
 * its rows changed. Every grouped set takes the snapshot the next is compared with, the first too: so
 * the first edit after a load compares rows instead of grouping the whole set again and copying it.
 */
import { groupByTicker, type CashTransaction, type TransactionSet } from '../../model';
import { prepareCash, type CashColumns } from './cash';
import type * as setEditsModule from './set-edits';
import { cashSnapshotOf, sameCash, snapshotOf, type CashSnapshot, type SetSnapshot } from './set-snapshot';
import { prepareTicker, sameTransactions, type TickerTransactions } from './ticker-transactions';

/** The code that takes a set as an edit of the one before (set-edits.ts): loaded with the first change. */
export type SetEdits = typeof setEditsModule;

export class ViewTransactions {
  /** Per ticker, in the order the set's lists first name them (stock, dividend, commission), or after a change. */
  tickers = new Map<string, TickerTransactions>();
  cash: CashColumns = prepareCash([]);
  private snapshot: SetSnapshot | null = null;
  /** Without it, every set is grouped again. */
  edits: SetEdits | null = null;
  private cashSnapshot: CashSnapshot = cashSnapshotOf([]);

  /** Takes the view's rows; calls `changed` with each ticker whose transactions changed, came or went. */
  take(set: TransactionSet, cash: readonly CashTransaction[], changed: (ticker: string) => void): void {
    if (!sameCash(this.cashSnapshot, cash)) {
      this.cash = prepareCash(cash);
      this.cashSnapshot = cashSnapshotOf(cash);
    }
    if (!this.snapshot || !this.edits?.takeEdit(this.tickers, this.snapshot, set, changed)) this.regroup(set, changed);
  }

  /** The earliest day of the view's transactions and cash; null when it holds none. */
  firstDay(): number | null {
    let firstDay = this.cash.firstDay;
    for (const transactions of this.tickers.values()) firstDay = Math.min(firstDay, transactions.firstDay);
    return firstDay === Infinity ? null : firstDay;
  }

  private regroup(set: TransactionSet, changed: (ticker: string) => void): void {
    const next = new Map<string, TickerTransactions>();
    for (const [ticker, rows] of groupByTicker(set)) {
      const previous = this.tickers.get(ticker);
      if (previous && sameTransactions(previous, rows)) {
        next.set(ticker, previous);
      } else {
        next.set(ticker, prepareTicker(ticker, rows));
        changed(ticker);
      }
    }
    for (const ticker of this.tickers.keys()) if (!next.has(ticker)) changed(ticker);
    this.tickers = next;
    this.snapshot = snapshotOf(set);
  }
}
