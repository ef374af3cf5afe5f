/**
 * The mapping step of another broker's CSV: the shortest path to every state of its machine, replayed
 * with the worker's intents replaced by their answers (opened with a guess or refused, a preview of the
 * first rows that reads rows or names the mapping's problem, the count of every row after it answered,
 * cancelled or refused, an import stored, refused or in conflict), and every event the user, the import
 * machine and the count send.
 */
import { describe } from 'vitest';
import { fromTransition, type EventObject } from 'xstate';
import type { SessionEvent } from '#src/machines/auth-machine';
import {
  mappedImportMachine,
  type CountEvent,
  type MappedImportEvent,
  type MappedStored,
} from '#src/machines/mapped-import-machine';
import type { CsvMapping } from '#src/model/csv-mapping';
import type { Outcome } from '#src/model/outcome';
import type { MappedFile, MappedPreview } from '#src/worker';
import { testShortestPaths } from '#helpers/machines/graph-paths';

const mapping: CsvMapping = {
  delimiter: ';',
  columns: { date: 0, ticker: null, type: 1, amount: 4, value: 6, currency: 7, tax: null, fees: 8 },
  fixedCurrency: 'EUR',
  dateOrder: 'DMY',
  decimalMark: ',',
};
const header = ['Datum', 'Type', 'Product', 'Symbool', 'Aantal', 'Koers', 'Totaal', 'Valuta', 'Kosten'];
const unmapped: MappedPreview = {
  error: 'Choose the column of the ticker.',
  complete: false,
  sampledRows: 0,
  rows: [],
  problems: [],
  problemCount: 0,
  rowCount: 2,
  transactionCount: 0,
  newTransactions: 0,
  alreadyPresent: 0,
};
const readable: MappedPreview = {
  error: null,
  complete: true,
  sampledRows: 2,
  rows: [
    {
      row: 2,
      cells: ['04-01-2021', 'Koop', 'Vanguard', 'VWCE.DE', '10', '92,35', '923,50', 'EUR', ''],
      transactions: [
        {
          ticker: 'VWCE.DE',
          type: 'stock',
          date: '2021-01-04',
          amount: 10,
          value: 923.5,
          currency: 'EUR',
          importId: 'csv:01',
        },
      ],
      problem: null,
    },
    {
      row: 3,
      cells: ['31-06-2021', 'Koop', 'ASML', 'ASML.AS', '2', '505,10', '1.010,20', 'EUR', ''],
      transactions: [],
      problem: 'date "31-06-2021" is not a date in the order DMY',
    },
  ],
  problems: [{ row: 3, message: 'date "31-06-2021" is not a date in the order DMY' }],
  problemCount: 1,
  rowCount: 2,
  transactionCount: 1,
  newTransactions: 1,
  alreadyPresent: 0,
};
/** The first row of a larger file: the count of every row follows. */
const firstRows: MappedPreview = {
  ...readable,
  complete: false,
  sampledRows: 1,
  rows: readable.rows.slice(0, 1),
  problems: [],
  problemCount: 0,
  rowCount: null,
  newTransactions: 0,
};
const file = new Blob(['Datum;Type\n'], { type: 'text/csv' });
const opened: MappedFile = {
  fileName: 'bank.csv',
  header,
  headerKey: header.join('\u001f').toLowerCase(),
  mapping,
  remembered: false,
  preview: unmapped,
};

const events: Array<MappedImportEvent | CountEvent | SessionEvent> = [
  { type: 'session.changed', idToken: 'token-1' },
  { type: 'mapping.open', file, fileName: 'bank.csv', note: null },
  { type: 'mapping.setColumn', field: 'ticker', column: 3 },
  { type: 'mapping.setOptions', options: { dateOrder: 'YMD' } },
  { type: 'mapping.confirm' },
  { type: 'mapping.cancel' },
  { type: 'mapping.dismiss' },
  { type: 'mapping.close' },
  { type: 'mapping.countProgress', progress: { rowsRead: 1, rowCount: 2 } },
  { type: 'mapping.counted', outcome: { ok: true, preview: readable } },
  {
    type: 'mapping.counted',
    outcome: {
      ok: false,
      status: 0,
      message: 'The count was cancelled or overtaken by a newer change of the mapping.',
    },
  },
];

const outputs = {
  open: [
    { ok: true, file: opened },
    { ok: true, file: { ...opened, preview: firstRows } },
    { ok: false, status: 0, message: 'bank.csv is not a table of transactions. Nothing was imported.' },
  ] satisfies Array<Outcome<{ file: MappedFile }>>,
  preview: [
    { ok: true, header, preview: readable },
    { ok: true, header, preview: firstRows },
    { ok: true, header, preview: unmapped },
    { ok: false, status: 0, message: 'There is no file to map; choose it again.' },
  ] satisfies Array<Outcome<{ header: string[]; preview: MappedPreview }>>,
  confirm: [
    { ok: true, added: 1, alreadyPresent: 0, skippedRows: 1, view: null, mappingNotRemembered: null },
    { ok: false, status: 412, message: 'The transactions changed since you loaded them.' },
    { ok: false, status: 0, message: 'No row can be read with this mapping; nothing was imported.' },
  ] satisfies Array<Outcome<MappedStored>>,
  discard: [undefined],
};

/** The portfolio it tells of a stored set or asks to reload. */
const portfolio = fromTransition((state) => state, {});

describe('mapped-import machine: the shortest path to every state, replayed with its actors replaced', () => {
  testShortestPaths(mappedImportMachine, {
    events: events as EventObject[],
    outputs,
    neighbours: { portfolio },
    callbackEvents: { count: ['mapping.countProgress', 'mapping.counted'] },
    // Every count started counts the id up: whether one was started is all that tells these states apart.
    stateKey: (snapshot) => ({ ...snapshot.context, countId: snapshot.context.countId > 0 }),
  });
});
