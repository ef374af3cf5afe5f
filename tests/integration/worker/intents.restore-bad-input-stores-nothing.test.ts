/**
 * Bad files through the worker's restore intents against the real server: a truncated backup, a backup of
 * another format version, our CSV with its columns swapped, a file of 50 MB. Each is refused at the
 * preview with a message that says why, a confirm after it has no file to restore, and nothing is stored:
 * the set's version, its transactions, the settings and the remembered column mappings are as before.
 */
import { expect, it } from 'vitest';
import type { Transaction } from '#src/model';
import { swapColumns } from '#helpers/csv-text';
import { workerOnARealServer } from '#helpers/worker/signed-in-worker';

const real = workerOnARealServer();

const buy: Transaction = {
  ticker: 'VWCE.DE',
  type: 'stock',
  date: '2021-03-01',
  amount: 10,
  value: 950.5,
  currency: 'EUR',
};
const mapping = {
  delimiter: ';',
  columns: { date: 0, ticker: 1, type: 2, amount: 3, value: 4, currency: null, tax: null, fees: null },
  fixedCurrency: 'EUR',
  dateOrder: 'DMY',
  decimalMark: ',',
};

it('refuses a truncated backup, another format version, swapped columns and 50 MB, and stores nothing', async () => {
  const { idToken, credentials, worker, api } = await real.signedIn('careful');
  await worker.load(credentials);
  expect(await worker.change({ kind: 'add', transaction: buy }, credentials)).toMatchObject({ ok: true });
  const remember = await fetch(`${real.url()}/api/csv-mappings`, {
    method: 'PUT',
    headers: { Authorization: idToken, 'content-type': 'application/json' },
    body: JSON.stringify({ header: 'datum\u001fsymbool', mapping }),
  });
  expect(remember.status).toBe(200);
  const exported = await worker.exportFile('json', '2026-11-25T17:00:00.000Z', credentials);
  if (!exported.ok) throw new Error(exported.message);
  const backup = await exported.file.text();
  const csv = await worker.exportFile('csv', '2026-11-25T17:00:00.000Z', credentials);
  if (!csv.ok) throw new Error(csv.message);
  const csvText = (await csv.file.text()).replace(/^\uFEFF/, '');

  const stateOfTheAccount = async () => {
    const set = await api.get();
    const mappings = await (
      await fetch(`${real.url()}/api/csv-mappings/all`, { headers: { Authorization: idToken } })
    ).json();
    const settings = await (await fetch(`${real.url()}/api/settings`, { headers: { Authorization: idToken } })).json();
    return { etag: set.etag, transactions: set.body.transactions, mappings, settings };
  };
  const before = await stateOfTheAccount();
  expect(before.transactions.stock).toHaveLength(1);

  const swapped = swapColumns(csvText, 2, 3);
  const files: Array<[File, RegExp]> = [
    [new File([backup.slice(0, Math.floor(backup.length * 0.6))], 'cut.json'), /^The backup is cut off/],
    [
      new File([backup.replace('"formatVersion": 3', '"formatVersion": 4')], 'future.json'),
      /^This backup is in format version 4; this version of Investments Tracker reads versions 1 to 3/,
    ],
    [new File([swapped], 'swapped.csv'), /^The columns are in another order than an Investments Tracker export/],
    [
      new File([new Uint8Array(50 * 1024 * 1024)], 'huge.json'),
      /^The file is 50\.0 MB; a backup or CSV to restore may be at most 30\.0 MB/,
    ],
  ];
  for (const [file, message] of files) {
    const preview = await worker.previewRestore(file, credentials);
    expect(preview, file.name).toMatchObject({ ok: false, message: expect.stringMatching(message) });
    if (!preview.ok) expect(preview.message, file.name).toMatch(/Nothing was restored/);
    // Nothing was read, so nothing can be confirmed.
    expect(await worker.confirmRestore('replace', credentials), file.name).toMatchObject({
      ok: false,
      message: 'There is no file to restore; choose it again.',
    });
    expect(await stateOfTheAccount(), file.name).toEqual(before);
  }
}, 60_000);
