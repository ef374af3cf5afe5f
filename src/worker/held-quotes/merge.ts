/**
 * What the worker holds of a symbol after an answer of `/api/quotes` to a request that named what it held
 * (server/quotes/quote-revision.ts): the whole series answered, the held series with the answered tail
 * put after `after`, or the held series as it was. Pure: the IndexedDB side is `store.ts`.
 */
import type { HeldQuoteColumns, QuoteErrorEntry, QuoteReadEntry, QuoteTypedEntry } from '../../model/quotes';

export interface Merged {
  /** What the engine gets for the symbol. */
  entry: HeldQuoteColumns | QuoteErrorEntry;
  /** What to store for it now; null when the store already holds it (or the answer was an error). */
  store: HeldQuoteColumns | null;
}

/** A whole answered series, as held: its days and closes are the answer's own arrays. */
export function heldFrom(entry: QuoteTypedEntry, validator: string): HeldQuoteColumns {
  return {
    symbol: entry.symbol,
    meta: entry.meta,
    days: entry.days,
    closes: entry.closes,
    dividends: { days: Int32Array.from(entry.dividends.days), amounts: Float64Array.from(entry.dividends.amounts) },
    splits: {
      days: Int32Array.from(entry.splits.days),
      numerators: Float64Array.from(entry.splits.numerators),
      denominators: Float64Array.from(entry.splits.denominators),
    },
    validator,
  };
}

/** How many of `days` (ascending) are on or before `through`. */
function countThrough(days: Int32Array, through: number): number {
  let count = 0;
  while (count < days.length && days[count]! <= through) count += 1;
  return count;
}

function joined<T extends Int32Array | Float64Array>(kept: T, tail: ArrayLike<number>): T {
  const out = new (kept.constructor as { new (length: number): T })(kept.length + tail.length);
  out.set(kept);
  out.set(tail, kept.length);
  return out;
}

/** `held` up to `after` with `tail` after it. */
export function withTail(held: HeldQuoteColumns, tail: QuoteTypedEntry, after: number, validator: string) {
  const bars = countThrough(held.days, after);
  const paid = countThrough(held.dividends.days, after);
  const split = countThrough(held.splits.days, after);
  return {
    symbol: held.symbol,
    meta: tail.meta,
    days: joined(held.days.subarray(0, bars), tail.days),
    closes: joined(held.closes.subarray(0, bars), tail.closes),
    dividends: {
      days: joined(held.dividends.days.subarray(0, paid), tail.dividends.days),
      amounts: joined(held.dividends.amounts.subarray(0, paid), tail.dividends.amounts),
    },
    splits: {
      days: joined(held.splits.days.subarray(0, split), tail.splits.days),
      numerators: joined(held.splits.numerators.subarray(0, split), tail.splits.numerators),
      denominators: joined(held.splits.denominators.subarray(0, split), tail.splits.denominators),
    },
    validator,
  } satisfies HeldQuoteColumns;
}

/** The series after `answer`, given what was held for its symbol. */
export function mergeAnswer(held: HeldQuoteColumns | undefined, answer: QuoteReadEntry): Merged {
  const { symbol } = answer;
  if ('error' in answer) return { entry: answer, store: null };
  const notHeld = { symbol, error: 'the prices service continued a series this browser does not hold' };
  if ('unchanged' in answer) return held ? { entry: held, store: null } : { entry: notHeld, store: null };
  if (answer.after !== undefined) {
    if (!held) return { entry: notHeld, store: null };
    const merged = withTail(held, answer, answer.after, answer.validator);
    return { entry: merged, store: merged };
  }
  const whole = heldFrom(answer, answer.validator);
  return { entry: whole, store: whole };
}
