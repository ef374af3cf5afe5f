/**
 * Another broker's CSV through the worker's intents, against the real server: the DEGIRO parse says the
 * file is no DEGIRO file (the page then maps it), the mapping proposed is a guess the user corrects in the
 * live preview (a problem row flagged), columns swapped are refused with the reason and nothing stored,
 * the import merges by import id (nothing twice) and remembers the mapping for the header on the server,
 * and the same header comes back with that mapping filled in. Our own export is sent to the restore.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as Comlink from 'comlink';
import { expect, it } from 'vitest';
import type { CsvMapping } from '#src/model/csv-mapping';
import { workerOnARealServer } from '#helpers/worker/signed-in-worker';

const real = workerOnARealServer();

const text = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/mapped-csv/dutch-bank-broker.csv'), 'utf8');
const csvFile = (content = text) => new Blob([content], { type: 'text/csv' });

it('maps, previews, refuses swapped columns, imports once and remembers the mapping per header', async () => {
  const { idToken, credentials, api, worker } = await real.signedIn('other-broker');
  await worker.load(credentials);

  const parsed = await worker.parseImport(
    1,
    csvFile(),
    Comlink.proxy(() => {}),
  );
  expect(parsed).toMatchObject({
    ok: true,
    otherCsv: true,
    preview: { error: expect.stringMatching(/^This looks like DEGIRO's Portfolio.csv/) },
  });
  // A file no DEGIRO file resembles at all goes to the mapping too.
  const foreign = await worker.parseImport(
    2,
    csvFile('Trade Date,Symbol,Action,Quantity,Amount\n2021-01-04,AAPL,BUY,1,130\n'),
    Comlink.proxy(() => {}),
  );
  expect(foreign).toMatchObject({
    ok: true,
    otherCsv: true,
    preview: { error: expect.stringMatching(/^Not a DEGIRO account statement/) },
  });
  const degiro = await worker.parseImport(
    3,
    new Blob([readFileSync(path.resolve(import.meta.dirname, '../../fixtures/degiro/nl-example.csv'))]),
    Comlink.proxy(() => {}),
  );
  expect(degiro).toMatchObject({ ok: true, otherCsv: false, preview: { error: null } });

  const opened = await worker.openMappedCsv(csvFile(), 'bank.csv', credentials);
  if (!opened.ok) throw new Error(opened.message);
  const { file } = opened;
  expect(file.header).toEqual([
    'Datum',
    'Type',
    'Product',
    'Symbool',
    'Aantal',
    'Koers',
    'Totaal',
    'Valuta',
    'Kosten',
    'Bronbelasting',
  ]);
  expect(file.remembered).toBe(false);
  // The guess: what the headings and first rows tell; "Symbool", "Totaal" and "Bronbelasting" it does not know.
  expect(file.mapping).toEqual({
    delimiter: ';',
    columns: { date: 0, ticker: null, type: 1, amount: 4, value: null, currency: 7, tax: null, fees: 8 },
    fixedCurrency: 'EUR',
    dateOrder: 'DMY',
    decimalMark: ',',
  });
  expect(file.preview).toMatchObject({ error: 'Choose the column of the ticker.', rows: [], transactionCount: 0 });

  const chosen: CsvMapping = { ...file.mapping, columns: { ...file.mapping.columns, ticker: 3, value: 6, tax: 9 } };
  const preview = await worker.previewMappedCsv(chosen);
  if (!preview.ok) throw new Error(preview.message);
  expect(preview.preview).toMatchObject({
    error: null,
    rowCount: 5,
    problemCount: 1,
    transactionCount: 7,
    newTransactions: 7,
    alreadyPresent: 0,
  });
  expect(preview.preview.problems).toEqual([{ row: 5, message: 'date "31-06-2021" is not a date in the order DMY' }]);
  expect(preview.preview.rows.map((row) => [row.row, row.problem === null, row.transactions.length])).toEqual([
    [2, true, 2],
    [3, true, 2],
    [4, true, 1],
    [5, false, 0],
    [6, true, 2],
  ]);
  expect(preview.preview.rows[2]!.transactions[0]).toMatchObject({
    ticker: 'AAPL',
    type: 'dividend',
    date: '2021-05-14',
    value: 1.1,
    tax: 0.17,
    currency: 'USD',
  });

  // Date and ticker swapped: every row has a problem; the import is refused, nothing stored or remembered.
  const swapped: CsvMapping = { ...chosen, columns: { ...chosen.columns, date: 3, ticker: 0 } };
  const swappedPreview = await worker.previewMappedCsv(swapped);
  expect(swappedPreview).toMatchObject({ ok: true, preview: { problemCount: 5, transactionCount: 0 } });
  const before = await api.get();
  const refused = await worker.confirmMappedCsv(swapped, credentials);
  expect(refused).toMatchObject({
    ok: false,
    message: expect.stringMatching(
      /^No row can be read with this mapping \(row 2: date "VWCE.DE" is not a date.*nothing was imported\.$/,
    ),
  });
  expect((await api.get()).etag).toBe(before.etag);
  const unremembered = await fetch(`${real.url()}/api/csv-mappings?header=${encodeURIComponent(file.headerKey)}`, {
    headers: { Authorization: idToken },
  });
  expect(await unremembered.json()).toEqual({ mapping: null });

  const imported = await worker.confirmMappedCsv(chosen, credentials);
  expect(imported).toMatchObject({ ok: true, added: 7, alreadyPresent: 0, skippedRows: 1, mappingNotRemembered: null });
  const stored = (await api.get()).body.transactions;
  expect(stored.stock.map((t) => [t.ticker, t.date, t.amount, t.value, t.currency])).toEqual([
    ['VWCE.DE', '2021-01-04', 10, 923.5, 'EUR'],
    ['AAPL', '2021-03-15', 5, 605.15, 'USD'],
    ['VWCE.DE', '2021-09-01', -4, -400.48, 'EUR'],
  ]);
  expect(stored.commission.map((t) => t.value)).toEqual([2, 1, 2]);
  expect(stored.stock.every((t) => t.importId?.startsWith('csv:'))).toBe(true);

  // The same header again (a later file): the mapping comes back filled in; the rows imported before are not added twice.
  const later = `${text}02-12-2021;Dividend;Apple Inc.;AAPL;;;1,20;USD;;0,18\r\n`;
  const again = await worker.openMappedCsv(csvFile(later), 'bank-december.csv', credentials);
  if (!again.ok) throw new Error(again.message);
  expect(again.file).toMatchObject({ fileName: 'bank-december.csv', remembered: true, mapping: chosen });
  expect(again.file.preview).toMatchObject({
    transactionCount: 8,
    newTransactions: 1,
    alreadyPresent: 7,
    problemCount: 1,
  });
  expect(await worker.confirmMappedCsv(chosen, credentials)).toMatchObject({ ok: true, added: 1, alreadyPresent: 7 });
  expect((await api.get()).body.transactions.dividend).toHaveLength(2);
});

it('sends our own export to the restore, and refuses a file that is no table', async () => {
  const { credentials, worker } = await real.signedIn('own-export');
  await worker.load(credentials);
  const ours = await worker.openMappedCsv(
    csvFile(
      '\uFEFFticker,type,date,amount,value,currency,tax,import_id,product,isin\r\nAAPL,stock,2021-04-01,2,240,USD,,,,\r\n',
    ),
    'investments.csv',
    credentials,
  );
  expect(ours).toMatchObject({
    ok: false,
    message: expect.stringMatching(
      /^investments.csv is an export of this app: bring it back with "Restore from a file…"/,
    ),
  });
  // Our export as it is written now (with each row's account, cash rows, the price currency) too.
  const exported = await worker.exportFile('csv', new Date().toISOString(), credentials);
  if (!exported.ok) throw new Error(exported.message);
  expect(await worker.openMappedCsv(exported.file, 'investments-now.csv', credentials)).toMatchObject({
    ok: false,
    message: expect.stringMatching(/^investments-now.csv is an export of this app/),
  });
  const notes = await worker.openMappedCsv(csvFile('just a line of text\n'), 'notes.csv', credentials);
  expect(notes).toMatchObject({ ok: false, message: expect.stringMatching(/is not a table of transactions/) });
  expect(
    await worker.previewMappedCsv({
      delimiter: ',',
      columns: { date: 0, ticker: 1, type: 2, amount: 3, value: 4, currency: null, tax: null, fees: null },
      fixedCurrency: 'EUR',
      dateOrder: 'YMD',
      decimalMark: '.',
    }),
  ).toMatchObject({
    ok: false,
    message: 'There is no file to map; choose it again.',
  });
});
