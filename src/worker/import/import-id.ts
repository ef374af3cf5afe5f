/**
 * Import ids: a 64-bit hash of the fingerprints of the rows a transaction came from. The same rows in
 * another export (an overlapping period, another language) give the same id; two identical-looking
 * bookings differ by their occurrence index, which is part of each row's fingerprint.
 */

/** Two 32-bit multiply-xorshift lanes (the cyrb53 construction), printed as 16 hex digits. */
function hash64(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

export const IMPORT_ID_PREFIX = 'degiro:';

export function importIdOf(fingerprints: readonly string[]): string {
  const sorted = fingerprints.length === 1 ? fingerprints : [...fingerprints].sort();
  return IMPORT_ID_PREFIX + hash64(sorted.join('\n'));
}
