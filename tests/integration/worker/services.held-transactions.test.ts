/**
 * The worker's transactions service with the set held between visits (held-quotes/, here a store in
 * memory standing in for IndexedDB, which Node lacks), against the real server over HTTP: nothing held,
 * the whole set comes and is kept with its ETag; held under the current ETag, the server answers 304 and
 * the held text is read (nothing kept again); held under an older ETag, the whole set comes; a held text
 * this app cannot read any more gets the whole set once; a PUT's answer is kept too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { stock, transactionsClient, transactionSet } from '#helpers/transactions-client';
import { setServiceOrigin, type Credentials, type HeldAnswer } from '#src/worker/services/http';
import { fetchTransactions, putTransactions, type HeldSet } from '#src/worker/services/transactions-api';

let server: TestServer;
let credentials: Credentials;
const set = transactionSet({ stock: [stock('IBE.MC', '2020-01-02', 10, 90)] });

beforeAll(async () => {
  server = await startTestServer();
  const { idToken } = await signIn(server.url, {
    username: 'held-set',
    password: 'held-set-secret',
    createAccount: true,
  });
  credentials = { idToken, xsrfToken: null };
  await transactionsClient(server.url, idToken).put({ transactions: set });
  setServiceOrigin(server.url);
}, 60_000);
afterAll(async () => {
  setServiceOrigin(undefined);
  await server?.close();
});

/** A held set in memory: what it holds, and every answer it was asked to keep. */
function heldIn(held: HeldAnswer | null) {
  const kept: HeldAnswer[] = [];
  const store: HeldSet = {
    read: async () => held && { etag: held.etag, answer: Promise.resolve(held) },
    keep: (answer) => void kept.push(answer),
  };
  return { store, kept };
}

describe('the transaction set held between visits', () => {
  it('nothing held: the whole set comes and is kept with its ETag', async () => {
    const { store, kept } = heldIn(null);
    const answer = await fetchTransactions(credentials, store);
    expect(answer.version).toBe('"v1"');
    expect(answer.transactions.stock).toEqual(set.stock);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.etag).toBe('"v1"');
    expect(JSON.parse(kept[0]!.text)).toMatchObject({ transactions: { stock: set.stock } });
  });

  it('held under the current ETag: a 304, the held text is read and nothing is kept again', async () => {
    // A text the server would never answer now, so that reading it shows the held text was used.
    const heldText = JSON.stringify({
      transactions: { stock: [stock('VWCE.DE', '2021-03-04', 2, 180)], dividend: [], commission: [], cash: [] },
      accounts: [{ id: 'main', name: 'Held' }],
    });
    const { store, kept } = heldIn({ etag: '"v1"', text: heldText });
    const answer = await fetchTransactions(credentials, store);
    expect(answer.version).toBe('"v1"');
    expect(answer.transactions.stock).toEqual([stock('VWCE.DE', '2021-03-04', 2, 180)]);
    expect(answer.accounts).toEqual([{ id: 'main', name: 'Held' }]);
    expect(kept).toEqual([]);
  });

  it('held under an older ETag: the whole set comes and replaces it', async () => {
    const { store, kept } = heldIn({
      etag: '"v0"',
      text: '{"transactions":{"stock":[],"dividend":[],"commission":[]}}',
    });
    const answer = await fetchTransactions(credentials, store);
    expect(answer.transactions.stock).toEqual(set.stock);
    expect(kept.map((one) => one.etag)).toEqual(['"v1"']);
  });

  it('a held text this app cannot read: the whole set, once', async () => {
    const { store, kept } = heldIn({ etag: '"v1"', text: '{"transactions":{"stock":"not a list"}}' });
    const answer = await fetchTransactions(credentials, store);
    expect(answer.transactions.stock).toEqual(set.stock);
    expect(kept.map((one) => one.etag)).toEqual(['"v1"']);
  });

  it("a PUT's answer is kept with its new ETag, and the next load of it is a 304", async () => {
    const { store, kept } = heldIn(null);
    const grown = transactionSet({ stock: [...set.stock, stock('IBE.MC', '2021-01-04', 1, 11)] });
    const written = await putTransactions(credentials, grown, [{ id: 'main', name: 'My account' }], '"v1"', store);
    expect(written.version).toBe('"v2"');
    expect(kept.map((one) => one.etag)).toEqual(['"v2"']);
    const next = heldIn(kept[0]!);
    const loaded = await fetchTransactions(credentials, next.store);
    expect(loaded.transactions.stock).toEqual(grown.stock);
    expect(next.kept).toEqual([]);
  });
});
