/**
 * The JSON backup carries the column mappings remembered for other brokers' CSV files, through the
 * worker's intents against the real server: exported with their saved-at times, and restored into
 * another account by merge (that account's own mapping wins for a header both have; the backup's other
 * headers are added) and by replace (the backup's exactly), as the preview counted. A CSV restore and a
 * backup of format version 1 carry none and leave the account's mappings as they were.
 */
import { expect, it } from 'vitest';
import type { CsvMapping, RememberedMapping } from '#src/model/csv-mapping';
import type { Credentials } from '#src/worker';
import { signIn } from '#helpers/oidc-login';
import { workerOnARealServer } from '#helpers/worker/signed-in-worker';
import { EUROPEAN_MAPPING } from '#helpers/csv-mappings';

const real = workerOnARealServer();

const bankHeader = 'datum\u001fsymbool\u001ftype\u001faantal\u001ftotaal';
const brokerHeader = 'trade date\u001fsymbol\u001faction\u001fquantity\u001famount';
const mapping = EUROPEAN_MAPPING;

async function saveMapping(idToken: string, header: string, saved: CsvMapping) {
  const response = await fetch(`${real.url()}/api/csv-mappings`, {
    method: 'PUT',
    headers: { Authorization: idToken, 'content-type': 'application/json' },
    body: JSON.stringify({ header, mapping: saved }),
  });
  expect(response.status).toBe(200);
}

async function mappingsOf(idToken: string): Promise<RememberedMapping[]> {
  const response = await fetch(`${real.url()}/api/csv-mappings/all`, { headers: { Authorization: idToken } });
  return ((await response.json()) as { mappings: RememberedMapping[] }).mappings;
}

it('exports the mappings in the backup, and restores them by merge and by replace', async () => {
  const { idToken, credentials, worker } = await real.signedIn('mapper');
  await worker.load(credentials);
  await saveMapping(idToken, bankHeader, mapping);
  await saveMapping(idToken, brokerHeader, { ...mapping, delimiter: ',', dateOrder: 'YMD', decimalMark: '.' });
  const saved = await mappingsOf(idToken);
  expect(saved.map((m) => m.header)).toEqual([brokerHeader, bankHeader]);

  // Made now, after the saves: a backup holds no time later than its own (the writer would bring it back to it).
  const exported = await worker.exportFile('json', new Date().toISOString(), credentials);
  if (!exported.ok) throw new Error(exported.message);
  const backupText = await exported.file.text();
  const backup = JSON.parse(backupText) as {
    formatVersion: number;
    counts: Record<string, number>;
    csvMappings: RememberedMapping[];
  };
  expect(backup.formatVersion).toBe(3);
  expect(backup.counts.csvMappings).toBe(2);
  expect(backup.csvMappings).toEqual(saved);
  // The CSV export carries no mappings (nor settings): only the transactions.
  const csv = await worker.exportFile('csv', new Date().toISOString(), credentials);
  if (!csv.ok) throw new Error(csv.message);
  const csvText = await csv.file.text();

  // Another account, with its own mapping for the bank's header.
  worker.signOut();
  const other = await signIn(real.url(), { username: 'restorer', password: 'correct horse', createAccount: true });
  const otherCredentials: Credentials = { idToken: other.idToken, xsrfToken: null };
  await worker.load(otherCredentials);
  const ownBank: CsvMapping = { ...mapping, fixedCurrency: 'USD' };
  await saveMapping(other.idToken, bankHeader, ownBank);

  // A CSV and a version 1 backup carry no mappings: the preview says so, and a replace leaves the account's.
  const csvPreview = await worker.previewRestore(new File([csvText], 'export.csv'), otherCredentials);
  expect(csvPreview).toMatchObject({
    ok: true,
    preview: { plan: { fileCsvMappings: null, current: { csvMappings: 1 }, replace: { csvMappings: 1 } } },
  });
  const {
    csvMappings: _left,
    counts,
    ...rest
  } = JSON.parse(backupText) as { csvMappings: unknown; counts: Record<string, number> };
  const { csvMappings: _count, ...countsV1 } = counts;
  const versionOne = JSON.stringify({ ...rest, formatVersion: 1, counts: countsV1 });
  expect(await worker.previewRestore(new File([versionOne], 'old-backup.json'), otherCredentials)).toMatchObject({
    ok: true,
    preview: { kind: 'backup', plan: { fileCsvMappings: null } },
  });
  expect(await worker.confirmRestore('replace', otherCredentials)).toMatchObject({ ok: true });
  expect((await mappingsOf(other.idToken)).map((m) => [m.header, m.mapping])).toEqual([[bankHeader, ownBank]]);

  // Merge: the account's own mapping for the bank's header stays; the broker's is added with its saved-at time.
  const mergePreview = await worker.previewRestore(new File([backupText], 'backup.json'), otherCredentials);
  expect(mergePreview).toMatchObject({
    ok: true,
    preview: {
      plan: {
        fileCsvMappings: 2,
        current: { csvMappings: 1 },
        merge: { csvMappingsAdded: 1, csvMappings: 2 },
        replace: { csvMappings: 2 },
      },
    },
  });
  expect(await worker.confirmRestore('merge', otherCredentials)).toMatchObject({ ok: true });
  const merged = await mappingsOf(other.idToken);
  expect(merged.map((m) => [m.header, m.mapping])).toEqual([
    [bankHeader, ownBank],
    [brokerHeader, saved[0]!.mapping],
  ]);
  expect(merged[1]).toEqual(saved[0]);

  // Replace: the backup's, exactly as exported.
  expect(await worker.previewRestore(new File([backupText], 'backup.json'), otherCredentials)).toMatchObject({
    ok: true,
    preview: { plan: { merge: { csvMappingsAdded: 0 } } },
  });
  expect(await worker.confirmRestore('replace', otherCredentials)).toMatchObject({ ok: true });
  expect(await mappingsOf(other.idToken)).toEqual(saved);
  // The first account's are untouched.
  expect(await mappingsOf(idToken)).toEqual(saved);
});
