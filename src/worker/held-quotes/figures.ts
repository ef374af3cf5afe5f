/**
 * The figures of a load kept between visits: the answer of a worker's first derive, held beside the
 * set and the quotes (`store.ts`, record `figures` of `answers`) under a key that names everything it
 * was derived from (`FigureInputs.keyFor`): the worker's build, the set's server version, each quote
 * series' validator (or its error), the benchmark, the base currency, the view, the checked tickers and
 * the day. A later visit whose first derive has the same key answers with them at once and derives
 * after the answer (intents/prices.ts); any other key derives as ever. A sign-out deletes them with the
 * rest of the store.
 */
import type { HeldQuoteColumns, QuoteErrorEntry } from '../../model/quotes';
import type { ChartedDerivation } from '../dashboard-charts';

/** The held figures: the key of their inputs, and the derive's answer (typed arrays in memory of their own). */
export interface HeldFigures {
  key: string;
  figures: ChartedDerivation;
}

/** Where the key's parts that are not quotes come from: the derive's arguments and the held set. */
export interface DeriveParts {
  /** The worker's script (its name holds the build's hash); null where it names no build (development, Node). */
  build: string | null;
  /** The server's version of the held set; null before one is held. */
  set: string | null;
  base: string;
  view: string | null;
  active: readonly string[] | null;
  asOf: string;
}

/**
 * What the engine derives from besides the set, as the worker names it: per symbol whose quote the
 * engine holds, the validator of its series or its error; the benchmark. One per session: a sign-out
 * replaces it with the engine.
 */
export class FigureInputs {
  private readonly quotes = new Map<string, string>();
  /** A series held without a validator (an older service): its content has no name, so no key either. */
  private unnamed = false;
  private benchmark: string | null = null;

  /** The engine took these quotes (`setQuotes`): each replaces what it held of its symbol. */
  quotesTaken(entries: ReadonlyArray<HeldQuoteColumns | QuoteErrorEntry>): void {
    for (const entry of entries) {
      if ('error' in entry) this.quotes.set(entry.symbol, `error ${entry.error}`);
      else if (entry.validator !== '') this.quotes.set(entry.symbol, `series ${entry.validator}`);
      else this.unnamed = true;
    }
  }

  /** The engine compares with `symbol` from now on (null: no benchmark). */
  benchmarkTaken(symbol: string | null): void {
    this.benchmark = symbol;
  }

  /** The key of a derive with `parts` on what the engine holds now; null when some input has no name. */
  keyFor(parts: DeriveParts): string | null {
    if (parts.build === null || parts.set === null || this.unnamed) return null;
    const quotes = [...this.quotes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const { build, set, base, view, active, asOf } = parts;
    return JSON.stringify({ build, set, quotes, benchmark: this.benchmark, base, view, active, asOf });
  }
}

/** The worker's build as its script's path names it; null in development (no hash) or outside a worker. */
export function workerBuild(): string | null {
  if (import.meta.env.DEV || typeof location === 'undefined') return null;
  return location.pathname;
}

interface TypedArray extends ArrayBufferView {
  readonly BYTES_PER_ELEMENT: number;
}
type TypedArrayOf = new (buffer: ArrayBuffer, byteOffset: number, length: number) => TypedArray;

const isTypedArray = (value: object): value is TypedArray => ArrayBuffer.isView(value) && 'BYTES_PER_ELEMENT' in value;

/** Each field or item of an object or array, in its order. */
const partsOf = (value: object): unknown[] => (Array.isArray(value) ? value : Object.values(value));

/**
 * The most memory of typed arrays held figures take (`packedCopy`): read back, 12 MB (workload L) took
 * ~33 ms here and 40 MB (XL) 105–308 ms, while a cold derive takes ~100 ms on either; bigger figures
 * are derived again instead.
 */
export const MAX_HELD_FIGURES_BYTES = 16 * 1024 * 1024;

/**
 * A copy of `value` IndexedDB can keep and the answer's transfer leaves whole: every typed array a view
 * of one new ArrayBuffer (memory that views share is copied once; IndexedDB reads one buffer several
 * times faster than as many small ones), those in shared memory too (IndexedDB keeps none); objects
 * referenced twice copied once (a chart shape several charts name stays one object). Null when its
 * typed arrays would take more than `maxBytes`: nothing is copied then.
 */
export function packedCopy<T>(value: T, maxBytes = MAX_HELD_FIGURES_BYTES): T | null {
  // Where each distinct range of memory goes in the pack, 8-byte aligned (a Float64Array's view needs it).
  const ranges = new Map<ArrayBufferLike, Map<string, number>>();
  const rangeOf = (view: TypedArray) => `${view.byteOffset}:${view.byteLength}`;
  let size = 0;
  const seen = new Set<object>();
  const collect = (part: unknown): void => {
    if (part === null || typeof part !== 'object' || seen.has(part)) return;
    seen.add(part);
    if (!isTypedArray(part)) return partsOf(part).forEach(collect);
    let inBuffer = ranges.get(part.buffer);
    if (!inBuffer) ranges.set(part.buffer, (inBuffer = new Map()));
    if (inBuffer.has(rangeOf(part))) return;
    inBuffer.set(rangeOf(part), size);
    size += Math.ceil(part.byteLength / 8) * 8;
  };
  collect(value);
  if (size > maxBytes) return null;
  const pack = new ArrayBuffer(size);
  const copied = new Map<object, unknown>();
  const copy = (part: unknown): unknown => {
    if (part === null || typeof part !== 'object') return part;
    const known = copied.get(part);
    if (known !== undefined) return known;
    let made: unknown;
    if (isTypedArray(part)) {
      const at = ranges.get(part.buffer)!.get(rangeOf(part))!;
      new Uint8Array(pack, at, part.byteLength).set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
      made = new (part.constructor as TypedArrayOf)(pack, at, part.byteLength / part.BYTES_PER_ELEMENT);
    } else if (Array.isArray(part)) {
      const items: unknown[] = [];
      copied.set(part, items);
      for (const item of part) items.push(copy(item));
      return items;
    } else {
      const fields: Record<string, unknown> = {};
      copied.set(part, fields);
      for (const [key, field] of Object.entries(part)) fields[key] = copy(field);
      return fields;
    }
    copied.set(part, made);
    return made;
  };
  return copy(value) as T;
}

/** A record read back: a key and figures (whether they are the derive's, its key says). */
export function isHeldFigures(value: unknown): value is HeldFigures {
  if (typeof value !== 'object' || value === null) return false;
  const held = value as Partial<HeldFigures>;
  return typeof held.key === 'string' && typeof held.figures === 'object' && held.figures !== null;
}
