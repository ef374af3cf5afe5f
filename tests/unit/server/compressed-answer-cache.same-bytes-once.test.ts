/**
 * The compressed answers kept per user and coding: the same bytes for the same user are compressed once;
 * other bytes, another user or another coding are compressed on their own; an entry expires after
 * ENTRY_TTL_MS and goes with `forget`; the cache stays within its bounds.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCompressedAnswerCache, ENTRY_TTL_MS } from '#server/http/compressed-answer-cache';

function counting() {
  let calls = 0;
  const compress = async (bytes: Buffer) => {
    calls += 1;
    return zlib.gzipSync(bytes);
  };
  return { compress, calls: () => calls };
}

const answer = (text: string) => Buffer.from(JSON.stringify({ transactions: text.repeat(200) }));

describe('compressed answers kept per user', () => {
  it('compresses the same bytes once per user and coding, and gives the bytes the compressor gave', async () => {
    const cache = createCompressedAnswerCache();
    const { compress, calls } = counting();
    const first = await cache.compressed('alice', 'gzip', answer('a'), compress);
    const again = await cache.compressed('alice', 'gzip', answer('a'), compress);
    expect(calls()).toBe(1);
    expect(again.equals(first)).toBe(true);
    expect(zlib.gunzipSync(again).equals(answer('a'))).toBe(true);
    // Another user with the very same bytes, another coding, other bytes: each compressed on its own.
    await cache.compressed('bob', 'gzip', answer('a'), compress);
    await cache.compressed('alice', 'br', answer('a'), compress);
    const changed = await cache.compressed('alice', 'gzip', answer('b'), compress);
    expect(calls()).toBe(4);
    expect(zlib.gunzipSync(changed).equals(answer('b'))).toBe(true);
    // Only the last answer per user and coding is kept: the first bytes are compressed again.
    await cache.compressed('alice', 'gzip', answer('a'), compress);
    expect(calls()).toBe(5);
  });

  it('compresses again after ENTRY_TTL_MS, and after forget', async () => {
    let now = 1_000_000;
    const cache = createCompressedAnswerCache(() => now);
    const { compress, calls } = counting();
    await cache.compressed('alice', 'gzip', answer('a'), compress);
    now += ENTRY_TTL_MS;
    await cache.compressed('alice', 'gzip', answer('a'), compress);
    expect(calls()).toBe(1);
    now += 1;
    await cache.compressed('alice', 'gzip', answer('a'), compress);
    expect(calls()).toBe(2);
    await cache.compressed('alice', 'br', answer('a'), compress);
    cache.forget('alice');
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
    await cache.compressed('alice', 'gzip', answer('a'), compress);
    expect(calls()).toBe(4);
  });

  it('sweeps expired entries out and keeps at most 512', async () => {
    let now = 0;
    const cache = createCompressedAnswerCache(() => now);
    const { compress } = counting();
    for (let i = 0; i < 600; i++) await cache.compressed(`user-${i}`, 'gzip', answer(String(i)), compress);
    expect(cache.size().entries).toBe(512);
    now += ENTRY_TTL_MS + 60_001;
    await cache.compressed('late', 'gzip', answer('late'), compress);
    expect(cache.size().entries).toBe(1);
  });
});
