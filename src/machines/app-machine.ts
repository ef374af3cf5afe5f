import { sendTo, setup, type ActorRefFrom } from 'xstate';
import { authMachine, type SessionEvent } from './auth-machine';
import { importMachine } from './import-machine';
import { mappedImportMachine } from './mapped-import-machine';
import { portfolioMachine } from './portfolio-machine';
import { transactionListMachine } from './transaction-list-machine';
import { transactionsMachine } from './transactions-machine';
import { yourDataMachine } from './your-data-machine';

export interface AppInput {
  /** The page address at start: a sign-in return lands on `/callback`. */
  initialUrl: string;
}

/**
 * The root actor: it starts every flow of the app once, under a system id, and hands the session's
 * token from `auth` to the data machines, by event. React reaches the children through `system.get(id)`.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppInput,
    events: {} as SessionEvent,
  },
  actors: {
    auth: authMachine,
    portfolio: portfolioMachine,
    transactions: transactionsMachine,
    transactionList: transactionListMachine,
    import: importMachine,
    mappedImport: mappedImportMachine,
    yourData: yourDataMachine,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => input,
  invoke: [
    { src: 'auth', id: 'auth', systemId: 'auth', input: ({ context }) => ({ initialUrl: context.initialUrl }) },
    { src: 'portfolio', id: 'portfolio', systemId: 'portfolio' },
    { src: 'transactions', id: 'transactions', systemId: 'transactions' },
    { src: 'transactionList', id: 'transactionList', systemId: 'transactionList' },
    { src: 'import', id: 'import', systemId: 'import' },
    { src: 'mappedImport', id: 'mappedImport', systemId: 'mappedImport' },
    { src: 'yourData', id: 'yourData', systemId: 'yourData' },
  ],
  on: {
    // The data machines get the token by event: none reads it from another actor.
    'session.changed': {
      actions: [
        sendTo('portfolio', ({ event }) => event),
        sendTo('transactions', ({ event }) => event),
        sendTo('transactionList', ({ event }) => event),
        sendTo('import', ({ event }) => event),
        sendTo('mappedImport', ({ event }) => event),
        sendTo('yourData', ({ event }) => event),
      ],
    },
  },
});

export type AppActorRef = ActorRefFrom<typeof appMachine>;
