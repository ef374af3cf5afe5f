/**
 * `GET /api/transactions` with `If-None-Match` over real HTTP, on SQLite and on PostgreSQL (a fresh schema;
 * skipped with a notice without DATABASE_URL, except under CI), and on two servers sharing one PostgreSQL:
 * the ETag the GET answers gets a 304 without a body while nothing was written; every write (the lists,
 * the cash or the accounts alone) changes it and the old one gets the whole set again; a refused write
 * changes nothing; each user's validator is their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoadBalancer, type LoadBalancer } from '#helpers/load-balancer';
import { signIn, type SignedIn } from '#helpers/oidc-login';
import { createTestSchema, postgresUrlForTests, type TestSchema } from '#helpers/postgres-schema';
import { serverBackends, serverForTheSuite } from '#helpers/server-backends';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { answeredBody, stock, transactionsClient, transactionSet } from '#helpers/transactions-client';

/** A GET with `If-None-Match: tag`: its status, ETag, cache control and body text. */
async function conditionalGet(baseUrl: string, idToken: string, tag: string) {
  const response = await fetch(`${baseUrl}/api/transactions`, {
    headers: { Authorization: idToken, 'If-None-Match': tag, 'Accept-Encoding': 'br, gzip' },
  });
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    cacheControl: response.headers.get('cache-control'),
    text: await response.text(),
  };
}

const set = transactionSet({ stock: [stock('IBE.MC', '2020-01-02', 10, 90)] });

for (const backend of serverBackends('conditional GET of the transactions on PostgreSQL')) {
  describe(`GET /api/transactions with If-None-Match on ${backend.name}`, () => {
    let server: TestServer;
    let alice: SignedIn;
    let bob: SignedIn;
    serverForTheSuite(backend, ['alice', 'bob'], (started, users) => {
      server = started;
      ({ alice, bob } = users);
    });

    it('answers 304 without a body to the current ETag, the whole set to any other', async () => {
      const api = transactionsClient(server.url, alice.idToken);
      const written = await api.put({ transactions: set });
      expect(written.status).toBe(200);
      const held = await api.get();
      expect(held.etag).toBe(written.etag);

      const unchanged = await conditionalGet(server.url, alice.idToken, held.etag!);
      expect(unchanged).toEqual({ status: 304, etag: held.etag, cacheControl: 'no-store', text: '' });
      // A list of tags, and the weak form a proxy may make of ours, are compared as RFC 9110 says.
      expect((await conditionalGet(server.url, alice.idToken, `"x", W/${held.etag!}`)).status).toBe(304);

      for (const other of ['"v0"', '"nonsense"', `"${held.etag!.slice(1, -1)}0"`]) {
        const answered = await conditionalGet(server.url, alice.idToken, other);
        expect(answered.status).toBe(200);
        expect(answered.etag).toBe(held.etag);
        expect(JSON.parse(answered.text)).toEqual(held.body);
      }
    });

    it('every write changes the ETag, the accounts or the cash alone too; the old one then gets the new set', async () => {
      const api = transactionsClient(server.url, alice.idToken);
      let held = await api.get();
      const writes = [
        { transactions: transactionSet({ stock: [...set.stock, stock('IBE.MC', '2021-01-04', 1, 11)] }) },
        {
          transactions: held.body.transactions,
          accounts: [
            { id: 'main', name: 'DEGIRO' },
            { id: 'acc-2', name: 'Pension' },
          ],
        },
        {
          transactions: {
            ...held.body.transactions,
            cash: [
              { type: 'cash' as const, kind: 'deposit' as const, date: '2020-01-01', value: 1000, currency: 'EUR' },
            ],
          },
        },
        // The same set again: still a write, a new version.
        { transactions: held.body.transactions },
      ];
      for (const body of writes) {
        const put = await api.put(body, { ifMatch: held.etag });
        expect(put.status).toBe(200);
        expect(put.etag).not.toBe(held.etag);
        const stale = await conditionalGet(server.url, alice.idToken, held.etag!);
        expect(stale.status).toBe(200);
        expect(stale.etag).toBe(put.etag);
        expect(JSON.parse(stale.text)).toEqual(put.body);
        expect((await conditionalGet(server.url, alice.idToken, put.etag!)).status).toBe(304);
        held = await api.get();
      }
    });

    it('a refused write leaves the ETag as it was; another user never matches it', async () => {
      const api = transactionsClient(server.url, alice.idToken);
      const held = await api.get();
      const refused = await api.put({ transactions: transactionSet() }, { ifMatch: '"v0"' });
      expect(refused.status).toBe(412);
      expect((await conditionalGet(server.url, alice.idToken, held.etag!)).status).toBe(304);

      // Bob has written nothing: his set is "v0", so Alice's tag is not his.
      const bobs = await conditionalGet(server.url, bob.idToken, held.etag!);
      expect(bobs.status).toBe(200);
      expect(JSON.parse(bobs.text)).toEqual(answeredBody(transactionSet()));
    });
  });
}

const databaseUrl = postgresUrlForTests('conditional GET on two instances of one PostgreSQL');

describe.skipIf(!databaseUrl)('GET /api/transactions with If-None-Match on two servers of one PostgreSQL', () => {
  let schema: TestSchema;
  let lb: LoadBalancer;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    schema = await createTestSchema(databaseUrl!);
    lb = await startLoadBalancer();
    const env = { DATABASE_URL: schema.connectionString, PUBLIC_URL: lb.url };
    [a, b] = await Promise.all([startTestServer(env), startTestServer(env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await lb?.close();
    await schema?.drop();
  });

  it("a write on B changes what A answers: A's 304 only to B's new ETag", async () => {
    lb.route(a.url);
    const user = await signIn(lb.url, {
      username: 'two-instances',
      password: 'two-instances-secret',
      createAccount: true,
    });
    const onA = transactionsClient(lb.url, user.idToken);
    const first = await onA.put({ transactions: set });
    expect((await conditionalGet(lb.url, user.idToken, first.etag!)).status).toBe(304);

    lb.route(b.url);
    const second = await transactionsClient(lb.url, user.idToken).put(
      { transactions: transactionSet({ stock: [stock('IBE.MC', '2022-03-01', 2, 25)] }) },
      { ifMatch: first.etag },
    );
    expect(second.status).toBe(200);

    lb.route(a.url);
    const stale = await conditionalGet(lb.url, user.idToken, first.etag!);
    expect(stale.status).toBe(200);
    expect(stale.etag).toBe(second.etag);
    expect(JSON.parse(stale.text)).toEqual(second.body);
    expect((await conditionalGet(lb.url, user.idToken, second.etag!)).status).toBe(304);
    expect(new Set(lb.served)).toEqual(new Set([a.url, b.url]));
  });
});
