import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { authMachine, type AuthEvent } from '#src/machines/auth-machine';
import type { SessionUser } from '#src/machines/services/auth-client';

const alice: SessionUser = {
  sub: 'alice',
  name: 'Alice',
  idToken: 'header.payload.signature',
  expiresAt: 2_000_000_000,
};
const never = () => new Promise<never>(() => {});
type CallbackResult = { kind: 'signedIn'; user: SessionUser } | { kind: 'signedOut' };
/** Typed stand-ins for the machine's side effects. */
const session = (load: () => Promise<SessionUser | null>) => fromPromise<SessionUser | null>(load);
const redirect = (run: () => Promise<void>) => fromPromise<void>(run);
const callback = (run: (args: { input: { url: string } }) => Promise<CallbackResult>) =>
  fromPromise<CallbackResult, { url: string }>(run);
const signOutWith = (run: (args: { input: { idToken: string | null } }) => Promise<void>) =>
  fromPromise<void, { idToken: string | null }>(run);

function start(initialUrl: string, actors: Partial<Parameters<typeof authMachine.provide>[0]['actors']> = {}) {
  const announce = vi.fn();
  let sendSession: ((event: AuthEvent) => void) | null = null;
  const machine = authMachine.provide({
    actors: {
      loadSession: session(async () => null),
      redirectToSignIn: redirect(never),
      handleCallback: callback(async () => ({ kind: 'signedOut' })),
      signOut: signOutWith(never),
      sessionEvents: fromCallback(({ sendBack }) => {
        sendSession = sendBack;
      }),
      ...actors,
    },
    actions: { announceSession: announce },
  });
  const actor = createActor(machine, { input: { initialUrl } }).start();
  return { actor, announce, session: (event: AuthEvent) => sendSession?.(event) };
}

describe('auth machine', () => {
  it('restores a stored session and announces its token', async () => {
    const { actor, announce } = start('http://app.test/dashboard', { loadSession: session(async () => alice) });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.user).toEqual(alice);
    expect(announce).toHaveBeenCalled();
  });

  it('is signed out without a stored session, and a failed redirect says why', async () => {
    const { actor } = start('http://app.test/login', {
      redirectToSignIn: redirect(async () => {
        throw new Error('provider unreachable');
      }),
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'auth.login' });
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Sign-in could not start: provider unreachable');
  });

  it('stays redirecting while the browser leaves for the provider', async () => {
    const { actor } = start('http://app.test/login');
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'auth.login' });
    expect(actor.getSnapshot().matches('redirecting')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('handles the sign-in return on /callback', async () => {
    const { actor } = start('http://app.test/callback?code=abc&state=xyz', {
      handleCallback: callback(async ({ input }) => {
        expect(input.url).toContain('code=abc');
        return { kind: 'signedIn', user: alice };
      }),
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.user?.sub).toBe('alice');
  });

  it('carries the message of a failed callback', async () => {
    const { actor } = start('http://app.test/callback?state=xyz&code=bad', {
      handleCallback: callback(async () => {
        throw new Error('invalid_grant');
      }),
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toBe('Sign-in failed: invalid_grant');
  });

  it('a sign-out return ends signed out without an error', async () => {
    const { actor } = start('http://app.test/callback?state=xyz');
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('takes renewed tokens and signs out with the reason when the session expires', async () => {
    const {
      actor,
      session: sessionEvent,
      announce,
    } = start('http://app.test/dashboard', { loadSession: session(async () => alice) });
    await waitFor(actor, (s) => s.matches('signedIn'));
    sessionEvent({ type: 'auth.renewed', user: { ...alice, idToken: 'renewed' } });
    expect(actor.getSnapshot().context.user?.idToken).toBe('renewed');
    expect(announce).toHaveBeenCalledTimes(2);
    sessionEvent({ type: 'auth.expired', reason: 'Your session expired. Please sign in again.' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Your session expired. Please sign in again.');
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('logs out through the provider, and reports a sign-out that could not reach it', async () => {
    const signOut = vi.fn(async ({ input }: { input: { idToken: string | null } }) => {
      expect(input.idToken).toBe(alice.idToken);
      throw new Error('network down');
    });
    const { actor } = start('http://app.test/dashboard', {
      loadSession: session(async () => alice),
      signOut: signOutWith(signOut),
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'auth.logout' });
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(signOut).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.error).toBe('Sign-out did not reach the provider: network down');
  });

  it('treats a failing session check as signed out, with the message', async () => {
    const { actor } = start('http://app.test/dashboard', {
      loadSession: session(async () => {
        throw new Error('The sign-in configuration could not be loaded (503).');
      }),
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toBe('The sign-in configuration could not be loaded (503).');
  });
});
