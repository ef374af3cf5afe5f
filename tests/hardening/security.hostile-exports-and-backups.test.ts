/**
 * Issue 31, findings 1 and 5, made again from outside: through the real server and the worker's API.
 * - Hostile product names and import ids stored in a user's set (as a hostile statement or a visitor of
 *   the shared demo account would store them), then exported: no cell of the CSV, read with `,`, `;` or
 *   tab as separator (quotes honoured or not), starts with a formula; the restore reads the file back to
 *   the same set. Fuzzed names too (offline, the same writer), and the tax report.
 * - A backup whose mapping was saved at 2100-12-31T23:59:59.999Z: the restore refuses it (nothing
 *   stored), so does `PUT /api/csv-mappings/all`; a mapping saved after it, exported, reads back.
 */
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { emptyTransactionSet, type Transaction } from '#src/model';
import { transactionsToCsv } from '#src/worker/backup/export-csv';
import { readRestoreFile } from '#src/worker/backup/read-restore';
import { applyRestore } from '#src/worker/backup/restore-plan';
import { taxReportCsv } from '#src/worker/tax-report-csv';
import { EUROPEAN_MAPPING } from '#helpers/csv-mappings';
import { formulaCells, HOSTILE_ALPHABET, HOSTILE_TEXTS } from '#helpers/spreadsheet-readings';
import { workerOnARealServer } from '#helpers/worker/signed-in-worker';
import { recordTally } from '#helpers/hardening/tally';

const FUZZ_RUNS = Number(process.env.HARDENING_FUZZ_RUNS ?? 400);
const real = workerOnARealServer();
const tally = { named: 0, namedHeld: 0, fuzzed: 0, fuzzedHeld: 0, backups: 0, backupsHeld: 0, requests: 0 };

afterAll(() => {
  recordTally({
    section: 'security',
    check: `CSV export of ${HOSTILE_TEXTS.length} hostile names stored on the real server → no formula cell read with , ; or tab (quotes honoured or not); restore gives the same set`,
    tried: tally.named,
    held: tally.namedHeld,
    requests: tally.requests,
  });
  recordTally({
    section: 'security',
    check:
      'fuzzed names (triggers, separators, spaces, quotes) in the CSV export and the tax report → no formula cell; restore gives them back',
    tried: tally.fuzzed,
    held: tally.fuzzedHeld,
  });
  recordTally({
    section: 'security',
    check:
      'backup with a mapping saved in the future (2100-12-31T23:59:59.999Z, a day and 1 ms ahead) → refused by the restore and by PUT /api/csv-mappings/all; the export after reads back',
    tried: tally.backups,
    held: tally.backupsHeld,
  });
});

const hostileTrade = (i: number, product: string, importId: string): Transaction => ({
  ticker: 'ACME',
  type: 'stock',
  date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
  amount: i % 2 === 0 ? 3 : -3,
  value: i % 2 === 0 ? 250.5 : -262.25,
  currency: 'EUR',
  importId,
  product,
});

it('a set with hostile names, stored and exported through the worker, holds no formula and restores to the same set', async () => {
  const { credentials, worker, api } = await real.signedIn('hostile-names');
  const stock = HOSTILE_TEXTS.flatMap((text, i) => [
    hostileTrade(2 * i, text, `degiro:${i}`),
    hostileTrade(2 * i + 1, `Product ${i}`, text),
  ]);
  const saved = await api.put({ transactions: { ...emptyTransactionSet(), stock } });
  tally.requests += 2;
  expect(saved.status).toBe(200);
  await worker.load(credentials);
  const exported = await worker.exportFile('csv', new Date().toISOString(), credentials);
  if (!exported.ok) throw new Error(exported.message);
  const csv = await exported.file.text();
  tally.named += HOSTILE_TEXTS.length;
  const found = formulaCells(csv);
  expect(found).toEqual([]);
  // Into the account it came from: every row is already there, none differs.
  const preview = await worker.previewRestore(new File([csv], 'investments.csv'), credentials);
  expect(preview).toMatchObject({
    ok: true,
    preview: {
      plan: {
        merge: { added: { stock: 0, dividend: 0, commission: 0 }, alreadyPresent: stock.length, keptDifferent: 0 },
      },
    },
  });
  tally.namedHeld += HOSTILE_TEXTS.length;
});

it('fuzzed names in the CSV export and the tax report never start a formula, and come back from a restore', async () => {
  const name = fc.string({ unit: fc.constantFrom(...HOSTILE_ALPHABET), minLength: 1, maxLength: 40 });
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(name, name), { minLength: 1, maxLength: 5 }), async (names) => {
      tally.fuzzed += 1;
      const stock = names
        .flatMap(([product, importId], i) => [hostileTrade(i, product, importId)])
        .sort((a, b) => a.date.localeCompare(b.date));
      const set = { ...emptyTransactionSet(), stock };
      // The first hostile name is the account's too (trimmed, as the server keeps a name).
      const accounts = [{ id: 'main', name: names[0]![0].trim() || 'My account' }];
      const csv = transactionsToCsv(set, Object.fromEntries(names.map(([product]) => [product, 'VWCE.DE'])), accounts);
      const report = taxReportCsv(
        names.map(([ticker]) => ({
          date: '2024-04-01',
          ticker,
          currency: 'USD' as const,
          net: -1.25,
          tax: 0.5,
          eurPerUnit: 0.9,
        })),
      );
      expect(formulaCells(csv)).toEqual([]);
      expect(formulaCells(report)).toEqual([]);
      const read = await readRestoreFile(csv, Date.now());
      if (!read.ok) throw new Error(read.error);
      const portfolio = { transactions: emptyTransactionSet(), symbolChoices: {}, settings: {}, csvMappings: [] };
      const restored = applyRestore({ ...portfolio, accounts }, read.content, 'replace');
      expect(restored.transactions).toEqual({ ...set, cash: [] });
      expect(restored.accounts).toEqual(accounts);
      tally.fuzzedHeld += 1;
    }),
    { numRuns: FUZZ_RUNS, seed: 31 },
  );
});

it('a backup with a mapping saved in the future is refused, by the restore and by the server, and the export after reads back', async () => {
  const { idToken, credentials, worker } = await real.signedIn('future-backup');
  await worker.load(credentials);
  const header = 'datum\u001fsymbool\u001fbedrag';
  const saveMapping = await fetch(`${real.url()}/api/csv-mappings`, {
    method: 'PUT',
    headers: { Authorization: idToken, 'content-type': 'application/json' },
    body: JSON.stringify({ header, mapping: EUROPEAN_MAPPING }),
  });
  expect(saveMapping.status).toBe(200);
  const exported = await worker.exportFile('json', new Date().toISOString(), credentials);
  if (!exported.ok) throw new Error(exported.message);
  const honest = await exported.file.text();
  const { savedAt } = (JSON.parse(honest) as { csvMappings: Array<{ savedAt: string }> }).csvMappings[0]!;
  tally.requests += 5;

  for (const future of ['2100-12-31T23:59:59.999Z', new Date(Date.now() + 86_400_000 + 60_000).toISOString()]) {
    tally.backups += 1;
    const crafted = honest.replace(JSON.stringify(savedAt), JSON.stringify(future));
    const preview = await worker.previewRestore(new File([crafted], 'backup.json'), credentials);
    expect(preview).toMatchObject({ ok: false });
    expect(preview.ok ? '' : preview.message).toMatch(/savedAt .* is in the future/);
    const put = await fetch(`${real.url()}/api/csv-mappings/all`, {
      method: 'PUT',
      headers: { Authorization: idToken, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'replace', mappings: [{ header, mapping: EUROPEAN_MAPPING, savedAt: future }] }),
    });
    tally.requests += 2;
    expect(put.status).toBe(400);
    // The account's mapping is as it was, and its export reads back.
    const again = await worker.exportFile('json', new Date().toISOString(), credentials);
    if (!again.ok) throw new Error(again.message);
    expect(await worker.previewRestore(new File([await again.file.text()], 'backup.json'), credentials)).toMatchObject({
      ok: true,
      preview: { plan: { fileCsvMappings: 1 } },
    });
    worker.discardRestore();
    tally.requests += 6;
    tally.backupsHeld += 1;
  }
});
