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
      entry: assign({ error: null }),
      invoke: {
        src: 'buildTaxReport',
        onDone: [
          {
            guard: { type: 'built', params: ({ event }) => event.output },
            target: 'ready',
            actions: assign({ report: ({ event }) => (event.output.ok ? { csv: event.output.csv, fileName: event.output.fileName } : null) }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => (event.output.ok ? null : event.output.message) }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    /** The CSV waits here until the page has given it to the browser as a file. */
    ready: {
      on: { 'taxReport.delivered': { target: 'idle', actions: assign({ report: null }) } },
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
