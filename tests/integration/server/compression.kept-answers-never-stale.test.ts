/**
 * The compressed answers the server keeps per user (`compressed-answer-cache.ts`) are never stale, over
 * real HTTP: after each write, and after the account is deleted and stored anew, GET answers (brotli and
 * gzip) decode to the set stored now, and one user never gets another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionSet } from '#src/model/transaction';
import { signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { answeredBody, stock, transactionSet, transactionsClient } from '#helpers/transactions-client';

/** A set of `rows` buys at `value` each, well over the 1 KB under which nothing is compressed. */
const setOf = (rows: number, value: number): TransactionSet =>
  transactionSet({
    stock: Array.from({ length: rows }, (_, i) =>
      stock('VWCE.DE', new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10), 1 + i, value),
    ),
  });

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

async function getDecoded(idToken: string, encoding: string) {
  const response = await fetch(`${server.url}/api/transactions`, {
    headers: { Authorization: idToken, 'Accept-Encoding': encoding },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-encoding')).toBe(encoding);
  return response.json();
}

describe('kept compressed answers', () => {
  it('answer the set stored now after every write, in either coding, per user', async () => {
    const alice = await signIn(server.url, {
      username: 'kept-alice',
      password: 'kept-alice-pw-1',
      createAccount: true,
    });
    const bob = await signIn(server.url, { username: 'kept-bob', password: 'kept-bob-pw-12', createAccount: true });
    const aliceClient = transactionsClient(server.url, alice.idToken);
    const bobClient = transactionsClient(server.url, bob.idToken);
    for (const [n, value] of [
      [1, 100],
      [2, 200],
      [3, 100],
    ] as const) {
      const aliceSet = setOf(40, value);
      const bobSet = setOf(40, value + 1);
      expect((await aliceClient.put({ transactions: aliceSet })).status, `write ${n}`).toBe(200);
      expect((await bobClient.put({ transactions: bobSet })).status).toBe(200);
      for (const encoding of ['br', 'gzip', 'br']) {
        expect(await getDecoded(alice.idToken, encoding)).toEqual(answeredBody(aliceSet));
        expect(await getDecoded(bob.idToken, encoding)).toEqual(answeredBody(bobSet));
      }
    }
  });

  it('answer nothing of a deleted account to the account created after it', async () => {
    const credentials = { username: 'kept-deleted', password: 'kept-deleted-pw', createAccount: true };
    const first = await signIn(server.url, credentials);
    const before = setOf(40, 300);
    expect((await transactionsClient(server.url, first.idToken).put({ transactions: before })).status).toBe(200);
    expect(await getDecoded(first.idToken, 'br')).toEqual(answeredBody(before));
    const deleted = await fetch(`${server.url}/api/account`, {
      method: 'DELETE',
      headers: { Authorization: first.idToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: credentials.username }),
    });
    expect(deleted.status).toBe(200);
    // The new account's first write is version 1 again, as the deleted one's was.
    const again = await signIn(server.url, credentials);
    const after = setOf(40, 301);
    const written = await transactionsClient(server.url, again.idToken).put({ transactions: after });
    expect(written.etag).toBe('"v1"');
    expect(await getDecoded(again.idToken, 'br')).toEqual(answeredBody(after));
  });
});
