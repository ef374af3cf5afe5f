/** Medians and worst values over repeated runs, field by field. */

/** The middle value; the mean of the two middle ones for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of each numeric field over `runs` (objects of one shape, nested), rounded to 0.1. */
export function medianFigures<T extends object>(runs: readonly T[]): T {
  const [first] = runs;
  if (!first) throw new Error('No runs to summarise');
  const rows = runs as ReadonlyArray<Record<string, unknown>>;
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(first)) {
    if (typeof value === 'number') result[name] = Math.round(median(rows.map((run) => run[name] as number)) * 10) / 10;
    else if (value !== null && typeof value === 'object')
      result[name] = medianFigures(rows.map((run) => run[name] as object));
  }
  return result as T;
}

/** The largest value of each numeric field over `runs` (times and memory: the worst run), rounded to 0.1. */
export function worstFigures<T extends object>(runs: readonly T[]): T {
  const [first] = runs;
  if (!first) throw new Error('No runs to summarise');
  const rows = runs as ReadonlyArray<Record<string, unknown>>;
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(first)) {
    if (typeof value === 'number')
      result[name] = Math.round(Math.max(...rows.map((run) => run[name] as number)) * 10) / 10;
    else if (value !== null && typeof value === 'object')
      result[name] = worstFigures(rows.map((run) => run[name] as object));
  }
  return result as T;
}
