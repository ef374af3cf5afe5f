import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Transaction, TransactionSet } from '../model';
import { HttpError, readXsrfToken } from '../model/http';
import { messageOf } from './message';
import type { PortfolioActorRef } from './portfolio-machine';
import { getWorker, heldSet, setForWorker, type HeldSet } from './services/worker-client';
import { applyChange, isTransactionType, type TransactionChange } from './transaction-changes';

export type TransactionsEvent =
  | { type: 'transactions.add'; transaction: Transaction }
  | { type: 'transactions.delete'; transaction: Transaction }
  | { type: 'transactions.deleteAll' }
  | { type: 'transactions.retry' }
  | { type: 'transactions.dismiss' };

export interface TransactionsContext {
  /** The change being saved, or kept after a failure so nothing the user did is lost. */
  pending: TransactionChange | null;
  error: string | null;
  /** Set when a newer version on the server refused the save; the data was reloaded. */
  conflict: boolean;
  /** How many saves succeeded; the form starts afresh when it grows. */
  saved: number;
}

interface SaveInput {
  idToken: string;
  base: TransactionSet;
  version: string | null;
  change: TransactionChange;
}

/** Saving: each change sends the full set; the returned set replaces the local one (through the portfolio). */
export const transactionsMachine = setup({
  types: {
    context: {} as TransactionsContext,
    events: {} as TransactionsEvent,
  },
  actors: {
    /** The worker stores the changed set: the page neither writes nor reads its JSON. */
    save: fromPromise<HeldSet, SaveInput>(async ({ input }) =>
      heldSet(await getWorker().storeTransactions(setForWorker(applyChange(input.base, input.change)), { idToken: input.idToken, xsrfToken: readXsrfToken(), version: input.version })),
    ),
  },
  actions: {
    rememberChange: assign({
      pending: ({ event }): TransactionChange | null => {
        switch (event.type) {
          case 'transactions.add':
            return { kind: 'add', transaction: event.transaction };
          case 'transactions.delete':
            return { kind: 'delete', transaction: event.transaction };
          case 'transactions.deleteAll':
            return { kind: 'deleteAll' };
          default:
            return null;
        }
      },
      error: null,
      conflict: false,
    }),
    logInvalidType: ({ event }) => {
      if (event.type === 'transactions.add') console.error(`Invalid type: ${String(event.transaction.type)}`);
    },
    publishSaved: ({ system }, saved: HeldSet) => {
      (system.get('portfolio') as PortfolioActorRef | undefined)?.send({ type: 'portfolio.saved', transactions: saved.transactions, version: saved.version, needed: saved.needed });
    },
    reloadPortfolio: ({ system }) => {
      (system.get('portfolio') as PortfolioActorRef | undefined)?.send({ type: 'portfolio.reload' });
    },
  },
  guards: {
    hasValidType: ({ event }) => event.type !== 'transactions.add' || isTransactionType(event.transaction.type),
    isConflict: (_, params: { error: unknown }) => params.error instanceof HttpError && params.error.status === 412,
  },
}).createMachine({
  id: 'transactions',
  context: { pending: null, error: null, conflict: false, saved: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'transactions.add': [{ guard: 'hasValidType', target: 'saving', actions: 'rememberChange' }, { actions: 'logInvalidType' }],
        'transactions.delete': { target: 'saving', actions: 'rememberChange' },
        'transactions.deleteAll': { target: 'saving', actions: 'rememberChange' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'save',
        input: ({ context, self }) => {
          const portfolio = (self.system.get('portfolio') as PortfolioActorRef).getSnapshot().context;
          return {
            idToken: portfolio.idToken ?? '',
            base: portfolio.transactions ?? { stock: [], dividend: [], commission: [] },
            version: portfolio.version,
            change: context.pending!,
          };
        },
        onDone: { target: 'idle', actions: [{ type: 'publishSaved', params: ({ event }) => event.output }, assign({ pending: null, error: null, conflict: false, saved: ({ context }) => context.saved + 1 })] },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: [
              'reloadPortfolio',
              assign({
                conflict: true,
                error: 'Your transactions were changed elsewhere (another tab or device). They were reloaded; your change was not saved yet.',
              }),
            ],
          },
          { target: 'failed', actions: assign({ error: ({ event }) => `Saving failed: ${messageOf(event.error)}` }) },
        ],
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'transactions.retry': 'saving',
        'transactions.dismiss': { target: 'idle', actions: assign({ pending: null, error: null, conflict: false }) },
        'transactions.add': [{ guard: 'hasValidType', target: 'saving', actions: 'rememberChange' }, { actions: 'logInvalidType' }],
        'transactions.delete': { target: 'saving', actions: 'rememberChange' },
        'transactions.deleteAll': { target: 'saving', actions: 'rememberChange' },
      },
    },
  },
});

export type TransactionsActorRef = ActorRefFrom<typeof transactionsMachine>;
