/**
 * Arrays of a grid's length that the account's figures write and read inside and never hand out (its
 * day deltas per currency, its growth of one unit, its zero income), kept from one derive to the next:
 * memory a process touches for the first time is a page fault each 4 KB. Each use has its own array,
 * valid until the next call for the same use; the caller must not keep it past its derive. The account's
 * code is fetched apart from the worker's first chunk (account-math.ts), and so is this.
 */
export type ScratchUse = 'account-growth' | 'account-income' | 'account-deltas';

const kept = new Map<ScratchUse, Float64Array>();

/** `use`'s array of `length` values, every one 0. */
export function scratchArray(use: ScratchUse, length: number): Float64Array {
  const array = kept.get(use);
  if (array && array.length === length) return array.fill(0);
  const fresh = new Float64Array(length);
  kept.set(use, fresh);
  return fresh;
}
