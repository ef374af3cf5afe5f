import * as Comlink from 'comlink';
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { TransactionSet } from '../model';
import type { ImportMerge, ImportPreview, ImportProgress } from '../worker';
import { HttpError, readXsrfToken } from '../model/http';
import { messageOf } from './message';
import type { PortfolioActorRef } from './portfolio-machine';
import { rememberTickers } from './services/ticker-memory';
import { getWorker, heldSet, setForWorker, type HeldSet } from './services/worker-client';

export type ImportEvent =
  | { type: 'import.fileSelected'; file: File }
  | { type: 'import.setTicker'; key: string; ticker: string }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' }
  | { type: 'import.dismiss' };

/** What the parsing actor reports back. */
type ParseEvent = { type: 'parse.progress'; progress: ImportProgress } | { type: 'parse.done'; preview: ImportPreview } | { type: 'parse.failed'; message: string };

export interface ImportContext {
  fileName: string | null;
  file: File | null;
  progress: ImportProgress | null;
  preview: ImportPreview | null;
  /** ISIN (or product name) → Yahoo symbol: remembered choices, then this file's proposals and edits. */
  tickers: Record<string, string>;
  merged: ImportMerge | null;
  result: { added: number; alreadyPresent: number } | null;
  error: string | null;
}

interface PortfolioBase {
  idToken: string;
  transactions: TransactionSet;
  version: string | null;
}

function portfolioBase(system: { get: (id: string) => unknown }): PortfolioBase {
  const context = (system.get('portfolio') as PortfolioActorRef).getSnapshot().context;
  return { idToken: context.idToken ?? '', transactions: context.transactions ?? { stock: [], dividend: [], commission: [] }, version: context.version };
}

const unresolved = (context: ImportContext): string[] =>
  (context.preview?.products ?? []).filter((p) => !context.tickers[p.key]?.trim()).map((p) => p.product || p.key);

export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent | ParseEvent,
    input: {} as { rememberedTickers: Record<string, string> },
  },
  actors: {
    parseFile: fromCallback<ImportEvent, { file: File; existing: TransactionSet; tickers: Record<string, string> }>(({ input, sendBack }) => {
      let cancelled = false;
      const worker = getWorker();
      const report = Comlink.proxy((progress: ImportProgress) => {
        if (!cancelled) sendBack({ type: 'parse.progress', progress } satisfies ParseEvent);
      });
      worker
        .parseImport(input.file, setForWorker(input.existing), input.tickers, report)
        .then((preview) => !cancelled && sendBack({ type: 'parse.done', preview } satisfies ParseEvent))
        .catch((error: unknown) => !cancelled && sendBack({ type: 'parse.failed', message: messageOf(error) } satisfies ParseEvent));
      return () => {
        cancelled = true;
      };
    }),
    merge: fromPromise<ImportMerge, { existing: TransactionSet; tickers: Record<string, string> }>(({ input }) => getWorker().mergeImport(setForWorker(input.existing), input.tickers)),
    /** The worker stores the set it merged: the page never holds its JSON. */
    save: fromPromise<HeldSet, { idToken: string; version: string | null }>(async ({ input }) =>
      heldSet(await getWorker().saveImport({ idToken: input.idToken, xsrfToken: readXsrfToken(), version: input.version })),
    ),
    discard: fromPromise<void>(() => getWorker().discardImport()),
  },
  actions: {
    /** Keeps the user's ticker choices for the next import (choices, not credentials: localStorage is fine). */
    rememberTickers: (_, params: { tickers: Record<string, string> }) => rememberTickers(params.tickers),
    publishSaved: ({ system }, stored: HeldSet) => {
      (system.get('portfolio') as PortfolioActorRef | undefined)?.send({ type: 'portfolio.saved', transactions: stored.transactions, version: stored.version, needed: stored.needed });
    },
    reloadPortfolio: ({ system }) => {
      (system.get('portfolio') as PortfolioActorRef | undefined)?.send({ type: 'portfolio.reload' });
    },
    reset: assign({ fileName: null, file: null, progress: null, preview: null, merged: null, result: null, error: null }),
  },
  guards: {
    allProductsHaveTickers: ({ context }) => unresolved(context).length === 0,
    nothingNew: (_, params: { added: number }) => params.added === 0,
    isConflict: (_, params: { error: unknown }) => params.error instanceof HttpError && params.error.status === 412,
    hasParseError: (_, params: { preview: ImportPreview }) => params.preview.error !== null,
  },
}).createMachine({
  id: 'import',
  context: ({ input }) => ({
    fileName: null,
    file: null,
    progress: null,
    preview: null,
    tickers: { ...input.rememberedTickers },
    merged: null,
    result: null,
    error: null,
  }),
  initial: 'idle',
  on: {
    'import.fileSelected': {
      target: '.parsing',
      actions: ['reset', assign({ file: ({ event }) => event.file, fileName: ({ event }) => event.file.name })],
    },
  },
  states: {
    idle: {},
    parsing: {
      tags: ['busy'],
      invoke: {
        src: 'parseFile',
        input: ({ context, self }) => ({ file: context.file!, existing: portfolioBase(self.system).transactions, tickers: context.tickers }),
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
                for (const p of event.preview.products) if (p.ticker && !tickers[p.key]) tickers[p.key] = p.ticker;
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
          { guard: 'allProductsHaveTickers', target: 'merging', actions: assign({ error: null }) },
          { actions: assign({ error: ({ context }) => `Choose a ticker for: ${unresolved(context).join(', ')}.` }) },
        ],
        'import.cancel': { target: 'discarding' },
      },
    },
    merging: {
      tags: ['busy'],
      invoke: {
        src: 'merge',
        input: ({ context, self }) => ({ existing: portfolioBase(self.system).transactions, tickers: context.tickers }),
        onDone: [
          {
            guard: { type: 'nothingNew', params: ({ event }) => ({ added: event.output.added }) },
            target: 'done',
            actions: assign({ result: ({ event }) => ({ added: 0, alreadyPresent: event.output.alreadyPresent }) }),
          },
          { target: 'saving', actions: assign({ merged: ({ event }) => event.output }) },
        ],
        onError: { target: 'preview', actions: assign({ error: ({ event }) => `The import could not be merged: ${messageOf(event.error)}` }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'save',
        input: ({ self }) => {
          const base = portfolioBase(self.system);
          return { idToken: base.idToken, version: base.version };
        },
        onDone: {
          target: 'done',
          actions: [
            { type: 'publishSaved', params: ({ event }) => event.output },
            { type: 'rememberTickers', params: ({ context }) => ({ tickers: context.tickers }) },
            assign({ result: ({ context }) => ({ added: context.merged!.added, alreadyPresent: context.merged!.alreadyPresent }), merged: null }),
          ],
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'preview',
            actions: [
              'reloadPortfolio',
              assign({
                merged: null,
                error: 'Your transactions were changed elsewhere meanwhile and have been reloaded. Confirm again to add this file to the newest set.',
              }),
            ],
          },
          { target: 'preview', actions: assign({ merged: null, error: ({ event }) => `Saving failed, nothing was imported: ${messageOf(event.error)}` }) },
        ],
      },
    },
    discarding: {
      invoke: { src: 'discard', onDone: { target: 'idle', actions: 'reset' }, onError: { target: 'idle', actions: 'reset' } },
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
