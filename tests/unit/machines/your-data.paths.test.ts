import { describe } from 'vitest';
import { fromTransition, type EventObject } from 'xstate';
import type { SessionEvent } from '#src/machines/auth-machine';
import { yourDataMachine, type RestoreStored, type YourDataEvent } from '#src/machines/your-data-machine';
import type { Outcome } from '#src/model/outcome';
import type { ExportedFile, RestorePreview } from '#src/worker';
import { testShortestPaths } from '#helpers/machines/graph-paths';

const backupFile = new File(['{}'], 'backup.json', { type: 'application/json' });

const preview: RestorePreview = {
  fileName: 'backup.json',
  kind: 'backup',
  plan: {
    current: { total: 1, symbolChoices: 0, csvMappings: 0, cash: 0, accounts: ['My account'], settings: {} },
    fileSettings: {},
    fileCsvMappings: 1,
    merge: {
      added: { stock: 1, dividend: 0, commission: 0 },
      alreadyPresent: 1,
      keptDifferent: 0,
      symbolChoicesAdded: 0,
      settingsAdded: [],
      csvMappingsAdded: 1,
      csvMappings: 1,
      total: 2,
      cashAdded: 0,
      accounts: ['My account'],
    },
    replace: {
      removed: 0,
      added: 1,
      changed: 0,
      unchanged: 1,
      total: 2,
      symbolChoices: 0,
      settingsChanged: [],
      csvMappings: 1,
      cash: 0,
      accounts: ['My account'],
    },
  },
};

const events: Array<YourDataEvent | SessionEvent> = [
  { type: 'session.changed', idToken: 'token-1' },
  { type: 'data.export', format: 'csv' },
  { type: 'data.export', format: 'json', account: 'acc-1' },
  { type: 'data.restoreFileSelected', file: backupFile },
  { type: 'data.restore', mode: 'merge' },
  { type: 'data.cancel' },
  { type: 'data.dismiss' },
  { type: 'data.deleteAccount', username: 'leaver' },
];

const outputs = {
  exportFile: [
    { ok: true, fileName: 'investments-2026-11-25.csv', mimeType: 'text/csv', file: new Blob(['ticker\r\n']) },
    { ok: false, status: 0, message: 'The server could not be reached.' },
  ] satisfies Array<Outcome<ExportedFile>>,
  previewRestore: [
    { ok: true, preview },
    { ok: false, status: 0, message: 'The backup is cut off. Nothing was restored.' },
  ] satisfies Array<Outcome<{ preview: RestorePreview }>>,
  confirmRestore: [
    { ok: true, view: null, settingsChanged: false },
    { ok: true, view: null, settingsChanged: true },
    { ok: false, status: 412, message: 'The transactions changed since you loaded them.' },
    { ok: false, status: 500, message: 'Storage failed to write.' },
  ] satisfies Array<Outcome<RestoreStored>>,
  discardRestore: [undefined],
  deleteAccount: [
    { ok: true },
    { ok: false, status: 400, message: 'That is not the name of this account; nothing was deleted.' },
  ] satisfies Array<Outcome<object>>,
};

/** The machines it tells by event: the portfolio (a stored set, a reload) and auth (sign out after a deletion). */
const portfolio = fromTransition((state) => state, {});
const auth = fromTransition((state) => state, {});

describe('your-data machine: the shortest path to every state, replayed with its actors replaced', () => {
  // Saving a download is the browser's part: replaced here, proven in tests/e2e/your-data.spec.ts.
  testShortestPaths(yourDataMachine.provide({ actions: { saveFile: () => undefined } }), {
    events: events as EventObject[],
    outputs,
    neighbours: { portfolio, auth },
  });
});
