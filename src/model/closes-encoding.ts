/**
 * Closes as integer deltas at a decimal scale, the encoding `POST /api/quotes` answers with when the request
 * names `closes: "deltas"` (docs/architecture.md). A series whose every close c has a k in 0..6 with
 * `Math.round(c·10^k) / 10^k === c` is sent as `closesScale: k` and `closes` as the differences of the
 * integers `round(c·10^k)` (the first absolute): runs of small integers, which compress a third better than
 * the decimals. The decode divides the running integer by 10^k, the very division the encoder checked, so
 * each close comes back as the same double, bit for bit; a series without such a k is sent as plain closes.
 */

/** The largest scale tried: 10^6, a millionth of the quote currency. */
export const MAX_CLOSES_SCALE = 6;

const POWERS = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000] as const;

/** The integers `round(c·10^scale)` of `closes`, or null when one of them does not give its close back. */
function integersAt(closes: readonly number[], scale: number): number[] | null {
  const power = POWERS[scale]!;
  const integers = new Array<number>(closes.length);
  for (let k = 0; k < closes.length; k += 1) {
    const close = closes[k]!;
    const integer = Math.round(close * power);
    // Math.round(-0.4) is -0, whose JSON is 0: only integers JSON carries unchanged.
    if (!Number.isSafeInteger(integer) || Object.is(integer, -0) || integer / power !== close) return null;
    integers[k] = integer;
  }
  return integers;
}

/**
 * `closes` as `{scale, deltas}` at the smallest scale that gives every close back (the first delta is the
 * first integer itself), or null when none does (the closes then travel as they are).
 */
export function encodeCloses(closes: readonly number[]): { scale: number; deltas: number[] } | null {
  for (let scale = 0; scale <= MAX_CLOSES_SCALE; scale += 1) {
    const integers = integersAt(closes, scale);
    if (integers === null) continue;
    const deltas = new Array<number>(integers.length);
    let previous = 0;
    for (let k = 0; k < integers.length; k += 1) {
      deltas[k] = integers[k]! - previous;
      previous = integers[k]!;
    }
    // The differences of safe integers are exact up to 2^54: a series that leaves the safe range travels plain.
    if (deltas.every(Number.isSafeInteger)) return { scale, deltas };
    return null;
  }
  return null;
}

/** The closes of `deltas` at `scale`: the running integer over 10^scale. Throws on a scale or value out of range. */
export function decodeCloses(deltas: readonly number[], scale: number): number[] {
  const power = POWERS[scale];
  if (power === undefined || !Number.isInteger(scale)) throw new RangeError(`closesScale ${scale} is not 0..6`);
  const closes = new Array<number>(deltas.length);
  let integer = 0;
  for (let k = 0; k < deltas.length; k += 1) {
    integer += deltas[k]!;
    if (!Number.isSafeInteger(integer)) throw new RangeError(`closes: ${integer} is not a safe integer`);
    closes[k] = integer / power;
  }
  return closes;
}
