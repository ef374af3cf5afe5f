import { describe } from 'vitest';
import { fromTransition, type EventObject } from 'xstate';
import { importMachine, type ImportEvent } from '#src/machines/import-machine';
import type { SessionEvent } from '#src/machines/auth-machine';
import type { ImportStored } from '#src/machines/import-machine';
import { groupByTicker, type ListedSet, type Transaction } from '#src/model';
import type { Outcome } from '#src/model/outcome';
import type { ImportPreview, LookedUp } from '#src/worker';
import { testShortestPaths } from '#helpers/machines/graph-paths';

const buy: Transaction = {
  ticker: 'VWCE.DE',
  type: 'stock',
  date: '2024-01-02',
  amount: 10,
  value: 1000,
  currency: 'EUR',
};
const imported: Transaction = {
  ticker: 'VUSA.AS',
  type: 'stock',
  date: '2023-03-01',
  amount: 3,
  value: 210,
  currency: 'EUR',
  importId: 'row-7',
};
const merged: ListedSet = {
  stock: [
    { ...imported, id: 2 },
    { ...buy, id: 1 },
  ],
  dividend: [],
  commission: [],
};
const file = new File(['Datum,Tijd\n'], 'Account.csv', { type: 'text/csv' });

const preview: ImportPreview = {
  error: null,
  counts: { buys: 1, sells: 0, dividends: 0, commissions: 0, skipped: 0, unrecognised: 0, lines: 2 },
  cash: { deposit: 0, withdrawal: 0, interest: 0, fee: 0, conversion: 0 },
  reconciliation: [],
  newTransactions: 1,
  alreadyImported: 0,
  completes: 0,
  skipped: [],
  unrecognised: [],
  products: [
    {
      key: 'IE00B3XXRP09',
      product: 'VANGUARD S&P500',
      isin: 'IE00B3XXRP09',
      ticker: 'VUSA.AS',
      source: 'table',
      currency: 'EUR',
      candidates: [],
      problem: null,
    },
  ],
};

/** The user's events, and those the parsing actor sends back (a callback actor: it reports, it does not return). */
const events: Array<ImportEvent | SessionEvent | { type: `parse.${string}` | 'check.done'; [key: string]: unknown }> = [
  { type: 'session.changed', idToken: 'token-1' },
  { type: 'import.fileSelected', file },
  { type: 'import.setTarget', target: { newAccount: 'Pension' } },
  { type: 'import.setTicker', key: 'IE00B3XXRP09', ticker: 'vusa.as' },
  { type: 'import.checkTicker', key: 'IE00B3XXRP09' },
  {
    type: 'check.done',
    key: 'IE00B3XXRP09',
    check: { symbol: 'VUSA.AS', hasPrices: false, message: 'No price data for VUSA.AS.' },
  },
  { type: 'import.confirm' },
  { type: 'import.cancel' },
  { type: 'import.dismiss' },
  { type: 'parse.progress', progress: { bytes: 1, totalBytes: 2, rows: 1 } },
  { type: 'parse.done', preview },
  { type: 'parse.done', preview: { ...preview, error: 'This is not a DEGIRO account statement.' } },
  { type: 'parse.otherCsv', note: 'Not a DEGIRO account statement: the first line should be the header …' },
  { type: 'parse.failed', message: 'The file ended inside a quoted field.' },
];

const outputs = {
  confirm: [
    {
      ok: true,
      added: 1,
      alreadyPresent: 0,
      taxFilled: 0,
      view: {
        transactions: merged,
        byTicker: groupByTicker(merged),
        version: '"2"',
        revisions: { 'VUSA.AS': 2, 'VWCE.DE': 1 },
        needed: { symbols: ['VUSA.AS', 'VWCE.DE'], firstDate: '2023-03-01' },
        accounts: [{ id: 'main', name: 'My account' }],
        cash: [],
      },
      choicesProblem: null,
      reconciliation: [],
      account: null,
    },
    {
      ok: true,
      added: 0,
      alreadyPresent: 1,
      taxFilled: 0,
      view: null,
      reconciliation: [],
      account: null,
      choicesProblem: 'The symbols were not kept for your next import: 503.',
    },
    { ok: false, status: 412, message: 'The transactions changed since you loaded them.' },
    { ok: false, status: 500, message: 'Storage failed to write.' },
  ] satisfies Array<Outcome<ImportStored>>,
  lookUpSymbols: [
    { ok: true, parseId: 1, preview, message: null },
    {
      ok: true,
      parseId: 1,
      preview,
      message: 'The symbol lookup failed (429). Products without a symbol are imported under their ISIN.',
    },
    { ok: false, status: 0, message: 'The parse was cancelled or overtaken by a newer one.' },
  ] satisfies Array<Outcome<LookedUp>>,
  discard: [undefined],
};

/** The portfolio the import tells of a stored set or asks to reload (`portfolio.saved`, `portfolio.reload`). */
const portfolio = fromTransition((state) => state, {});
/** The mapping step it hands another broker's CSV to (`mapping.open`), and closes when another file is chosen. */
const mappedImport = fromTransition((state) => state, {});

describe('import machine: the shortest path to every state, replayed with its actors replaced', () => {
  testShortestPaths(importMachine, {
    events: events as EventObject[],
    outputs,
    neighbours: { portfolio, mappedImport },
    callbackEvents: {
      parseFile: ['parse.progress', 'parse.done', 'parse.otherCsv', 'parse.failed'],
      checkSymbol: ['check.done'],
    },
    // Every file chosen counts the parse id up: whether one was chosen is all that tells these states apart.
    // The account chosen and the last one used are carried along, not branched on.
    stateKey: (snapshot) => ({
      ...snapshot.context,
      parseId: snapshot.context.parseId > 0,
      target: snapshot.context.target !== null,
      lastAccount: null,
    }),
  });
});
