/**
 * Import ids: a 53-bit hash of the fingerprints of the rows a transaction came from. The same rows in
 * another export (an overlapping period, another language) give the same id; two identical-looking
 * bookings differ by their occurrence index, which is part of each row's fingerprint.
 */
import type { SourceRow } from './rows';

/**
 * Two 32-bit multiply-xorshift lanes (the cyrb53 construction, 53 bits kept) fed part by part, so a
 * row's fields are hashed without first concatenating them.
 */
export class Hasher {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  reset(): this {
    this.h1 = 0xdeadbeef;
    this.h2 = 0x41c6ce57;
    return this;
  }

  private mix(code: number): void {
    this.h1 = Math.imul(this.h1 ^ code, 2654435761);
    this.h2 = Math.imul(this.h2 ^ code, 1597334677);
  }

  /** Adds a string, then a separator no field contains. */
  text(value: string): this {
    for (let i = 0; i < value.length; i++) this.mix(value.charCodeAt(i));
    this.mix(0x1f);
    return this;
  }

  /** Adds an integer of up to 53 bits. */
  integer(value: number): this {
    this.mix(value >>> 0);
    this.mix(Math.floor(value / 4294967296) >>> 0);
    this.mix(0x1e);
    return this;
  }

  /** The hash as a 53-bit integer (exact in a double, cheap as a Map key). */
  digest(): number {
    let h1 = Math.imul(this.h1 ^ (this.h1 >>> 16), 2246822507);
    h1 ^= Math.imul(this.h2 ^ (this.h2 >>> 13), 3266489909);
    let h2 = Math.imul(this.h2 ^ (this.h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (h2 & 0x1fffff) * 4294967296 + (h1 >>> 0);
  }
}

export const IMPORT_ID_PREFIX = 'degiro:';

const shared = new Hasher();

/** The fingerprints of one id in ascending order: a transaction is made of a few rows, sorted here without allocating. */
let ascending = new Float64Array(16);

/** The id of a transaction made of rows with these fingerprints (the others in any order). */
export function importIdOf(fingerprint: number, others?: readonly number[]): string {
  if (!others || others.length === 0) return idText(fingerprint);
  const count = others.length + 1;
  if (ascending.length < count) ascending = new Float64Array(count * 2);
  ascending[0] = fingerprint;
  if (count > 32) {
    for (let i = 1; i < count; i++) ascending[i] = others[i - 1]!;
    ascending.subarray(0, count).sort();
  } else
    for (let i = 1; i < count; i++) {
      // Insertion: the fingerprints before `i` are in ascending order.
      const value = others[i - 1]!;
      let at = i;
      while (at > 0 && ascending[at - 1]! > value) {
        ascending[at] = ascending[at - 1]!;
        at--;
      }
      ascending[at] = value;
    }
  shared.reset();
  for (let i = 0; i < count; i++) shared.integer(ascending[i]!);
  return idText(shared.digest());
}

/** The character code of a hexadecimal digit (0–15), lower case. */
const hex = (digit: number) => digit + (digit < 10 ? 48 : 87);

/** `degiro:` and the 53-bit id in 14 hexadecimal digits, made as one string (no pieces to join). */
function idText(id: number): string {
  // Two 28-bit halves: small integers, whose digits come from shifts.
  const high = Math.floor(id / 0x10000000);
  const low = id - high * 0x10000000;
  return String.fromCharCode(
    100, // d
    101, // e
    103, // g
    105, // i
    114, // r
    111, // o
    58, // :
    hex((high >>> 24) & 15),
    hex((high >>> 20) & 15),
    hex((high >>> 16) & 15),
    hex((high >>> 12) & 15),
    hex((high >>> 8) & 15),
    hex((high >>> 4) & 15),
    hex(high & 15),
    hex((low >>> 24) & 15),
    hex((low >>> 20) & 15),
    hex((low >>> 16) & 15),
    hex((low >>> 12) & 15),
    hex((low >>> 8) & 15),
    hex((low >>> 4) & 15),
    hex(low & 15),
  );
}

/**
 * Numbers repeated values of `fingerprints` in place: the second and later ones get their occurrence mixed in.
 * One pass over an open-addressing table of the values met (the low bits of a fingerprint are a hash already):
 * no sort and no Map of the whole file.
 */
function distinguishRepeated(fingerprints: Float64Array): void {
  let count = 0;
  for (let i = 0; i < fingerprints.length; i++) if (fingerprints[i] !== 0) count += 1;
  // At most two thirds full.
  let size = 1024;
  while (size < count * 1.5) size *= 2;
  const mask = size - 1;
  const values = new Float64Array(size);
  const seen = new Int32Array(size);
  for (let i = 0; i < fingerprints.length; i++) {
    const fingerprint = fingerprints[i]!;
    if (fingerprint === 0) continue;
    let slot = (fingerprint >>> 0) & mask;
    while (values[slot] !== 0 && values[slot] !== fingerprint) slot = (slot + 1) & mask;
    const occurrence = seen[slot]!;
    values[slot] = fingerprint;
    seen[slot] = occurrence + 1;
    if (occurrence > 0) fingerprints[i] = shared.reset().integer(fingerprint).integer(occurrence).digest();
  }
}

/**
 * The id of a transaction that joins others (a dividend and the tax refunds of later days attributed to it):
 * its own id, then the others', `+` between. {@link importIdParts} gives them back, so that the merge finds
 * a transaction stored under any one of them.
 */
export function joinImportIds(own: string, others: readonly string[]): string {
  return [own, ...others.map((id) => id.slice(IMPORT_ID_PREFIX.length))].join('+');
}

/** The ids a (joined) import id is made of: itself when it joins none. */
export function importIdParts(id: string): string[] {
  if (!id.startsWith(IMPORT_ID_PREFIX) || !id.includes('+')) return [id];
  return id
    .slice(IMPORT_ID_PREFIX.length)
    .split('+')
    .map((part) => IMPORT_ID_PREFIX + part);
}

/**
 * Gives identical-looking rows (a dividend booked, reversed and booked again; two equal fills of one
 * order) distinct fingerprints: the second and later ones, in file order, get their occurrence mixed in.
 * Files list such rows in the same order, so an overlapping export numbers them the same way. The former
 * fingerprints are numbered as they were, among the rows' fingerprints of that time.
 */
export function distinguishRepeatedRows(rows: readonly SourceRow[], previousOf: Map<SourceRow, number>): void {
  const count = rows.length;
  const current = new Float64Array(count);
  let former: Float64Array | null = null;
  // Before an order's cost rows were summed, each was keyed alone: numbered as they were among the others.
  let previous: Float64Array | null = null;
  for (let i = 0; i < count; i++) {
    const row = rows[i]!;
    current[i] = row.fingerprint;
    if (row.formerFingerprint !== 0) former ??= new Float64Array(count);
  }
  if (previousOf.size > 0) previous = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const row = rows[i]!;
    if (former) former[i] = row.formerFingerprint || row.fingerprint;
    if (previous) previous[i] = previousOf.get(row) || row.fingerprint;
  }
  distinguishRepeated(current);
  for (let i = 0; i < count; i++) rows[i]!.fingerprint = current[i]!;
  if (previous) {
    distinguishRepeated(previous);
    for (let i = 0; i < count; i++) {
      const row = rows[i]!;
      const before = previous[i]!;
      if (before !== 0 && before !== current[i]) previousOf.set(row, before);
      else previousOf.delete(row);
    }
  }
  if (!former) return;
  distinguishRepeated(former);
  for (let i = 0; i < count; i++) {
    const row = rows[i]!;
    if (row.formerFingerprint !== 0) row.formerFingerprint = former[i]!;
  }
}
