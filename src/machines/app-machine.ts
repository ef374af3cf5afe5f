import { sendTo, setup, type ActorRefFrom } from 'xstate';
import { authMachine, type SessionEvent } from './auth-machine';
import { portfolioMachine } from './portfolio-machine';
import { transactionsMachine } from './transactions-machine';

/**
 * The root actor: it starts every flow of the app once, under a system id, and hands the session's
 * token from `auth` to the data machines. React reaches the children through `system.get(id)`.
 */
export const appMachine = setup({
  types: {
    input: {} as { initialUrl: string },
    context: {} as { initialUrl: string },
    events: {} as SessionEvent,
  },
  actors: { auth: authMachine, portfolio: portfolioMachine, transactions: transactionsMachine },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ initialUrl: input.initialUrl }),
  invoke: [
    { src: 'auth', id: 'auth', systemId: 'auth', input: ({ context }) => ({ initialUrl: context.initialUrl }) },
    { src: 'portfolio', id: 'portfolio', systemId: 'portfolio' },
    { src: 'transactions', id: 'transactions', systemId: 'transactions' },
  ],
  on: {
    'session.changed': { actions: sendTo('portfolio', ({ event }) => event) },
  },
});

export type AppActorRef = ActorRefFrom<typeof appMachine>;
