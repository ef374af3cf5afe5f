/**
 * The one daily grid of a portfolio: from the day before the earliest transaction to `asOf`, both
 * inclusive. Index i is epoch day `firstDay + i`.
 */

export interface Grid {
  /** Epoch day of index 0. */
  firstDay: number;
  /** Epoch day of the last index: `asOf`. */
  lastDay: number;
  length: number;
}

/** The grid for transactions starting on `firstTransactionDay` (null: none on or before `asOf`): then `asOf` alone. */
export function makeGrid(firstTransactionDay: number | null, asOfDay: number): Grid {
  const firstDay = firstTransactionDay === null || firstTransactionDay > asOfDay ? asOfDay : firstTransactionDay - 1;
  return { firstDay, lastDay: asOfDay, length: asOfDay - firstDay + 1 };
}

export function sameGrid(a: Grid | null, b: Grid): boolean {
  return a !== null && a.firstDay === b.firstDay && a.lastDay === b.lastDay;
}

/**
 * Per grid day, the value of the latest point on or before that day (`days` ascending; a later point on
 * the same day wins). Before the first point: `before` (NaN, or the first value for exchange rates).
 * `out`: where to write (a charted close goes to shared memory, see shared-series.ts).
 */
export function carryForward(
  grid: Grid,
  days: Int32Array,
  values: Float64Array,
  before: 'nan' | 'first',
  out: Float64Array = new Float64Array(grid.length),
): Float64Array {
  let current = before === 'first' && values.length > 0 ? values[0] : Number.NaN;
  let next = 0;
  const count = days.length;
  for (let i = 0, day = grid.firstDay; i < grid.length; i += 1, day += 1) {
    while (next < count && days[next] <= day) {
      current = values[next];
      next += 1;
    }
    out[i] = current;
  }
  return out;
}
