/**
 * The dividend tax report's download: the worker builds the CSV from the figures it holds (the page never
 * sees the dividends), this machine asks for it and keeps it until the page has handed it to the browser.
 * It lives with the Income page that starts it.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messageOf } from '../model/message';
import type { Outcome } from '../model/outcome';
import type { TaxReport } from '../worker';
import { getWorker } from './services/worker-client';

export type TaxReportEvent = { type: 'taxReport.request' } | { type: 'taxReport.delivered' };

export interface TaxReportContext {
  report: TaxReport | null;
  error: string | null;
}

export const taxReportMachine = setup({
  types: {
    context: {} as TaxReportContext,
    events: {} as TaxReportEvent,
  },
  actors: {
    /** The worker writes the CSV of the dividends it holds, as of its last derive. */
    buildTaxReport: fromPromise<Outcome<TaxReport>>(() => getWorker().taxReport()),
  },
  actions: {
    clearError: assign({ error: null }),
    keepReport: assign({
      report: (_, output: Outcome<TaxReport>) => (output.ok ? { csv: output.csv, fileName: output.fileName } : null),
    }),
    showRefusal: assign({ error: (_, output: Outcome<TaxReport>) => (output.ok ? null : output.message) }),
    failWith: assign({ error: (_, params: { error: unknown }) => messageOf(params.error) }),
    /** The page has handed the CSV to the browser. */
    forgetReport: assign({ report: null }),
  },
  guards: {
    built: (_, output: Outcome<TaxReport>) => output.ok,
  },
}).createMachine({
  id: 'taxReport',
  context: { report: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'taxReport.request': 'building' },
    },
    building: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'buildTaxReport',
        onDone: [
          {
            guard: { type: 'built', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'keepReport', params: ({ event }) => event.output },
          },
          { target: 'failed', actions: { type: 'showRefusal', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The CSV waits here until the page has given it to the browser as a file. */
    ready: {
      on: { 'taxReport.delivered': { target: 'idle', actions: 'forgetReport' } },
    },
    failed: {
      on: { 'taxReport.request': 'building' },
    },
  },
});

export type TaxReportActorRef = ActorRefFrom<typeof taxReportMachine>;
export type TaxReportSnapshot = SnapshotFrom<typeof taxReportMachine>;

export const selectTaxReport = (s: TaxReportSnapshot): TaxReport | null => s.context.report;
export const selectTaxReportBusy = (s: TaxReportSnapshot): boolean => s.hasTag('busy');
export const selectTaxReportError = (s: TaxReportSnapshot): string | null => s.context.error;
