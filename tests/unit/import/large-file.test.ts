/** A 50 MB statement: no throw, no line lost, in a reasonable time. */
import { describe, expect, it } from 'vitest';
import { parseDegiroExport } from '#src/worker/import';
import { generateExport } from '#helpers/import/export-generator';

describe('a 50 MB export', () => {
  it('imports every line without a throw', { timeout: 180_000 }, async () => {
    const { text, expected } = generateExport(400_000, 21);
    const blob = new Blob([text]);
    expect(blob.size).toBeGreaterThan(50_000_000);
    const result = await parseDegiroExport(blob);
    expect(result.error).toBeUndefined();
    expect(result.counts).toEqual({
      buys: expected.buys,
      sells: expected.sells,
      dividends: expected.dividends,
      commissions: expected.commissions,
      cash: expected.cash,
      skipped: expected.skippedLines,
      unrecognised: 0,
      lines: expected.dataLines,
    });
  });
});
