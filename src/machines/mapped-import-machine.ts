/**
 * Another broker's CSV: the import machine hands over a file that is no DEGIRO account statement
 * (`mapping.open`); the worker reads it and proposes a mapping (remembered for its header, else guessed);
 * each change of the mapping asks the worker for a live preview of the first rows, at once (the newest
 * change wins: a change while a preview runs starts it again); after a pause of COUNT_DELAY_MS without a
 * change the worker counts every row, with progress (`mapping.countProgress`), and the totals replace the
 * preview (`mapping.counted`); a change meanwhile cancels the count there. The import stores the rows the
 * mapping reads, versioned, and the worker remembers the mapping for the header.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { CsvMapping } from '../model/csv-mapping';
import { messageOf } from '../model/message';
import type { Outcome } from '../model/outcome';
import type { MappedFile, MappedPreview } from '../worker';
import type { SessionEvent } from './auth-machine';
import { countRows, type CountEvent } from './mapped-import-actors';
import {
  EMPTY,
  openedFile,
  storedResult,
  type MappedImportContext,
  type MappedImportEvent,
  type MappedStored,
} from './mapped-import-context';
import {
  isConflict,
  isRefused,
  publishSaved,
  refusalMessage,
  reloadPortfolio,
  saveOutcome,
  type SaveError,
} from './saved-set';
import { credentialsFor, getWorker, setViewInSlices } from './services/worker-client';

export type { MappedImportContext, MappedImportEvent, MappedStored, MappingOptions } from './mapped-import-context';
export { COUNT_DELAY_MS, type CountEvent } from './mapped-import-actors';

export const mappedImportMachine = setup({
  types: {
    context: {} as MappedImportContext,
    events: {} as MappedImportEvent | CountEvent | SessionEvent,
  },
  actors: {
    open: fromPromise<Outcome<{ file: MappedFile }>, { idToken: string | null; file: Blob; fileName: string }>(
      ({ input }) => getWorker().openMappedCsv(input.file, input.fileName, credentialsFor(input.idToken)),
    ),
    preview: fromPromise<Outcome<{ header: string[]; preview: MappedPreview }>, { mapping: CsvMapping }>(({ input }) =>
      getWorker().previewMappedCsv(input.mapping),
    ),
    count: countRows,
    confirm: fromPromise<Outcome<MappedStored>, { idToken: string | null; mapping: CsvMapping }>(async ({ input }) => {
      const saved = await getWorker().confirmMappedCsv(input.mapping, credentialsFor(input.idToken));
      return saved.ok ? { ...saved, view: saved.view && (await setViewInSlices(saved.view)) } : saved;
    }),
    discard: fromPromise<void>(() => getWorker().discardMappedCsv()),
  },
  actions: {
    publishSaved,
    reloadPortfolio,
    showError: assign((_, params: SaveError) => ({ error: params.error })),
    keepStored: assign((_, stored: MappedStored | null) => ({ result: storedResult(stored) })),
    takeToken: assign({
      idToken: ({ event }) => {
        assertEvent(event, 'session.changed');
        return event.idToken;
      },
    }),
    /** A file handed over: whatever the last one left goes. */
    takeFile: assign(({ event }) => {
      assertEvent(event, 'mapping.open');
      return { ...EMPTY, file: event.file, fileName: event.fileName, note: event.note };
    }),
    /** The worker read the file: its header, the proposed mapping and its first rows. */
    takeOpened: assign((_, output: Outcome<{ file: MappedFile }>) => openedFile(output)),
    failWith: assign({ error: (_, params: { error: string }) => params.error }),
    setColumn: assign({
      mapping: ({ context, event }) => {
        assertEvent(event, 'mapping.setColumn');
        return { ...context.mapping!, columns: { ...context.mapping!.columns, [event.field]: event.column } };
      },
      error: null,
    }),
    setOptions: assign({
      mapping: ({ context, event }) => {
        assertEvent(event, 'mapping.setOptions');
        return { ...context.mapping!, ...event.options };
      },
      error: null,
    }),
    clearError: assign({ error: null }),
    /** Why nothing can be imported with this mapping. */
    explainNoRows: assign({
      error: ({ context }) =>
        context.preview?.error ??
        'No row can be read with this mapping: check that each column holds what its choice says. Nothing was imported.',
    }),
    takePreview: assign((_, output: Outcome<{ header: string[]; preview: MappedPreview }>) =>
      output.ok ? { header: output.header, preview: output.preview } : {},
    ),
    /** A new count's id, so that cancelling a stale count leaves this one running. */
    startCount: assign({ countId: ({ context }) => context.countId + 1, counting: null }),
    endCount: assign({ counting: null }),
    keepCountProgress: assign({
      counting: ({ event }) => {
        assertEvent(event, 'mapping.countProgress');
        return event.progress;
      },
    }),
    /** The count over every row replaces the first rows' preview. */
    takeCount: assign({
      preview: ({ context }, outcome: Outcome<{ preview: MappedPreview }>) =>
        outcome.ok ? outcome.preview : context.preview,
    }),
    forgetFile: assign(EMPTY),
  },
  guards: {
    isConflict,
    isRefused,
    /**
     * The preview shows rows to import: the mapping has no problem of its own and some row reads (before
     * the count, the import itself reads every row and refuses a mapping under which none does).
     */
    canImport: ({ context }) =>
      context.preview !== null &&
      context.preview.error === null &&
      (!context.preview.complete || context.preview.transactionCount > 0),
    /** The preview read only the first rows of a mapping without a problem of its own: every row is to be counted. */
    needsCount: ({ context }) =>
      context.preview !== null && context.preview.error === null && !context.preview.complete,
  },
}).createMachine({
  id: 'mappedImport',
  context: { idToken: null, ...EMPTY },
  initial: 'idle',
  on: {
    'session.changed': { actions: 'takeToken' },
    'mapping.open': {
      target: '.opening',
      actions: 'takeFile',
    },
    'mapping.close': { target: '.discarding' },
  },
  states: {
    idle: {},
    opening: {
      tags: ['busy'],
      invoke: {
        src: 'open',
        input: ({ context }) => ({ idToken: context.idToken, file: context.file!, fileName: context.fileName! }),
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'failed',
            actions: { type: 'failWith', params: ({ event }) => ({ error: refusalMessage(event.output) }) },
          },
          {
            target: 'editing',
            actions: { type: 'takeOpened', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'failWith',
            params: ({ event }) => ({ error: `The file could not be read: ${messageOf(event.error)}` }),
          },
        },
      },
    },
    editing: {
      initial: 'opened',
      on: {
        'mapping.setColumn': {
          target: '.previewing',
          reenter: true,
          actions: 'setColumn',
        },
        'mapping.setOptions': {
          target: '.previewing',
          reenter: true,
          actions: 'setOptions',
        },
        'mapping.cancel': { target: 'discarding' },
        // Import, when the preview shows rows to import (also while every row is being counted); else say why not.
        'mapping.confirm': [
          { guard: 'canImport', target: '#mappedImport.saving', actions: 'clearError' },
          { actions: 'explainNoRows' },
        ],
      },
      states: {
        /** The file's first preview: counted after the pause like any change, unless it read every row. */
        opened: {
          always: [{ guard: 'needsCount', target: 'counting' }, { target: 'ready' }],
        },
        previewing: {
          tags: ['previewing'],
          // The preview shown is the previous mapping's until this one answers.
          on: { 'mapping.confirm': {} },
          invoke: {
            src: 'preview',
            input: ({ context }) => ({ mapping: context.mapping! }),
            onDone: [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
                target: 'ready',
                actions: { type: 'failWith', params: ({ event }) => ({ error: refusalMessage(event.output) }) },
              },
              { target: 'opened', actions: { type: 'takePreview', params: ({ event }) => event.output } },
            ],
            onError: {
              target: 'ready',
              actions: {
                type: 'failWith',
                params: ({ event }) => ({ error: `The preview failed: ${messageOf(event.error)}` }),
              },
            },
          },
        },
        /** The first rows are shown; every row is counted once the mapping rests for COUNT_DELAY_MS (the count actor waits). */
        counting: {
          tags: ['counting'],
          entry: 'startCount',
          exit: 'endCount',
          invoke: { src: 'count', input: ({ context }) => ({ countId: context.countId, mapping: context.mapping! }) },
          on: {
            'mapping.countProgress': { actions: 'keepCountProgress' },
            'mapping.counted': [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.outcome }) },
                target: 'ready',
                actions: { type: 'failWith', params: ({ event }) => ({ error: refusalMessage(event.outcome) }) },
              },
              { target: 'ready', actions: { type: 'takeCount', params: ({ event }) => event.outcome } },
            ],
          },
        },
        ready: {},
      },
    },
    saving: {
      tags: ['busy'],
      on: { 'mapping.close': {} },
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ idToken: context.idToken, mapping: context.mapping! }),
        ...saveOutcome<MappedStored>({
          back: 'editing',
          stored: 'done',
          conflict:
            'Your transactions were changed elsewhere meanwhile and have been reloaded. Import again to add this file to the newest set.',
          refused: (message) => message,
          failed: (message) => `Saving failed, nothing was imported: ${message}`,
          view: (stored) => stored.view,
        }),
      },
    },
    discarding: {
      invoke: {
        src: 'discard',
        onDone: { target: 'idle', actions: 'forgetFile' },
        onError: { target: 'idle', actions: 'forgetFile' },
      },
    },
    done: {
      on: { 'mapping.dismiss': { target: 'idle', actions: 'forgetFile' } },
    },
    failed: {
      tags: ['failed'],
      on: { 'mapping.dismiss': { target: 'idle', actions: 'forgetFile' } },
    },
  },
});

export type MappedImportActorRef = ActorRefFrom<typeof mappedImportMachine>;
