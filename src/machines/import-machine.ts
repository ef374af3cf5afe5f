/**
 * A DEGIRO import: the worker parses the file (with an id; a cancel stops it there), the preview shows,
 * the worker looks up the products' symbols (the user's saved choices, Yahoo's search, the table) and
 * previews again with them, the user may type or pick a symbol (a typed one is checked against the
 * quotes service), and one click imports: a product still without a symbol goes in under its ISIN. The
 * worker stores the set and keeps the symbols on the server for the next import.
 */
import * as Comlink from 'comlink';
import { assertEvent, assign, fromCallback, fromPromise, setup, spawnChild, type ActorRefFrom } from 'xstate';
import { messageOf } from '../model/message';
import type { Outcome } from '../model/outcome';
import { normaliseTicker } from '../model/transaction';
import type { ImportPreview, ImportProgress, LookedUp, SymbolCheck } from '../worker';
import type { SessionEvent } from './auth-machine';
import type { MappedImportEvent } from './mapped-import-machine';
import { isConflict, isRefused, publishSaved, reloadPortfolio, saveOutcome, type SaveError } from './saved-set';
import { credentialsFor, getWorker, setViewInSlices, type SetView } from './services/worker-client';

export type ImportEvent =
  | { type: 'import.fileSelected'; file: File }
  | { type: 'import.setTicker'; key: string; ticker: string }
  /** Check the symbol typed for product `key` against the quotes service. */
  | { type: 'import.checkTicker'; key: string }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' }
  | { type: 'import.dismiss' };

/** What the parsing actor reports back; `parse.otherCsv`: the file is no DEGIRO account statement (`note`: what the parse said). */
type ParseEvent =
  | { type: 'parse.progress'; progress: ImportProgress }
  | { type: 'parse.done'; preview: ImportPreview }
  | { type: 'parse.otherCsv'; note: string | null }
  | { type: 'parse.failed'; message: string };
/** What a symbol check reports back. */
type CheckEvent = { type: 'check.done'; key: string; check: SymbolCheck };

/** A typed symbol's check: running, or its answer in words. */
export interface TickerCheck {
  symbol: string;
  status: 'checking' | 'prices' | 'none';
  message: string;
}

export interface ImportContext {
  idToken: string | null;
  /** The newest parse's id: the worker lets only the newest parse land, and a cancel names it. */
  parseId: number;
  fileName: string | null;
  file: File | null;
  progress: ImportProgress | null;
  preview: ImportPreview | null;
  /** The symbols the user typed or picked in this preview, by product key (ISIN, or the name without one); '' is "no symbol". */
  tickers: Record<string, string>;
  /** The checks of typed symbols, by product key. */
  checks: Record<string, TickerCheck>;
  /** Why the symbol lookup gave nothing for some or all products; null when it answered for all. */
  lookupMessage: string | null;
  result: { added: number; alreadyPresent: number; taxFilled: number; choicesProblem: string | null } | null;
  error: string | null;
}

/** A confirmed import as the page gets it: the counts, and the stored set's view (null when nothing was new). */
export interface ImportStored {
  added: number;
  alreadyPresent: number;
  /** Dividends stored before without their withheld tax that the file filled in. */
  taxFilled: number;
  view: SetView | null;
  choicesProblem: string | null;
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent | ParseEvent | CheckEvent | SessionEvent,
  },
  actors: {
    /** The worker parses the file and previews it against the set it holds; leaving the state cancels the parse there. */
    parseFile: fromCallback<ImportEvent, { parseId: number; file: File }>(({ input, sendBack }) => {
      // Stopped before the worker answered: the parse is cancelled there. Once it answered, the parsed
      // file stays in the worker for the confirm.
      let over = false;
      const worker = getWorker();
      const report = Comlink.proxy((progress: ImportProgress) => {
        if (!over) sendBack({ type: 'parse.progress', progress } satisfies ParseEvent);
      });
      const answer = (event: ParseEvent) => {
        if (over) return;
        over = true;
        sendBack(event);
      };
      worker
        .parseImport(input.parseId, input.file, report)
        .then((parsed) =>
          answer(
            !parsed.ok
              ? { type: 'parse.failed', message: parsed.message }
              : parsed.otherCsv
                ? { type: 'parse.otherCsv', note: parsed.preview.error }
                : { type: 'parse.done', preview: parsed.preview },
          ),
        )
        .catch((error: unknown) => answer({ type: 'parse.failed', message: messageOf(error) }));
      return () => {
        if (over) return;
        over = true;
        void worker.cancelImport(input.parseId);
      };
    }),
    /** The worker looks up the parsed products' symbols and previews again; a failed lookup still answers the preview, with why. */
    lookUpSymbols: fromPromise<Outcome<LookedUp>, { idToken: string | null; parseId: number }>(({ input }) =>
      getWorker().lookUpImportSymbols(input.parseId, credentialsFor(input.idToken)),
    ),
    /** The worker asks the quotes service for a typed symbol; the answer comes back as an event (a newer check makes it stale). */
    checkSymbol: fromCallback<ImportEvent, { idToken: string | null; key: string; symbol: string }>(({ input, sendBack }) => {
      let over = false;
      const answer = (check: SymbolCheck) => {
        if (!over) sendBack({ type: 'check.done', key: input.key, check } satisfies CheckEvent);
      };
      getWorker()
        .checkSymbol(input.symbol, credentialsFor(input.idToken))
        .then(answer, (error: unknown) => answer({ symbol: input.symbol, hasPrices: false, message: `${input.symbol} could not be checked: ${messageOf(error)}` }));
      return () => {
        over = true;
      };
    }),
    /** The worker merges the parsed file into the set it holds, with the tickers chosen, stores it and keeps the symbols chosen. */
    confirm: fromPromise<Outcome<ImportStored>, { idToken: string | null; tickers: Record<string, string> }>(async ({ input }) => {
      const saved = await getWorker().confirmImport(input.tickers, credentialsFor(input.idToken));
      return saved.ok
        ? { ok: true, added: saved.added, alreadyPresent: saved.alreadyPresent, taxFilled: saved.taxFilled, view: saved.view && (await setViewInSlices(saved.view)), choicesProblem: saved.choicesProblem }
        : saved;
    }),
    discard: fromPromise<void, { parseId: number }>(({ input }) => getWorker().cancelImport(input.parseId)),
  },
  actions: {
    publishSaved,
    reloadPortfolio,
    showError: assign((_, params: SaveError) => ({ error: params.error })),
    keepStored: assign((_, stored: ImportStored | null) => ({
      result: stored && { added: stored.added, alreadyPresent: stored.alreadyPresent, taxFilled: stored.taxFilled, choicesProblem: stored.choicesProblem },
    })),
    /** Another broker's CSV goes to the mapping step (mapped-import-machine.ts), by event. */
    openMapping: ({ system }, params: { file: File; note: string | null }) =>
      system.get('mappedImport')?.send({ type: 'mapping.open', file: params.file, fileName: params.file.name, note: params.note } satisfies MappedImportEvent),
    /** A newly chosen file replaces a mapping step left open. */
    closeMapping: ({ system }) => system.get('mappedImport')?.send({ type: 'mapping.close' } satisfies MappedImportEvent),
    reset: assign({ fileName: null, file: null, progress: null, preview: null, tickers: {}, checks: {}, lookupMessage: null, result: null, error: null }),
  },
  guards: {
    isConflict,
    isRefused,
    hasParseError: (_, params: { preview: ImportPreview }) => params.preview.error !== null,
    changesSomething: ({ context }) => context.preview !== null && (context.preview.newTransactions > 0 || context.preview.completes > 0),
  },
}).createMachine({
  id: 'import',
  context: {
    idToken: null,
    parseId: 0,
    fileName: null,
    file: null,
    progress: null,
    preview: null,
    tickers: {},
    checks: {},
    lookupMessage: null,
    result: null,
    error: null,
  },
  initial: 'idle',
  on: {
    'session.changed': { actions: assign({ idToken: ({ event }) => event.idToken }) },
    'import.fileSelected': {
      target: '.parsing',
      actions: ['closeMapping', 'reset', assign({ file: ({ event }) => event.file, fileName: ({ event }) => event.file.name, parseId: ({ context }) => context.parseId + 1 })],
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
        'parse.progress': { actions: assign({ progress: ({ event }) => event.progress }) },
        'parse.done': [
          {
            guard: { type: 'hasParseError', params: ({ event }) => ({ preview: event.preview }) },
            target: 'failed',
            actions: assign({ error: ({ event }) => event.preview.error }),
          },
          { target: 'preview', actions: assign({ preview: ({ event }) => event.preview }) },
        ],
        'parse.otherCsv': {
          target: 'idle',
          actions: [{ type: 'openMapping', params: ({ context, event }) => ({ file: context.file!, note: event.note }) }, 'reset'],
        },
        'parse.failed': { target: 'failed', actions: assign({ error: ({ event }) => `The file could not be read: ${event.message}` }) },
        'import.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    preview: {
      initial: 'lookingUp',
      on: {
        'import.setTicker': {
          actions: assign({
            tickers: ({ context, event }) => ({ ...context.tickers, [event.key]: event.ticker.trim().toUpperCase() }),
            checks: ({ context, event }) => withoutKey(context.checks, event.key),
            error: null,
          }),
        },
        'import.checkTicker': {
          guard: ({ context, event }) => (context.tickers[event.key] ?? '') !== '',
          actions: [
            assign({
              checks: ({ context, event }) => {
                const symbol = context.tickers[event.key]!;
                return { ...context.checks, [event.key]: { symbol, status: 'checking', message: `Checking ${symbol}…` } };
              },
            }),
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
          guard: ({ context, event }) => context.checks[event.key]?.symbol === event.check.symbol || normaliseTicker(context.tickers[event.key] ?? '') === event.check.symbol,
          actions: assign({
            checks: ({ context, event }) => ({
              ...context.checks,
              [event.key]: { symbol: event.check.symbol, status: event.check.hasPrices ? 'prices' : 'none', message: event.check.message },
            }),
          }),
        },
        // Nothing waits for a symbol: a product without one goes in under its ISIN placeholder.
        // A file with nothing new and nothing to complete changes nothing: there is nothing to confirm.
        'import.confirm': { guard: 'changesSomething', target: 'saving', actions: assign({ error: null }) },
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
              actions: assign(({ event }) =>
                event.output.ok
                  ? { preview: event.output.preview, lookupMessage: event.output.message }
                  : { lookupMessage: `The symbol lookup failed (${event.output.message}). Products without a symbol are imported under their ISIN, without a price source.` },
              ),
            },
            onError: {
              target: 'ready',
              actions: assign({
                lookupMessage: ({ event }) => `The symbol lookup failed (${messageOf(event.error)}). Products without a symbol are imported under their ISIN, without a price source.`,
              }),
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
        input: ({ context }) => ({ idToken: context.idToken, tickers: context.tickers }),
        ...saveOutcome<ImportStored>({
          back: '#import.preview.ready',
          stored: 'done',
          conflict: 'Your transactions were changed elsewhere meanwhile and have been reloaded. Confirm again to add this file to the newest set.',
          refused: (message) => `Saving failed, nothing was imported: ${message}`,
          failed: (message) => `Saving failed, nothing was imported: ${message}`,
          view: (stored) => stored.view,
        }),
      },
    },
    discarding: {
      invoke: { src: 'discard', input: ({ context }) => ({ parseId: context.parseId }), onDone: { target: 'idle', actions: 'reset' }, onError: { target: 'idle', actions: 'reset' } },
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
