/**
 * A DEGIRO import: the worker parses the file (with an id; a cancel stops it there), the preview shows,
 * the worker looks up the products' symbols (the user's saved choices, Yahoo's search, the table) and
 * previews again with them, the user may type or pick a symbol (a typed one is checked against the
 * quotes service), and one click imports: a product still without a symbol goes in under its ISIN. The
 * worker stores the set and keeps the symbols on the server for the next import.
 */
import { assertEvent, assign, fromPromise, setup, spawnChild, type ActorRefFrom } from 'xstate';
import { messageOf } from '../model/message';
import type { Outcome } from '../model/outcome';
import { normaliseTicker } from '../model/transaction';
import type { ImportPreview, LookedUp } from '../worker';
import type { SessionEvent } from './auth-machine';
import {
  checkSymbol,
  confirm,
  parseFile,
  proposedTarget,
  withoutKey,
  type CheckEvent,
  type ImportStored,
  type ParseEvent,
} from './import-actors';
import { EMPTY_IMPORT, lookupFailure, storedResult, type ImportContext, type ImportEvent } from './import-context';
import type { MappedImportEvent } from './mapped-import-machine';
import { isConflict, isRefused, publishSaved, reloadPortfolio, saveOutcome, type SaveError } from './saved-set';
import { credentialsFor, getWorker } from './services/worker-client';

export type { ImportContext, ImportEvent } from './import-context';
export type { ImportStored, TickerCheck } from './import-actors';

export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent | ParseEvent | CheckEvent | SessionEvent,
  },
  actors: {
    parseFile,
    /** The worker looks up the parsed products' symbols and previews again; a failed lookup still answers the preview, with why. */
    lookUpSymbols: fromPromise<Outcome<LookedUp>, { idToken: string | null; parseId: number }>(({ input }) =>
      getWorker().lookUpImportSymbols(input.parseId, credentialsFor(input.idToken)),
    ),
    checkSymbol,
    confirm,
    discard: fromPromise<void, { parseId: number }>(({ input }) => getWorker().cancelImport(input.parseId)),
  },
  actions: {
    publishSaved,
    reloadPortfolio,
    showError: assign((_, params: SaveError) => ({ error: params.error })),
    keepStored: assign(({ context }, stored: ImportStored | null) => storedResult(context.lastAccount, stored)),
    setTarget: assign({
      target: ({ event }) => {
        assertEvent(event, 'import.setTarget');
        return event.target;
      },
    }),
    /** Another broker's CSV goes to the mapping step (mapped-import-machine.ts), by event. */
    openMapping: ({ system }, params: { file: File; note: string | null }) =>
      system.get('mappedImport')?.send({
        type: 'mapping.open',
        file: params.file,
        fileName: params.file.name,
        note: params.note,
      } satisfies MappedImportEvent),
    /** A newly chosen file replaces a mapping step left open. */
    closeMapping: ({ system }) =>
      system.get('mappedImport')?.send({ type: 'mapping.close' } satisfies MappedImportEvent),
    reset: assign(EMPTY_IMPORT),
    takeToken: assign({
      idToken: ({ event }) => {
        assertEvent(event, 'session.changed');
        return event.idToken;
      },
    }),
    /** A new file: the next parse id, so only this file's parse may land. */
    takeFile: assign(({ context, event }) => {
      assertEvent(event, 'import.fileSelected');
      return {
        file: event.file,
        fileName: event.file.name,
        parseId: context.parseId + 1,
        target: proposedTarget(event.file.name, context.lastAccount, event.accounts),
      };
    }),
    keepProgress: assign({
      progress: ({ event }) => {
        assertEvent(event, 'parse.progress');
        return event.progress;
      },
    }),
    keepPreview: assign({
      preview: ({ event }) => {
        assertEvent(event, 'parse.done');
        return event.preview;
      },
    }),
    /** The parse read the file but refused it: what it said. */
    showParseError: assign({
      error: ({ event }) => {
        assertEvent(event, 'parse.done');
        return event.preview.error;
      },
    }),
    showReadFailure: assign({
      error: ({ event }) => {
        assertEvent(event, 'parse.failed');
        return `The file could not be read: ${event.message}`;
      },
    }),
    /** The symbol typed or picked for a product; its earlier check no longer applies. */
    setTicker: assign(({ context, event }) => {
      assertEvent(event, 'import.setTicker');
      return {
        tickers: { ...context.tickers, [event.key]: event.ticker.trim().toUpperCase() },
        checks: withoutKey(context.checks, event.key),
        error: null,
      };
    }),
    markChecking: assign({
      checks: ({ context, event }) => {
        assertEvent(event, 'import.checkTicker');
        const symbol = context.tickers[event.key]!;
        return { ...context.checks, [event.key]: { symbol, status: 'checking', message: `Checking ${symbol}…` } };
      },
    }),
    keepCheck: assign({
      checks: ({ context, event }) => {
        assertEvent(event, 'check.done');
        return {
          ...context.checks,
          [event.key]: {
            symbol: event.check.symbol,
            status: event.check.hasPrices ? 'prices' : 'none',
            message: event.check.message,
          },
        };
      },
    }),
    clearError: assign({ error: null }),
    /** The preview again with the symbols looked up, or why the lookup gave nothing. */
    takeLookup: assign((_, output: Outcome<LookedUp>) =>
      output.ok
        ? { preview: output.preview, lookupMessage: output.message }
        : { lookupMessage: lookupFailure(output.message) },
    ),
    lookupFailed: assign({ lookupMessage: (_, params: { error: unknown }) => lookupFailure(messageOf(params.error)) }),
  },
  guards: {
    isConflict,
    isRefused,
    hasParseError: (_, params: { preview: ImportPreview }) => params.preview.error !== null,
    changesSomething: ({ context }) =>
      context.preview !== null && (context.preview.newTransactions > 0 || context.preview.completes > 0),
  },
}).createMachine({
  id: 'import',
  context: { idToken: null, parseId: 0, lastAccount: null, ...EMPTY_IMPORT },
  initial: 'idle',
  on: {
    'session.changed': { actions: 'takeToken' },
    'import.fileSelected': {
      target: '.parsing',
      actions: ['closeMapping', 'reset', 'takeFile'],
    },
  },
  states: {
    idle: {},
    parsing: {
      tags: ['busy'],
      invoke: {
        src: 'parseFile',
        input: ({ context }) => ({ parseId: context.parseId, file: context.file! }),
      },
      on: {
        'parse.progress': { actions: 'keepProgress' },
        'parse.done': [
          {
            guard: { type: 'hasParseError', params: ({ event }) => ({ preview: event.preview }) },
            target: 'failed',
            actions: 'showParseError',
          },
          { target: 'preview', actions: 'keepPreview' },
        ],
        'parse.otherCsv': {
          target: 'idle',
          actions: [
            { type: 'openMapping', params: ({ context, event }) => ({ file: context.file!, note: event.note }) },
            'reset',
          ],
        },
        'parse.failed': { target: 'failed', actions: 'showReadFailure' },
        'import.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    preview: {
      initial: 'lookingUp',
      on: {
        'import.setTicker': { actions: 'setTicker' },
        'import.setTarget': { actions: 'setTarget' },
        'import.checkTicker': {
          guard: ({ context, event }) => (context.tickers[event.key] ?? '') !== '',
          actions: [
            'markChecking',
            spawnChild('checkSymbol', {
              input: ({ context, event }) => {
                assertEvent(event, 'import.checkTicker');
                const { key } = event;
                return { idToken: context.idToken, key, symbol: context.tickers[key]! };
              },
            }),
          ],
        },
        'check.done': {
          // Only the answer for the symbol still typed counts.
          guard: ({ context, event }) =>
            context.checks[event.key]?.symbol === event.check.symbol ||
            normaliseTicker(context.tickers[event.key] ?? '') === event.check.symbol,
          actions: 'keepCheck',
        },
        // Nothing waits for a symbol: a product without one goes in under its ISIN placeholder.
        // A file with nothing new and nothing to complete changes nothing: there is nothing to confirm.
        'import.confirm': { guard: 'changesSomething', target: 'saving', actions: 'clearError' },
        'import.cancel': { target: 'discarding' },
      },
      states: {
        lookingUp: {
          tags: ['lookingUp'],
          invoke: {
            src: 'lookUpSymbols',
            input: ({ context }) => ({ idToken: context.idToken, parseId: context.parseId }),
            onDone: {
              target: 'ready',
              actions: { type: 'takeLookup', params: ({ event }) => event.output },
            },
            onError: {
              target: 'ready',
              actions: { type: 'lookupFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {},
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ idToken: context.idToken, tickers: context.tickers, target: context.target }),
        ...saveOutcome<ImportStored>({
          back: '#import.preview.ready',
          stored: 'done',
          conflict:
            'Your transactions were changed elsewhere meanwhile and have been reloaded. Confirm again to add this file to the newest set.',
          refused: (message) => `Saving failed, nothing was imported: ${message}`,
          failed: (message) => `Saving failed, nothing was imported: ${message}`,
          view: (stored) => stored.view,
        }),
      },
    },
    discarding: {
      invoke: {
        src: 'discard',
        input: ({ context }) => ({ parseId: context.parseId }),
        onDone: { target: 'idle', actions: 'reset' },
        onError: { target: 'idle', actions: 'reset' },
      },
    },
    done: {
      on: { 'import.dismiss': { target: 'idle', actions: 'reset' } },
    },
    failed: {
      tags: ['failed'],
      on: { 'import.dismiss': { target: 'idle', actions: 'reset' } },
    },
  },
});

export type ImportActorRef = ActorRefFrom<typeof importMachine>;
