/**
 * The body pre-scan (`server/http/json-prescan.ts`) counts what parsing the body would build: for any JSON
 * text (strings full of quotes, backslashes and brackets) fed in chunks cut anywhere, an escape's
 * backslash at a chunk's end among them, each limit is crossed at one more than the body's own count
 * (depth, containers, elements) and never at its count.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonPrescan, type JsonBodyLimits, type JsonLimitCrossed } from '#server/http/json-prescan';

interface Counts {
  depth: number;
  containers: number;
  elements: number;
}

/** From the parsed value: nesting depth, arrays and objects, and those plus the separators between items. */
function countsOf(value: unknown, level = 0): Counts {
  if (value === null || typeof value !== 'object') return { depth: level, containers: 0, elements: 0 };
  const items = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  const counts = { depth: level + 1, containers: 1, elements: 1 + Math.max(0, items.length - 1) };
  for (const item of items) {
    const inner = countsOf(item, level + 1);
    counts.depth = Math.max(counts.depth, inner.depth);
    counts.containers += inner.containers;
    counts.elements += inner.elements;
  }
  return counts;
}

function scan(bytes: Uint8Array, cuts: number[], limits: JsonBodyLimits): JsonLimitCrossed | undefined {
  const scanner = new JsonPrescan(limits);
  let from = 0;
  for (const cut of [...cuts.filter((at) => at > 0 && at < bytes.length).sort((a, b) => a - b), bytes.length]) {
    const crossed = scanner.feed(bytes.subarray(from, cut));
    if (crossed) return crossed;
    from = cut;
  }
  return undefined;
}

const texts = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  // Strings made of the very bytes the scan looks at.
  fc
    .array(fc.array(fc.constantFrom('"', '\\', '[', ']', '{', '}', ',', 'a', 'é', '株'), { maxLength: 8 }))
    .map((parts) => JSON.stringify({ k: parts.map((chars) => chars.join('')), n: [[], {}] })),
);

describe('JsonPrescan', () => {
  it('crosses each limit at one past the count of the body, wherever the chunks are cut', () => {
    fc.assert(
      fc.property(texts, fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const bytes = Buffer.from(text);
        const at = cuts.map((cut) => cut % (bytes.length + 1));
        // Cut right after every backslash too: an escape split across two chunks.
        for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x5c && at.length < 40) at.push(i + 1);
        const counts = countsOf(JSON.parse(text));
        const exact: JsonBodyLimits = {
          maxBytes: bytes.length,
          maxDepth: counts.depth,
          maxContainers: counts.containers,
          maxElements: counts.elements,
        };
        expect(scan(bytes, at, exact)).toBeUndefined();
        expect(scan(bytes, at, { ...exact, maxBytes: bytes.length - 1 })).toBe('bytes');
        if (counts.depth > 0) expect(scan(bytes, at, { ...exact, maxDepth: counts.depth - 1 })).toBe('depth');
        if (counts.containers > 0)
          expect(scan(bytes, at, { ...exact, maxDepth: 99, maxContainers: counts.containers - 1 })).toBe('containers');
        if (counts.elements > 0)
          expect(
            scan(bytes, at, { ...exact, maxDepth: 99, maxContainers: 1e9, maxElements: counts.elements - 1 }),
          ).toBe('elements');
      }),
      { numRuns: 400 },
    );
  });

  it('refuses 10 MiB of [] at the containers limit, and 400,000 nested [ at the depth', () => {
    const limits = { maxBytes: 10 * 1024 * 1024, maxDepth: 8, maxContainers: 200_016, maxElements: 1_600_000 };
    expect(scan(Buffer.from(`[${'[],'.repeat(3_000_000)}[]]`), [65_536, 131_072], limits)).toBe('containers');
    expect(scan(Buffer.from('['.repeat(400_000)), [16_384], limits)).toBe('depth');
  });
});
