/**
 * Property tests: whatever the bytes (random, truncated exports, other delimiters, generated statements),
 * the importer never throws and always returns a well-formed result or a clear error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPECTED_HEADER, parseDegiroExport, type DegiroImport } from '../../../src/worker/import';
import { generateExport } from './export-generator';
import { allTransactions, expectEveryLineOnce, fixtureBytes, fixtureText } from './helpers';

/** Either an error with nothing else, or every line listed once and the counts agreeing with the lists. */
function expectWellFormed(result: DegiroImport): void {
  const lines = [...allTransactions(result).flatMap((t) => t.lines), ...result.skipped.map((s) => s.line), ...result.unrecognised.map((u) => u.line)];
  if (result.error !== undefined) {
    expect(result.error.length).toBeGreaterThan(20);
    expect(lines).toEqual([]);
    return;
  }
  expect(new Set(lines).size).toBe(lines.length);
  expect(lines.length).toBe(result.counts.lines);
  expect(lines.every((line) => Number.isInteger(line) && line >= 2)).toBe(true);
  expect(result.counts.skipped).toBe(result.skipped.length);
  expect(result.counts.unrecognised).toBe(result.unrecognised.length);
  expect(result.counts.buys + result.counts.sells).toBe(result.transactions.stock.length);
  for (const t of allTransactions(result)) {
    expect(Number.isFinite(t.value) && Number.isFinite(t.amount)).toBe(true);
    expect(['EUR', 'USD']).toContain(t.currency);
    expect(t.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
}

const FIXTURES = ['nl-example.csv', 'nl-mixed-languages.csv', 'nl-thousands-separators.csv'] as const;

describe('the importer never throws', () => {
  it('on random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (bytes) => {
        expectWellFormed(await parseDegiroExport(new Blob([bytes])));
      }),
      { numRuns: 200 },
    );
  });

  it('on random text after a real header', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 2000 }), async (body) => {
        expectWellFormed(await parseDegiroExport(`${EXPECTED_HEADER}\n${body}`));
      }),
      { numRuns: 200 },
    );
  });

  it('on exports cut off at any byte, still accounting for every line it reads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIXTURES), fc.double({ min: 0, max: 1, noNaN: true }), async (name, fraction) => {
        const bytes = fixtureBytes(name);
        const cut = bytes.subarray(0, Math.floor(bytes.length * fraction));
        const result = await parseDegiroExport(new Blob([cut]));
        expectWellFormed(result);
        if (result.error === undefined) expectEveryLineOnce(result, new TextDecoder().decode(cut));
      }),
      { numRuns: 150 },
    );
  });

  it('on exports with their commas replaced by another delimiter: a result or an error that names the expected header', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIXTURES), fc.constantFrom('|', ':', ' ', '#', '~', '.', ';', '\t'), async (name, delimiter) => {
        const text = fixtureText(name).replaceAll(',', delimiter);
        const result = await parseDegiroExport(text);
        expectWellFormed(result);
        if (result.error !== undefined) expect(result.error).toMatch(/Datum,Tijd,Valutadatum|expected commas/);
      }),
      { numRuns: 40 },
    );
  });

  it('on generated statements of any seed, finding exactly what was generated', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1e6 }), fc.constantFrom('nl', 'en'), async (seed, style) => {
        const generated = generateExport(120, seed, style as 'nl' | 'en');
        const result = await parseDegiroExport(generated.text);
        expectEveryLineOnce(result, generated.text);
        const { buys, sells, dividends, commissions, skippedLines } = generated.expected;
        expect(result.counts).toMatchObject({ buys, sells, dividends, commissions, skipped: skippedLines, unrecognised: 0 });
      }),
      { numRuns: 40 },
    );
  });
});
