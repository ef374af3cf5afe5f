/**
 * Arrays of a grid's length that a derive writes and reads inside and never hands out (a set of tickers'
 * cash flows and growth of one unit, the benchmark's growth; the account's day deltas per currency, its
 * growth and its zero income), kept from one derive to the next: memory a process touches for the first
 * time is a page fault each 4 KB, and every new typed array counts towards the external memory whose
 * growth starts a garbage collection. Each use has its own array, valid until the next call for the same
 * use; the caller must not keep it past its derive.
 */
export type ScratchUse =
  | 'flows-bought'
  | 'flows-sold'
  | 'flows-income'
  | 'set-growth'
  | 'benchmark-growth'
  | 'account-growth'
  | 'account-income'
  | 'account-deltas';

const kept = new Map<ScratchUse, Float64Array>();

/** `use`'s array of `length` values, every one 0. */
export function scratchArray(use: ScratchUse, length: number): Float64Array {
  const array = kept.get(use);
  if (array && array.length === length) return array.fill(0);
  const fresh = new Float64Array(length);
  kept.set(use, fresh);
  return fresh;
}
