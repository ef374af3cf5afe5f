/** Two real accounts on one server: neither can see nor change the other's transactions. */
import { expect, it } from 'vitest';
import { serverForTheSuite, sqliteServer } from '#helpers/server-backends';
import type { TestServer } from '#helpers/test-server';
import { answeredBody, stock, transactionsClient, transactionSet } from '#helpers/transactions-client';

let server: TestServer;
let alice: ReturnType<typeof transactionsClient>;
let bob: ReturnType<typeof transactionsClient>;
let subs: string[];

serverForTheSuite(sqliteServer(), ['alice', 'bob'], (started, users) => {
  server = started;
  subs = [users.alice.sub, users.bob.sub];
  alice = transactionsClient(server.url, users.alice.idToken);
  bob = transactionsClient(server.url, users.bob.idToken);
});

const aliceSet = transactionSet({ stock: [stock('VWCE.DE', '2022-03-01', 10, 1000)] });
const bobSet = transactionSet({ stock: [stock('AAPL', '2021-07-01', 2, 280)] });

it('gives the two accounts different subjects', () => {
  expect(subs[0]).not.toBe(subs[1]);
});

it("keeps one user's saved set out of the other's view", async () => {
  expect((await alice.put({ transactions: aliceSet })).status).toBe(200);
  const bobView = await bob.get();
  expect(bobView.body).toEqual(answeredBody(transactionSet()));
  expect(bobView.etag).toBe('"v0"');
});

it("versions each user's set on its own", async () => {
  expect((await bob.put({ transactions: bobSet }, { ifMatch: '"v0"' })).etag).toBe('"v1"');
  expect((await alice.put({ transactions: aliceSet }, { ifMatch: '"v1"' })).etag).toBe('"v2"');
});

it("lets nobody overwrite another's set: each write lands under the writer's own subject", async () => {
  expect((await bob.put({ transactions: transactionSet() })).status).toBe(200);
  expect((await alice.get()).body).toEqual(answeredBody(aliceSet));
  expect((await bob.get()).body).toEqual(answeredBody(transactionSet()));
});
