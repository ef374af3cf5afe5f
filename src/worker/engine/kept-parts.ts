/**
 * What a base change keeps of the base before (issue 34): code the worker loads after its first derive
 * (engine `use`), so its first chunk stays without it; Node has it from the start (engine/index.ts).
 * Without it the engine computes every part afresh, to the same bits. (The value sums keep their sums
 * before any rate themselves: value-sums.ts.)
 *   - `entriesOnSameRows`: a ticker's entries on the grid from those of the same transactions, quote and
 *     grid in another base (states-per-base.ts): days and amounts taken as they are, values converted;
 *   - `AmountSums`: each transaction type's combined amounts per day and their running sums, and the
 *     days, kept while every ticker's entries are the same arrays (combine.ts).
 */
import type { TransactionType } from '../../model';
import { addOnDays, runningSum } from './combine';
import { convertedValues, type GridEntries } from './ticker-series';
import type { TransactionColumns } from './ticker-transactions';
import type { TransactionSeries } from './types';

/**
 * `same`'s days and amounts (the entries of the same columns, quote and grid in another base) with the
 * values converted at `rates` on each row's day, as `gridEntries` (ticker-series.ts) converts them.
 */
export function entriesOnSameRows(
  columns: TransactionColumns,
  rates: ReadonlyMap<string, Float64Array>,
  same: GridEntries,
): GridEntries {
  return { dayIndex: same.dayIndex, valueEur: convertedValues(columns, same.dayIndex, rates), amount: same.amount };
}

interface Kept {
  days: Int32Array[];
  amounts: Float64Array[];
  perDay: Float64Array;
  running: Float64Array;
}

/** Kept arrays are never handed out: a derivation gets copies (its arrays may be transferred). */
export class AmountSums {
  private readonly kept = new Map<TransactionType, Kept>();
  private days: { firstDay: number; seconds: Float64Array } | null = null;

  /**
   * The series of `entries` on a grid of `length` days when their amounts' are kept (the same arrays of
   * days and amounts, entry for entry): the values summed here, the amounts copied; null when not kept.
   */
  series(type: TransactionType, length: number, entries: readonly GridEntries[]): TransactionSeries | null {
    const kept = this.kept.get(type);
    if (!kept || kept.perDay.length !== length || kept.days.length !== entries.length) return null;
    for (let k = 0; k < entries.length; k += 1)
      if (kept.days[k] !== entries[k].dayIndex || kept.amounts[k] !== entries[k].amount) return null;
    const values = new Float64Array(length).fill(Number.NaN);
    for (const { dayIndex, valueEur } of entries) addOnDays(values, dayIndex, valueEur);
    const aggregatedValues = runningSum(values);
    return { values, amounts: kept.perDay.slice(), aggregatedValues, aggregatedAmounts: kept.running.slice() };
  }

  /** Keeps copies of `series`' amounts as those of `entries` (into the arrays kept before, when they fit). */
  keep(type: TransactionType, entries: readonly GridEntries[], series: TransactionSeries): void {
    const before = this.kept.get(type);
    const { amounts, aggregatedAmounts } = series;
    const fits = before?.perDay.length === amounts.length;
    this.kept.set(type, {
      days: entries.map((entry) => entry.dayIndex),
      amounts: entries.map((entry) => entry.amount),
      perDay: fits ? (before.perDay.set(amounts), before.perDay) : amounts.slice(),
      running: fits ? (before.running.set(aggregatedAmounts), before.running) : aggregatedAmounts.slice(),
    });
  }

  /** A copy of `make()`'s days, kept for a grid starting `firstDay` of their length. */
  daysOf(firstDay: number, length: number, make: () => Float64Array): Float64Array {
    if (this.days?.firstDay !== firstDay || this.days.seconds.length !== length)
      this.days = { firstDay, seconds: make() };
    return this.days.seconds.slice();
  }
}
