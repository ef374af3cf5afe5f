import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { messageOf } from '../model/message';
import type { TransactionMatches, TransactionQuery } from '../model/transaction-query';
import type { SessionEvent } from './auth-machine';
import { getWorker } from './services/worker-client';

export type TransactionListEvent =
  /** Asks the worker which transactions `query` keeps, in its order; a newer query overtakes a running one. */
  { type: 'list.query'; query: TransactionQuery } | SessionEvent;

export interface TransactionListContext {
  /** The newest answer, with the query it answers; null before the first or after a sign-out. */
  matches: (TransactionMatches & { query: TransactionQuery }) | null;
  error: string | null;
}

/**
 * The transactions page's search, filters and order: the page sends the query (again when the set's
 * version changes), the worker, which holds the set, answers with the matching ids in order.
 */
export const transactionListMachine = setup({
  types: {
    context: {} as TransactionListContext,
    events: {} as TransactionListEvent,
  },
  actors: {
    query: fromPromise<TransactionMatches & { query: TransactionQuery }, { query: TransactionQuery }>(
      async ({ input }) => ({
        ...(await getWorker().queryTransactions(input.query)),
        query: input.query,
      }),
    ),
  },
  actions: {
    /** Signed out: nothing found is kept. */
    forgetMatches: assign({ matches: null, error: null }),
    keepMatches: assign({
      matches: (_, matches: TransactionMatches & { query: TransactionQuery }) => matches,
      error: null,
    }),
    failWith: assign({ error: (_, params: { error: unknown }) => `The search failed: ${messageOf(params.error)}` }),
  },
}).createMachine({
  id: 'transactionList',
  context: { matches: null, error: null },
  initial: 'idle',
  on: {
    'list.query': { target: '.querying', reenter: true },
    // Signed out: nothing found is kept (a renewed token changes nothing here).
    'session.changed': { guard: ({ event }) => event.idToken === null, target: '.idle', actions: 'forgetMatches' },
  },
  states: {
    idle: {},
    querying: {
      tags: ['busy'],
      invoke: {
        src: 'query',
        input: ({ event }) => {
          if (event.type !== 'list.query') throw new Error(`A query starts with list.query, not ${event.type}.`);
          return { query: event.query };
        },
        onDone: { target: 'idle', actions: { type: 'keepMatches', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type TransactionListActorRef = ActorRefFrom<typeof transactionListMachine>;
