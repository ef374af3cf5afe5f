/**
 * Closes as integer deltas at a decimal scale, the encoding `POST /api/quotes` answers with when the request
 * names `closes: "deltas"` (docs/architecture.md). A series whose every close c has a k in 0..6 with
 * `Math.round(c·10^k) / 10^k === c` is sent as `closesScale: k` and `closes` as the differences of the
 * integers `round(c·10^k)` (the first absolute): runs of small integers, which compress a third better than
 * the decimals. The decode divides the running integer by 10^k, the very division the encoder checked, so
 * each close comes back as the same double, bit for bit; a series without such a k is sent as plain closes.
 * Yahoo's closes are float32s widened to doubles (239.64999389648438 for 239.65): a series of them is sent
 * as the decimals they round from, with `closesFloat32: true`, and decoded as `Math.fround(n / 10^k)`, which
 * the encoder checked the same way.
 */
import type { QuoteAnswerEntry, QuoteWireEntry } from './quotes';

/** The largest scale tried: 10^6, a millionth of the quote currency. */
export const MAX_CLOSES_SCALE = 6;

/** The close of the integer `n` at `scale`. */
const closeOf = (n: number, power: number, float32: boolean) => (float32 ? Math.fround(n / power) : n / power);

/** The integers `round(c·10^scale)` of `closes`, or null when one of them does not give its close back. */
function integersAt(closes: readonly number[], scale: number, float32: boolean): number[] | null {
  const power = 10 ** scale;
  const integers = new Array<number>(closes.length);
  for (let k = 0; k < closes.length; k += 1) {
    const close = closes[k]!;
    const integer = Math.round(close * power);
    // Math.round(-0.4) is -0, whose JSON is 0: only integers JSON carries unchanged.
    if (!Number.isSafeInteger(integer) || Object.is(integer, -0) || closeOf(integer, power, float32) !== close)
      return null;
    integers[k] = integer;
  }
  return integers;
}

export interface EncodedCloses {
  scale: number;
  /** Decoded through float32 (`Math.fround`): the closes are float32s, as Yahoo's are. */
  float32: boolean;
  deltas: number[];
}

/**
 * `closes` as `{scale, float32, deltas}` at the smallest scale that gives every close back, as doubles or
 * else as float32s (the first delta is the first integer itself), or null when none does (the closes then
 * travel as they are).
 */
export function encodeCloses(closes: readonly number[]): EncodedCloses | null {
  // Doubles at 0..6 decimals first; then float32s at 0..6 decimals.
  for (let attempt = 0; attempt <= 2 * MAX_CLOSES_SCALE + 1; attempt += 1) {
    const asFloat32 = attempt > MAX_CLOSES_SCALE;
    const scale = asFloat32 ? attempt - MAX_CLOSES_SCALE - 1 : attempt;
    const integers = integersAt(closes, scale, asFloat32);
    if (integers === null) continue;
    const deltas = new Array<number>(integers.length);
    let previous = 0;
    for (let k = 0; k < integers.length; k += 1) {
      deltas[k] = integers[k]! - previous;
      previous = integers[k]!;
    }
    // The differences of safe integers are exact up to 2^54: a series that leaves the safe range travels plain.
    if (deltas.every(Number.isSafeInteger)) return { scale, float32: asFloat32, deltas };
    return null;
  }
  return null;
}

/**
 * The closes of `deltas` at `scale` (0..6, which the answer's schema checks): the running integer over
 * 10^scale, through float32 with `float32`. The sums are exact: the encoder sent safe integers.
 */
export function decodeCloses(deltas: readonly number[], scale: number, float32 = false): number[] {
  const power = 10 ** scale;
  let integer = 0;
  return deltas.map((delta) => closeOf((integer += delta), power, float32));
}

/** The entry with plain closes: a series sent as integer deltas (`closesScale`) decoded, bit for bit. */
export function plainCloses(entry: QuoteWireEntry): QuoteAnswerEntry {
  if (!('closesScale' in entry)) return entry;
  const { closesScale, closesFloat32, ...plain } = entry;
  return { ...plain, closes: decodeCloses(entry.closes, closesScale, closesFloat32 === true) };
}
