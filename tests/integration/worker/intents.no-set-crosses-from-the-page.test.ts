/**
 * The worker owns the set: the page sends intents and gets views. The real worker API behind Comlink over
 * a message channel, against the real server; every message across the channel is counted for sets.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as Comlink from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '#src/worker';
import { signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { setsIn, workerOverAChannel, type Crossing } from '#helpers/worker/worker-over-a-channel';

let server: TestServer;
let credentials: Credentials;

beforeAll(async () => {
  server = await startTestServer();
  const { idToken } = await signIn(server.url, {
    username: 'crossings',
    password: 'correct horse',
    createAccount: true,
  });
  credentials = { idToken, xsrfToken: null };
}, 60_000);
afterAll(() => server?.close());

/** The sets in the messages of one intent, each way. */
async function crossingsOf<R>(
  crossings: Crossing[],
  intent: () => R,
): Promise<{ answer: Awaited<R>; toWorker: number; toPage: number; messages: number }> {
  const from = crossings.length;
  const answer = await intent();
  const mine = crossings.slice(from);
  const count = (direction: Crossing['direction']) =>
    mine.filter((c) => c.direction === direction).reduce((sum, c) => sum + setsIn(c.message), 0);
  return { answer, toWorker: count('toWorker'), toPage: count('toPage'), messages: mine.length };
}

describe('sets crossing the worker boundary', () => {
  it('an add, a delete and an import send no set to the worker, and each returns one view', async () => {
    const { worker, crossings, close } = workerOverAChannel(server.url);
    try {
      const load = await crossingsOf(crossings, () => worker.load(credentials));
      expect(load.answer.ok).toBe(true);
      expect([load.toWorker, load.toPage]).toEqual([0, 1]);

      const buy = {
        ticker: 'VWCE.DE',
        type: 'stock',
        date: '2024-01-02',
        amount: 10,
        value: 1000,
        currency: 'EUR',
      } as const;
      const add = await crossingsOf(crossings, () => worker.change({ kind: 'add', transaction: buy }, credentials));
      if (!add.answer.ok) throw new Error(add.answer.message);
      expect([add.toWorker, add.toPage], 'add: sets to the worker, views back').toEqual([0, 1]);
      expect(add.answer.listing.ids).toHaveLength(1);

      const id = add.answer.listing.ids[0]!;
      const remove = await crossingsOf(crossings, () => worker.change({ kind: 'delete', id }, credentials));
      if (!remove.answer.ok) throw new Error(remove.answer.message);
      expect([remove.toWorker, remove.toPage], 'delete: sets to the worker, views back').toEqual([0, 1]);
      expect(remove.answer.listing.ids).toHaveLength(0);

      const file = new Blob([readFileSync(path.resolve(import.meta.dirname, '../../fixtures/degiro/nl-example.csv'))]);
      const parse = await crossingsOf(crossings, () =>
        worker.parseImport(
          1,
          file,
          Comlink.proxy(() => {}),
        ),
      );
      if (!parse.answer.ok) throw new Error(parse.answer.message);
      expect(parse.answer.preview.newTransactions).toBeGreaterThan(0);
      const tickers = Object.fromEntries(parse.answer.preview.products.map((p) => [p.key, p.ticker ?? 'TEST.AS']));
      const confirm = await crossingsOf(crossings, () => worker.confirmImport(tickers, credentials));
      if (!confirm.answer.ok) throw new Error(confirm.answer.message);
      expect(
        [parse.toWorker + confirm.toWorker, parse.toPage + confirm.toPage],
        'import: sets to the worker, views back',
      ).toEqual([0, 1]);
      expect(confirm.answer.added).toBe(parse.answer.preview.newTransactions);
      // The view lists the ticker transactions in columns and the cash rows beside them.
      expect((confirm.answer.view?.listing.ids.length ?? 0) + (confirm.answer.view?.cash.length ?? 0)).toBe(
        confirm.answer.added,
      );
    } finally {
      close();
    }
  }, 60_000);
});
