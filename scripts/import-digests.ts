/**
 * `npx tsx scripts/import-digests.ts [--write]`: the SHA-1 of the DEGIRO import's result over every fixture and
 * generated statement (tests/helpers/import/import-digests.ts); `--write` records them in
 * tests/golden/import/degiro-digests.json, which tests/unit/import/import-digests.test.ts compares against.
 */
import { writeFileSync } from 'node:fs';
import { parseDegiroExport } from '../src/worker/import';
import { importDigests } from '../tests/helpers/import/import-digests';

const digests = await importDigests(parseDegiroExport);
const json = `${JSON.stringify(digests, null, 2)}\n`;
if (process.argv.includes('--write'))
  writeFileSync(new URL('../tests/golden/import/degiro-digests.json', import.meta.url), json);
process.stdout.write(json);
