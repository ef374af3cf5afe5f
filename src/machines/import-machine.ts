import * as Comlink from 'comlink';
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { messageOf } from '../model/message';
import type { Outcome } from '../model/outcome';
import type { ImportPreview, ImportProgress } from '../worker';
import type { SessionEvent } from './auth-machine';
import { isConflict, isRefused, publishSaved, refusalMessage, reloadPortfolio } from './saved-set';
import { rememberTickers } from './services/ticker-memory';
import { credentialsFor, getWorker, setViewOf, type SetView } from './services/worker-client';

export type ImportEvent =
  | { type: 'import.fileSelected'; file: File }
  | { type: 'import.setTicker'; key: string; ticker: string }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' }
  | { type: 'import.dismiss' };

/** What the parsing actor reports back. */
type ParseEvent = { type: 'parse.progress'; progress: ImportProgress } | { type: 'parse.done'; preview: ImportPreview } | { type: 'parse.failed'; message: string };

export interface ImportContext {
  idToken: string | null;
  /** The newest parse's id: the worker lets only the newest parse land, and a cancel names it. */
  parseId: number;
  fileName: string | null;
  file: File | null;
  progress: ImportProgress | null;
  preview: ImportPreview | null;
  /** ISIN (or product name) → Yahoo symbol: remembered choices, then this file's proposals and edits. */
  tickers: Record<string, string>;
  result: { added: number; alreadyPresent: number; taxFilled: number } | null;
  error: string | null;
}

/** A confirmed import as the page gets it: the counts, and the stored set's view (null when nothing was new). */
export interface ImportStored {
  added: number;
  alreadyPresent: number;
  /** Dividends stored before without their withheld tax that the file filled in. */
  taxFilled: number;
  view: SetView | null;
}

/** Products with neither a chosen ticker nor one the worker gives them (an ISIN placeholder at worst). */
const unresolved = (context: ImportContext): string[] =>
  (context.preview?.products ?? []).filter((p) => !context.tickers[p.key]?.trim() && !p.ticker).map((p) => p.product || p.key);

/** Sources whose ticker is a symbol worth proposing (and remembering); a placeholder or a fixed ticker is not. */
const PROPOSED_SOURCES: ReadonlySet<string> = new Set(['saved', 'lookup', 'table']);

export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent | ParseEvent | SessionEvent,
    input: {} as { rememberedTickers: Record<string, string> },
  },
  actors: {
    /** The worker parses the file and previews it against the set it holds; leaving the state cancels the parse there. */
    parseFile: fromCallback<ImportEvent, { parseId: number; file: File; tickers: Record<string, string> }>(({ input, sendBack }) => {
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
        .parseImport(input.parseId, input.file, input.tickers, report)
        .then((parsed) => answer(parsed.ok ? { type: 'parse.done', preview: parsed.preview } : { type: 'parse.failed', message: parsed.message }))
        .catch((error: unknown) => answer({ type: 'parse.failed', message: messageOf(error) }));
      return () => {
        if (over) return;
        over = true;
        void worker.cancelImport(input.parseId);
      };
    }),
    /** The worker merges the parsed file into the set it holds, with the tickers chosen, and stores it. */
    confirm: fromPromise<Outcome<ImportStored>, { idToken: string | null; tickers: Record<string, string> }>(async ({ input }) => {
      const saved = await getWorker().confirmImport(input.tickers, credentialsFor(input.idToken));
      return saved.ok ? { ok: true, added: saved.added, alreadyPresent: saved.alreadyPresent, taxFilled: saved.taxFilled, view: saved.view && setViewOf(saved.view) } : saved;
    }),
    discard: fromPromise<void, { parseId: number }>(({ input }) => getWorker().cancelImport(input.parseId)),
  },
  actions: {
    /** Keeps the user's ticker choices for the next import (choices, not credentials: localStorage is fine). */
    rememberTickers: (_, params: { tickers: Record<string, string> }) => rememberTickers(params.tickers),
    publishSaved,
    reloadPortfolio,
    reset: assign({ fileName: null, file: null, progress: null, preview: null, result: null, error: null }),
  },
  guards: {
    allProductsHaveTickers: ({ context }) => unresolved(context).length === 0,
    isConflict,
    isRefused,
    hasParseError: (_, params: { preview: ImportPreview }) => params.preview.error !== null,
  },
}).createMachine({
  id: 'import',
  context: ({ input }) => ({
    idToken: null,
    parseId: 0,
    fileName: null,
    file: null,
    progress: null,
    preview: null,
    tickers: { ...input.rememberedTickers },
    result: null,
    error: null,
  }),
  initial: 'idle',
  on: {
    'session.changed': { actions: assign({ idToken: ({ event }) => event.idToken }) },
    'import.fileSelected': {
      target: '.parsing',
      actions: ['reset', assign({ file: ({ event }) => event.file, fileName: ({ event }) => event.file.name, parseId: ({ context }) => context.parseId + 1 })],
    },
  },
  states: {
    idle: {},
    parsing: {
      tags: ['busy'],
      invoke: {
        src: 'parseFile',
        input: ({ context }) => ({ parseId: context.parseId, file: context.file!, tickers: context.tickers }),
      },
      on: {
        'parse.progress': { actions: assign({ progress: ({ event }) => event.progress }) },
        'parse.done': [
          {
            guard: { type: 'hasParseError', params: ({ event }) => ({ preview: event.preview }) },
            target: 'failed',
            actions: assign({ error: ({ event }) => event.preview.error }),
          },
          {
            target: 'preview',
            actions: assign({
              preview: ({ event }) => event.preview,
              tickers: ({ context, event }) => {
                const tickers = { ...context.tickers };
                for (const p of event.preview.products) if (p.ticker && !tickers[p.key] && PROPOSED_SOURCES.has(p.source ?? '')) tickers[p.key] = p.ticker;
                return tickers;
              },
            }),
          },
        ],
        'parse.failed': { target: 'failed', actions: assign({ error: ({ event }) => `The file could not be read: ${event.message}` }) },
        'import.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    preview: {
      on: {
        'import.setTicker': { actions: assign({ tickers: ({ context, event }) => ({ ...context.tickers, [event.key]: event.ticker.trim().toUpperCase() }), error: null }) },
        'import.confirm': [
          { guard: 'allProductsHaveTickers', target: 'saving', actions: assign({ error: null }) },
          { actions: assign({ error: ({ context }) => `Choose a ticker for: ${unresolved(context).join(', ')}.` }) },
        ],
        'import.cancel': { target: 'discarding' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ idToken: context.idToken, tickers: context.tickers }),
        onDone: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ outcome: event.output }) },
            target: 'preview',
            actions: [
              'reloadPortfolio',
              assign({ error: 'Your transactions were changed elsewhere meanwhile and have been reloaded. Confirm again to add this file to the newest set.' }),
            ],
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'preview',
            actions: assign({ error: ({ event }) => `Saving failed, nothing was imported: ${refusalMessage(event.output)}` }),
          },
          {
            target: 'done',
            actions: [
              { type: 'publishSaved', params: ({ event }) => (event.output.ok ? event.output.view : null) },
              { type: 'rememberTickers', params: ({ context }) => ({ tickers: context.tickers }) },
              assign({ result: ({ event }) => (event.output.ok ? { added: event.output.added, alreadyPresent: event.output.alreadyPresent, taxFilled: event.output.taxFilled } : null) }),
            ],
          },
        ],
        onError: { target: 'preview', actions: assign({ error: ({ event }) => `Saving failed, nothing was imported: ${messageOf(event.error)}` }) },
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
