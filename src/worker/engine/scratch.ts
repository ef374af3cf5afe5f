/**
 * Arrays of a grid's length that a derive writes and reads inside and never hands out (the cash flows,
 * the growth of one unit, the account's day deltas, the benchmark's price), kept from one derive to the
 * next: memory a process touches for the first time is a page fault each 4 KB, and on a busy machine
 * those cost a warm derive more than its arithmetic. Each use has its own array, valid until the next
 * call for the same use; the caller must not keep it past its derive.
 */
export type ScratchUse =
  | 'bought'
  | 'sold'
  | 'income'
  | 'growth'
  | 'account-growth'
  | 'account-deltas'
  | 'benchmark-price'
  | 'benchmark-growth';

const kept = new Map<ScratchUse, Float64Array>();

/** `use`'s array of `length` values, every one 0. */
export function scratchArray(use: ScratchUse, length: number): Float64Array {
  const array = kept.get(use);
  if (array && array.length === length) return array.fill(0);
  const fresh = new Float64Array(length);
  kept.set(use, fresh);
  return fresh;
}
