/**
 * A real test server for one test file, and per test a new user signed in through its built-in provider,
 * with the worker's real API over a channel pointed at that server (closed after each test).
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Credentials } from '#src/worker';
import { signIn } from '../oidc-login';
import { startTestServer, type TestServer } from '../test-server';
import { transactionsClient } from '../transactions-client';
import { workerOverAChannel } from './worker-over-a-channel';

export function workerOnARealServer() {
  let server: TestServer | undefined;
  let channel: ReturnType<typeof workerOverAChannel> | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server?.close());
  // Once per channel: a test that signs no one in leaves none to close.
  afterEach(() => {
    channel?.close();
    channel = undefined;
  });

  const url = (): string => {
    if (!server) throw new Error('the test server has not started');
    return server.url;
  };
  return {
    url,
    /** A new account `username`: its ID token, the worker's credentials, the worker, and a transactions client. */
    async signedIn(username: string) {
      const { idToken } = await signIn(url(), { username, password: 'correct horse', createAccount: true });
      const credentials: Credentials = { idToken, xsrfToken: null };
      channel = workerOverAChannel(url());
      return { idToken, credentials, worker: channel.worker, api: transactionsClient(url(), idToken) };
    },
  };
}
