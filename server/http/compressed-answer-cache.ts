/**
 * The last compressed answer per user and coding, so that an answer whose bytes did not change since the
 * user's last one (a GET of a set not written since, a GET right after the PUT that answered the same
 * text) is not compressed again (`npm run bench:load`: every GET and PUT answers the whole set).
 *
 * An entry is found by the SHA-256 of the uncompressed bytes, never by a version or an ETag: a hit hands
 * the very bytes the compressor would produce again (same input, same parameters), whatever happened to
 * the account meanwhile (a deletion and a fresh start, another instance's write). Entries are per user
 * (`sub`), so nothing is shared between accounts, not even the knowledge that two hold the same data.
 * Bounded by count and bytes, least recently used first out; an entry expires after ENTRY_TTL_MS, and
 * `forget(sub)` drops a user's entries (a deleted account's data leaves memory with it); expired entries
 * are swept out at most once a minute, so an idle account's answers do not stay in memory either.
 */
import { createHash } from 'node:crypto';
import type { Encoding } from './accept-encoding';

/** Long enough for a page's load after a save, short enough that an idle account's data leaves memory. */
export const ENTRY_TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 512;
/** The compressed bytes kept in all: 2,000 transactions compress to about 40 KB. */
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
const SWEEP_EVERY_MS = 60 * 1000;

interface Entry {
  digest: string;
  compressed: Buffer;
  storedAtMs: number;
}

export interface CompressedAnswerCache {
  /** The compressed bytes of `bytes` for `sub` in `encoding`: from the cache, or by `compress` (then kept). */
  compressed(
    sub: string,
    encoding: Encoding,
    bytes: Buffer,
    compress: (bytes: Buffer) => Promise<Buffer>,
  ): Promise<Buffer>;
  /** Drops every entry of `sub`. */
  forget(sub: string): void;
  /** Entries held, and the compressed bytes they hold (for tests). */
  size(): { entries: number; bytes: number };
}

export function createCompressedAnswerCache(now: () => number = Date.now): CompressedAnswerCache {
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  let sweptAtMs = now();
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.compressed.byteLength;
    entries.delete(key);
  };
  const keep = (key: string, entry: Entry) => {
    drop(key);
    if (entry.compressed.byteLength > MAX_TOTAL_BYTES) return;
    entries.set(key, entry);
    totalBytes += entry.compressed.byteLength;
    // A Map iterates in insertion order: the first key is the least recently used.
    for (const oldest of entries.keys()) {
      if (entries.size <= MAX_ENTRIES && totalBytes <= MAX_TOTAL_BYTES) break;
      drop(oldest);
    }
  };
  const sweep = () => {
    const at = now();
    if (at - sweptAtMs < SWEEP_EVERY_MS) return;
    sweptAtMs = at;
    for (const [key, entry] of entries) if (at - entry.storedAtMs > ENTRY_TTL_MS) drop(key);
  };
  return {
    async compressed(sub, encoding, bytes, compress) {
      sweep();
      const key = `${encoding}\u0000${sub}`;
      const digest = createHash('sha256').update(bytes).digest('base64');
      const entry = entries.get(key);
      if (entry && entry.digest === digest && now() - entry.storedAtMs <= ENTRY_TTL_MS) {
        // Used again: to the end of the order.
        entries.delete(key);
        entries.set(key, entry);
        return entry.compressed;
      }
      const compressed = await compress(bytes);
      keep(key, { digest, compressed, storedAtMs: now() });
      return compressed;
    },
    forget(sub) {
      for (const encoding of ['br', 'gzip'] satisfies Encoding[]) drop(`${encoding}\u0000${sub}`);
    },
    size: () => ({ entries: entries.size, bytes: totalBytes }),
  };
}
