/**
 * The import's whole result is the one recorded in tests/golden/import/degiro-digests.json (SHA-1 of its JSON) for
 * every DEGIRO fixture and generated statement of 600–25,000 rows, Dutch and English, with and without
 * correct balances (tests/helpers/import/import-digests.ts): work on the import's speed changes no byte of
 * it. A change of the result that is meant records the digests again: `npx tsx scripts/import-digests.ts --write`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDegiroExport } from '#src/worker/import';
import { digestInputs, importDigests } from '#helpers/import/import-digests';

const recorded = JSON.parse(
  readFileSync(new URL('../../golden/import/degiro-digests.json', import.meta.url), 'utf8'),
) as Record<string, string>;

describe('the import result, byte for byte', () => {
  it('has a recorded digest for every input, and the corrected statements reconcile in every currency', async () => {
    const inputs = digestInputs();
    expect(Object.keys(recorded).sort()).toEqual(inputs.map((input) => input.name).sort());
    for (const { name, text } of inputs.filter((input) => input.name.includes('balances corrected'))) {
      const { reconciliation } = await parseDegiroExport(text);
      expect(reconciliation.map((r) => `${name}: ${r.currency} ${r.status}`)).toEqual([
        `${name}: EUR reconciled`,
        `${name}: USD reconciled`,
      ]);
    }
  });

  it('is the recorded one for every input', { timeout: 60_000 }, async () => {
    expect(await importDigests(parseDegiroExport)).toEqual(recorded);
  });
});
