import { assertEvent, assign, fromCallback, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { ErrorResponse } from 'oidc-client-ts';
import { messageOf } from '../model/message';
import { getUserManager, toSessionUser, type SessionUser } from './services/auth-client';
import { getWorker } from './services/worker-client';

export type AuthEvent =
  | { type: 'auth.login' }
  | { type: 'auth.logout' }
  | { type: 'auth.renewed'; user: SessionUser }
  | { type: 'auth.expired'; reason: string };

export interface AuthContext {
  /** The page address when the app started: a sign-in or sign-out return lands on `/callback`. */
  initialUrl: string;
  user: SessionUser | null;
  /** Why the user is signed out, when it was not by choice. */
  error: string | null;
}

/** What the auth machine tells its parent (the app), which hands the token to the data machines. */
export type SessionEvent = { type: 'session.changed'; idToken: string | null };

type CallbackResult = { kind: 'signedIn'; user: SessionUser } | { kind: 'signedOut' };

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as { initialUrl: string },
  },
  actors: {
    loadSession: fromPromise<SessionUser | null>(async () => {
      const manager = await getUserManager();
      const user = await manager.getUser();
      return user ? toSessionUser(user) : null;
    }),
    redirectToSignIn: fromPromise<void>(async () => {
      const manager = await getUserManager();
      await manager.signinRedirect();
      // The page is navigating away; never settle, so the machine stays in `redirecting`.
      await new Promise(() => {});
    }),
    handleCallback: fromPromise<CallbackResult, { url: string }>(async ({ input }) => {
      const manager = await getUserManager();
      const params = new URL(input.url).searchParams;
      if (params.has('error')) {
        // The provider's words only for a sign-in this browser started (its state is stored): any site
        // can send the browser here with an error_description of its own choosing.
        try {
          await manager.signinCallback(input.url);
        } catch (error) {
          if (error instanceof ErrorResponse)
            throw new Error(error.error_description ?? error.error ?? 'Sign-in failed.', { cause: error });
        }
        throw new Error(
          'Sign-in failed: this answer does not match a sign-in started here. Start again from the login page.',
        );
      }
      if (params.has('code')) {
        const user = await manager.signinCallback(input.url);
        const session = user ? toSessionUser(user) : null;
        if (!session) throw new Error('The provider returned no valid ID token.');
        return { kind: 'signedIn', user: session };
      }
      await manager.signoutCallback(input.url);
      window.sessionStorage.clear();
      return { kind: 'signedOut' };
    }),
    signOut: fromPromise<void, { idToken: string | null }>(async ({ input }) => {
      // Before the page leaves for the provider: the worker forgets the session, the quotes it held in
      // IndexedDB too (a worker that fails to answer must not keep the user signed in).
      await getWorker()
        .signOut()
        .catch(() => undefined);
      const manager = await getUserManager();
      await manager.removeUser();
      window.sessionStorage.clear();
      await manager.signoutRedirect(input.idToken ? { id_token_hint: input.idToken } : undefined);
      await new Promise(() => {});
    }),
    /** Follows the token's life: silent renewals replace the user, an expiry without renewal signs out. */
    sessionEvents: fromCallback<AuthEvent>(({ sendBack }) => {
      let unsubscribe: Array<() => void> = [];
      let stopped = false;
      void getUserManager().then((manager) => {
        if (stopped) return;
        unsubscribe = [
          manager.events.addUserLoaded((user) => {
            const session = toSessionUser(user);
            if (session) sendBack({ type: 'auth.renewed', user: session });
          }),
          manager.events.addAccessTokenExpired(() =>
            sendBack({ type: 'auth.expired', reason: 'Your session expired. Please sign in again.' }),
          ),
          manager.events.addSilentRenewError((error) =>
            sendBack({
              type: 'auth.expired',
              reason: `Your session could not be renewed (${error.message}). Please sign in again.`,
            }),
          ),
        ];
      });
      return () => {
        stopped = true;
        for (const off of unsubscribe) off();
      };
    }),
  },
  actions: {
    announceSession: sendParent(({ context }): SessionEvent => ({
      type: 'session.changed',
      idToken: context.user?.idToken ?? null,
    })),
    keepUser: assign({ user: (_, user: SessionUser | null) => user }),
    /** The provider's answer to a sign-in started here. */
    keepSignedInUser: assign({
      user: (_, result: CallbackResult) => (result.kind === 'signedIn' ? result.user : null),
      error: null,
    }),
    /** A silent renewal: the same session with a new token. */
    keepRenewedUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'auth.renewed');
        return event.user;
      },
    }),
    forgetUser: assign({ user: null }),
    clearError: assign({ error: null }),
    /** Why the user is signed out, in words. */
    showError: assign({ error: (_, params: { error: string }) => params.error }),
  },
  guards: {
    hasStoredSession: (_, params: { user: SessionUser | null }) => params.user !== null,
    callbackSignedIn: (_, params: { result: CallbackResult }) => params.result.kind === 'signedIn',
    isCallbackUrl: ({ context }) => {
      const url = new URL(context.initialUrl);
      return url.pathname === '/callback' && (url.searchParams.has('state') || url.searchParams.has('error'));
    },
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ initialUrl: input.initialUrl, user: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isCallbackUrl', target: 'handlingCallback' }, { target: 'checking' }],
    },
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'loadSession',
        onDone: [
          {
            guard: { type: 'hasStoredSession', params: ({ event }) => ({ user: event.output }) },
            target: 'signedIn',
            actions: { type: 'keepUser', params: ({ event }) => event.output },
          },
          { target: 'signedOut' },
        ],
        onError: {
          target: 'signedOut',
          actions: { type: 'showError', params: ({ event }) => ({ error: messageOf(event.error) }) },
        },
      },
    },
    signedOut: {
      entry: ['forgetUser', 'announceSession'],
      on: { 'auth.login': { target: 'redirecting', actions: 'clearError' } },
    },
    redirecting: {
      tags: ['busy'],
      invoke: {
        src: 'redirectToSignIn',
        onError: {
          target: 'signedOut',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ error: `Sign-in could not start: ${messageOf(event.error)}` }),
          },
        },
      },
    },
    handlingCallback: {
      tags: ['busy'],
      invoke: {
        src: 'handleCallback',
        input: ({ context }) => ({ url: context.initialUrl }),
        onDone: [
          {
            guard: { type: 'callbackSignedIn', params: ({ event }) => ({ result: event.output }) },
            target: 'signedIn',
            actions: { type: 'keepSignedInUser', params: ({ event }) => event.output },
          },
          { target: 'signedOut' },
        ],
        onError: {
          target: 'signedOut',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ error: `Sign-in failed: ${messageOf(event.error)}` }),
          },
        },
      },
    },
    signedIn: {
      entry: 'announceSession',
      invoke: { src: 'sessionEvents' },
      on: {
        'auth.renewed': { actions: ['keepRenewedUser', 'announceSession'] },
        'auth.expired': {
          target: 'signedOut',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.reason }) },
        },
        'auth.logout': 'signingOut',
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        src: 'signOut',
        input: ({ context }) => ({ idToken: context.user?.idToken ?? null }),
        onError: {
          target: 'signedOut',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ error: `Sign-out did not reach the provider: ${messageOf(event.error)}` }),
          },
        },
      },
    },
  },
});

export type AuthActorRef = ActorRefFrom<typeof authMachine>;
