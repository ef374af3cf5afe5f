/**
 * What a base change keeps of the base before, and the value sums' faster walk (issue 34): code the worker
 * loads after its first derive (engine `use`), so its first chunk stays without it; Node has it
 * from the start (engine/index.ts). Without it the engine computes every part afresh, to the same bits.
 *   - `addValueWalk`: a ticker's value added into a block's sum as it is walked (value-sums.ts), the very
 *     numbers `valueWalk` (ticker-value.ts) writes, added in the same order as writing and then adding;
 *   - `entriesOnSameRows`: a ticker's entries on the grid from those of the same transactions, quote and
 *     grid in another base (states-per-base.ts): days and amounts taken as they are, values converted;
 *   - `AmountSums`: each transaction type's combined amounts per day and their running sums, and the
 *     days, kept while every ticker's entries are the same arrays (combine.ts).
 */
import { settledShares, type TransactionType } from '../../model';
import { addOnDays, runningSum } from './combine';
import { convertedValues, type GridEntries } from './ticker-series';
import type { TransactionColumns } from './ticker-transactions';
import type { TransactionSeries } from './types';

/** What a walk does on each stretch: adds the value of a quote in another currency (at its rate), or in the base's. */
const ADD_RATED = 1;
const ADD_OWN = 2;

/**
 * Adds value = shares × price into `sum` on every grid day: the very numbers `valueWalk` writes, each added
 * to `sum`'s in the same order as writing them into an array and adding that. `quoteRate` null: the quote
 * is in the base currency (its rate is 1 every day, and × 1 changes no number, so it is left out).
 * Two loops, not one per kind of quote (÷ 1 changes no number either): a quote in minor units (GBp) and one
 * in major units take the same loop, in the base or at a rate, so a base change, which turns quotes of the
 * base into quotes at a rate and back, runs the loops the derives before it compiled wherever the
 * portfolio holds both (a first base change otherwise compiles a loop per new kind as it runs).
 */
export function addValueWalk(
  sum: Float64Array,
  close: Float64Array,
  quoteRate: Float64Array | null,
  quoteUnits: number,
  stock: GridEntries,
): void {
  walk(quoteRate === null ? ADD_OWN : ADD_RATED, sum, close, quoteRate ?? close, quoteUnits, stock);
}

function walk(
  kind: number,
  out: Float64Array,
  close: Float64Array,
  rate: Float64Array,
  units: number,
  stock: GridEntries,
): void {
  let shares = 0;
  let provisionalPriceEur = Number.NaN;
  let stretchStart = 0;
  let next = 0;
  for (;;) {
    const last = next === stock.dayIndex.length;
    const start = stretchStart;
    const end = last ? out.length : stock.dayIndex[next];
    if (kind === ADD_OWN) addOwn(out, close, units, start, end, shares, provisionalPriceEur);
    else addRated(out, close, rate, units, start, end, shares, provisionalPriceEur);
    if (last) return;
    const day = end;
    let boughtEur = 0;
    let boughtShares = 0;
    for (; next < stock.dayIndex.length && stock.dayIndex[next] === day; next += 1) {
      shares += stock.amount[next];
      // Shares that came for nothing (a stock dividend, a product change) say nothing of their price.
      if (stock.amount[next] > 0 && stock.valueEur[next] > 0) {
        boughtEur += stock.valueEur[next];
        boughtShares += stock.amount[next];
      }
    }
    shares = settledShares(shares);
    // Until the market speaks, a share is worth what the latest day with a priced buy paid for it.
    if (boughtShares > 0) provisionalPriceEur = boughtEur / boughtShares;
    stretchStart = day;
  }
}

// `fillValues` added into `sum`: the rate only where it changes a number.

function addRated(
  sum: Float64Array,
  close: Float64Array,
  rate: Float64Array,
  unitsPerMajor: number,
  from: number,
  to: number,
  shares: number,
  provisional: number,
): void {
  for (let i = from; i < to; i += 1) {
    const closeToday = close[i];
    const price = closeToday === closeToday ? (closeToday / unitsPerMajor) * rate[i] : provisional;
    sum[i] += price === price ? shares * price : 0;
  }
}

function addOwn(
  sum: Float64Array,
  close: Float64Array,
  unitsPerMajor: number,
  from: number,
  to: number,
  shares: number,
  provisional: number,
): void {
  for (let i = from; i < to; i += 1) {
    const closeToday = close[i];
    const price = closeToday === closeToday ? closeToday / unitsPerMajor : provisional;
    sum[i] += price === price ? shares * price : 0;
  }
}

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
