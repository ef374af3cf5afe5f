/**
 * Another broker's CSV: the import machine hands over a file that is no DEGIRO account statement
 * (`mapping.open`); the worker reads it and proposes a mapping (remembered for its header, else guessed);
 * each change of the mapping asks the worker for a live preview (the newest change wins: a change while a
 * preview runs starts it again); the import stores the rows the mapping reads, versioned, and the worker
 * remembers the mapping for the header.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { CsvMapping, MappedField } from '../model/csv-mapping';
import { messageOf } from '../model/message';
import type { Outcome } from '../model/outcome';
import type { MappedFile, MappedPreview } from '../worker';
import type { SessionEvent } from './auth-machine';
import { isConflict, isRefused, publishSaved, refusalMessage, reloadPortfolio, saveOutcome, type SaveError } from './saved-set';
import { credentialsFor, getWorker, setViewInSlices, type SetView } from './services/worker-client';

/** The mapping's choices other than the columns. */
export type MappingOptions = Partial<Pick<CsvMapping, 'delimiter' | 'fixedCurrency' | 'dateOrder' | 'decimalMark'>>;

export type MappedImportEvent =
  | { type: 'mapping.open'; file: Blob; fileName: string; note: string | null }
  | { type: 'mapping.setColumn'; field: MappedField; column: number | null }
  | { type: 'mapping.setOptions'; options: MappingOptions }
  | { type: 'mapping.confirm' }
  | { type: 'mapping.cancel' }
  | { type: 'mapping.dismiss' }
  /** Another file was chosen: whatever this one shows goes (an import being saved finishes first). */
  | { type: 'mapping.close' };

/** An import stored: its counts, the stored set's view (null when nothing was new), why the mapping was not remembered (null: it was). */
export interface MappedStored {
  added: number;
  alreadyPresent: number;
  skippedRows: number;
  view: SetView | null;
  mappingNotRemembered: string | null;
}

export interface MappedImportContext {
  idToken: string | null;
  file: Blob | null;
  fileName: string | null;
  /** What the DEGIRO parse said of the file when it resembles one of DEGIRO's other files; else null. */
  note: string | null;
  header: string[];
  mapping: CsvMapping | null;
  /** The mapping was the one remembered for this header. */
  remembered: boolean;
  preview: MappedPreview | null;
  result: Omit<MappedStored, 'view'> | null;
  error: string | null;
}

const EMPTY: Omit<MappedImportContext, 'idToken'> = {
  file: null,
  fileName: null,
  note: null,
  header: [],
  mapping: null,
  remembered: false,
  preview: null,
  result: null,
  error: null,
};

export const mappedImportMachine = setup({
  types: {
    context: {} as MappedImportContext,
    events: {} as MappedImportEvent | SessionEvent,
  },
  actors: {
    open: fromPromise<Outcome<{ file: MappedFile }>, { idToken: string | null; file: Blob; fileName: string }>(({ input }) =>
      getWorker().openMappedCsv(input.file, input.fileName, credentialsFor(input.idToken)),
    ),
    preview: fromPromise<Outcome<{ header: string[]; preview: MappedPreview }>, { mapping: CsvMapping }>(({ input }) => getWorker().previewMappedCsv(input.mapping)),
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
    keepStored: assign((_, stored: MappedStored | null) => ({
      result: stored && { added: stored.added, alreadyPresent: stored.alreadyPresent, skippedRows: stored.skippedRows, mappingNotRemembered: stored.mappingNotRemembered },
    })),
  },
  guards: {
    isConflict,
    isRefused,
    /** The preview shows rows to import: the mapping has no problem of its own and some row reads. */
    canImport: ({ context }) => context.preview !== null && context.preview.error === null && context.preview.transactionCount > 0,
  },
}).createMachine({
  id: 'mappedImport',
  context: { idToken: null, ...EMPTY },
  initial: 'idle',
  on: {
    'session.changed': { actions: assign({ idToken: ({ event }) => event.idToken }) },
    'mapping.open': {
      target: '.opening',
      actions: assign(({ event }) => ({ ...EMPTY, file: event.file, fileName: event.fileName, note: event.note })),
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
            actions: assign({ error: ({ event }) => refusalMessage(event.output) }),
          },
          {
            target: 'editing',
            actions: assign(({ event }) =>
              event.output.ok
                ? { header: event.output.file.header, mapping: event.output.file.mapping, remembered: event.output.file.remembered, preview: event.output.file.preview }
                : {},
            ),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => `The file could not be read: ${messageOf(event.error)}` }) },
      },
    },
    editing: {
      initial: 'ready',
      on: {
        'mapping.setColumn': {
          target: '.previewing',
          reenter: true,
          actions: assign({ mapping: ({ context, event }) => ({ ...context.mapping!, columns: { ...context.mapping!.columns, [event.field]: event.column } }), error: null }),
        },
        'mapping.setOptions': {
          target: '.previewing',
          reenter: true,
          actions: assign({ mapping: ({ context, event }) => ({ ...context.mapping!, ...event.options }), error: null }),
        },
        'mapping.cancel': { target: 'discarding' },
      },
      states: {
        previewing: {
          tags: ['previewing'],
          invoke: {
            src: 'preview',
            input: ({ context }) => ({ mapping: context.mapping! }),
            onDone: [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
                target: 'ready',
                actions: assign({ error: ({ event }) => refusalMessage(event.output) }),
              },
              { target: 'ready', actions: assign(({ event }) => (event.output.ok ? { header: event.output.header, preview: event.output.preview } : {})) },
            ],
            onError: { target: 'ready', actions: assign({ error: ({ event }) => `The preview failed: ${messageOf(event.error)}` }) },
          },
        },
        ready: {
          on: {
            'mapping.confirm': [
              { guard: 'canImport', target: '#mappedImport.saving', actions: assign({ error: null }) },
              {
                actions: assign({
                  error: ({ context }) =>
                    context.preview?.error ?? 'No row can be read with this mapping: check that each column holds what its choice says. Nothing was imported.',
                }),
              },
            ],
          },
        },
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
          conflict: 'Your transactions were changed elsewhere meanwhile and have been reloaded. Import again to add this file to the newest set.',
          refused: (message) => message,
          failed: (message) => `Saving failed, nothing was imported: ${message}`,
          view: (stored) => stored.view,
        }),
      },
    },
    discarding: {
      invoke: { src: 'discard', onDone: { target: 'idle', actions: assign(EMPTY) }, onError: { target: 'idle', actions: assign(EMPTY) } },
    },
    done: {
      on: { 'mapping.dismiss': { target: 'idle', actions: assign(EMPTY) } },
    },
    failed: {
      tags: ['failed'],
      on: { 'mapping.dismiss': { target: 'idle', actions: assign(EMPTY) } },
    },
  },
});

export type MappedImportActorRef = ActorRefFrom<typeof mappedImportMachine>;
