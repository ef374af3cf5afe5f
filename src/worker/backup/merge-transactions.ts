/**
 * A file's transactions merged into the portfolio's: what the portfolio lacks is added, nothing twice.
 *
 * A transaction's identity: its import id when it has one (imported rows); otherwise its content (account,
 * type, ticker, date, amount, value, currency, tax). Content is counted, not just compared: two identical
 * buys on one day are two transactions, so a file that holds them twice and a portfolio that holds them
 * once merge into twice, and merging a file into itself changes nothing. A cash row's identity is its
 * content (account, kind, date, value, currency, import id), counted the same way.
 */
import {
  TRANSACTION_TYPES,
  byDateAscending,
  type Transaction,
  type TransactionSet,
  type TransactionType,
} from '../../model';
import { accountOf, type Account, type CashTransaction } from '../../model/cash';

export type TypeCounts = Record<TransactionType, number>;

/** The key a transaction is found by, and the content it must match under that key (`account`: its account's id). */
function contentKey(t: Transaction, account: string): string {
  return JSON.stringify([account, t.type, t.ticker, t.date, t.amount, t.value, t.currency, t.tax ?? null]);
}

const cashKey = (c: CashTransaction, account: string): string =>
  JSON.stringify([account, c.kind, c.date, c.value, c.currency, c.importId ?? null]);

const zero = (): TypeCounts => ({ stock: 0, dividend: 0, commission: 0 });

/** Counts of content keys, taken one by one. */
class Multiset {
  private readonly counts = new Map<string, number>();
  size = 0;

  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.size += 1;
  }

  /** Takes one `key`, or any key when `key` is absent and `orAny`; whether one was taken. */
  take(key: string, orAny = false): boolean {
    let taken = key;
    if (!this.counts.get(key)) {
      if (!orAny || this.size === 0) return false;
      taken = this.counts.keys().next().value!;
    }
    const left = this.counts.get(taken)! - 1;
    if (left === 0) this.counts.delete(taken);
    else this.counts.set(taken, left);
    this.size -= 1;
    return true;
  }
}

/** What the portfolio holds, for matching: imported ones by id (then content), the others by content. */
class Holdings {
  private readonly byImportId = new Map<string, Multiset>();
  private readonly byContent = new Multiset();

  constructor(set: TransactionSet, accounts: readonly Account[]) {
    for (const type of TRANSACTION_TYPES) {
      for (const t of set[type]) {
        if (t.importId === undefined) this.byContent.add(contentKey(t, accountOf(t, accounts)));
        else {
          let held = this.byImportId.get(t.importId);
          if (!held) this.byImportId.set(t.importId, (held = new Multiset()));
          held.add(contentKey(t, accountOf(t, accounts)));
        }
      }
    }
  }

  /** Takes `t` from what is held: 'present', 'different' (its import id held with other content) or 'absent'. */
  take(t: Transaction, accounts: readonly Account[]): 'present' | 'different' | 'absent' {
    const key = contentKey(t, accountOf(t, accounts));
    if (t.importId === undefined) return this.byContent.take(key) ? 'present' : 'absent';
    const held = this.byImportId.get(t.importId);
    if (!held || held.size === 0) return 'absent';
    if (held.take(key)) return 'present';
    held.take(key, true);
    return 'different';
  }
}

/**
 * The merged set (each list by date; same-day transactions: the portfolio's first) and what it took.
 * `accounts`: those the rows of both sets name (a row naming none is the first's).
 */
export function mergeTransactions(
  current: TransactionSet,
  incoming: TransactionSet,
  accounts: readonly Account[] = [],
  incomingAccounts: readonly Account[] = accounts,
): { merged: TransactionSet; added: TypeCounts; alreadyPresent: number; keptDifferent: number; cashAdded: number } {
  const held = new Holdings(current, accounts);
  const added = zero();
  let alreadyPresent = 0;
  let keptDifferent = 0;
  const merged = {} as TransactionSet;
  for (const type of TRANSACTION_TYPES) {
    const list = [...current[type]];
    for (const t of incoming[type]) {
      const found = held.take(t, incomingAccounts);
      if (found === 'present') alreadyPresent += 1;
      else if (found === 'different') keptDifferent += 1;
      else {
        list.push(t);
        added[type] += 1;
      }
    }
    merged[type] = list.sort(byDateAscending);
  }
  // The cash is kept, and a file's cash rows the portfolio lacks added, each counted once.
  let cashAdded = 0;
  if (current.cash || incoming.cash) {
    const cashHeld = new Multiset();
    for (const c of current.cash ?? []) cashHeld.add(cashKey(c, accountOf(c, accounts)));
    const cash = [...(current.cash ?? [])];
    for (const c of incoming.cash ?? []) {
      if (cashHeld.take(cashKey(c, accountOf(c, incomingAccounts)))) continue;
      cash.push(c);
      cashAdded += 1;
    }
    merged.cash = cash.sort(byDateAscending);
  }
  return { merged, added, alreadyPresent, keptDifferent, cashAdded };
}
