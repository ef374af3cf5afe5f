/**
 * The parts of a set of tickers' combined series that no base currency changes (combine.ts): each
 * transaction type's amounts per day and their running sums, and the days. They are kept here while
 * every entry list is the very same arrays of days and amounts — another base's ticker states share
 * them (ticker-series.ts, `sameRows`) — so a base change copies them instead of summing them again;
 * any other list (an edit, a toggle, a new grid) sums them again and keeps those. Kept arrays are
 * never handed out: a derivation gets copies (its arrays may be transferred).
 */
import type { TransactionType } from '../../model';
import type { GridEntries } from './ticker-series';

interface Kept {
  days: Int32Array[];
  amounts: Float64Array[];
  perDay: Float64Array;
  running: Float64Array;
}

export class AmountSums {
  private readonly kept = new Map<TransactionType, Kept>();
  private days: { firstDay: number; seconds: Float64Array } | null = null;

  /** The kept amounts per day and running sums of exactly these entries on a grid of `length` days; null if none. */
  find(type: TransactionType, length: number, entries: readonly GridEntries[]): Kept | null {
    const kept = this.kept.get(type);
    if (!kept || kept.perDay.length !== length || kept.days.length !== entries.length) return null;
    for (let k = 0; k < entries.length; k += 1)
      if (kept.days[k] !== entries[k].dayIndex || kept.amounts[k] !== entries[k].amount) return null;
    return kept;
  }

  /** Keeps copies of `perDay` and `running` as those of `entries` (into the arrays kept before, when they fit). */
  keep(type: TransactionType, entries: readonly GridEntries[], perDay: Float64Array, running: Float64Array): void {
    const before = this.kept.get(type);
    const fits = before?.perDay.length === perDay.length;
    this.kept.set(type, {
      days: entries.map((entry) => entry.dayIndex),
      amounts: entries.map((entry) => entry.amount),
      perDay: fits ? (before.perDay.set(perDay), before.perDay) : perDay.slice(),
      running: fits ? (before.running.set(running), before.running) : running.slice(),
    });
  }

  /** A copy of `make()`'s days, kept for a grid starting `firstDay` of their length. */
  daysOf(firstDay: number, length: number, make: () => Float64Array): Float64Array {
    if (this.days?.firstDay !== firstDay || this.days.seconds.length !== length)
      this.days = { firstDay, seconds: make() };
    return this.days.seconds.slice();
  }
}
