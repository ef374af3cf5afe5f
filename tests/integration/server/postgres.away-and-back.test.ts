/**
 * PostgreSQL away and back, on a cluster of the test's own: while it is stopped (or, behind a TCP proxy,
 * gone silent: connections accepted and never answered), every request that needs the database answers
 * 503 with `Retry-After` and a message within 5 s (none hangs), `/readyz` 503; once it is back the
 * server serves within 5 s, without a restart.
 * Skipped, saying why, when the system has no PostgreSQL server binaries.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '#helpers/oidc-login';
import { findPostgresBinaries, startPostgresCluster, type PostgresCluster } from '#helpers/postgres-cluster';
import { startTcpProxy, type TcpProxy } from '#helpers/tcp-proxy';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { stock, transactionSet } from '#helpers/transactions-client';

const ANSWER_WITHIN_MS = 5_000;
const binaries = findPostgresBinaries();
if (!binaries.ok) console.warn(`PostgreSQL away and back: skipped, ${binaries.reason}.`);

interface Timed {
  what: string;
  status: number;
  retryAfter: string | null;
  message: unknown;
  elapsedMs: number;
}

async function timed(what: string, url: string, init: RequestInit = {}): Promise<Timed> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS + 3_000) });
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    return {
      what,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      message: body.message,
      elapsedMs: performance.now() - started,
    };
  } catch (error) {
    return { what, status: 0, retryAfter: null, message: String(error), elapsedMs: performance.now() - started };
  }
}

describe.skipIf(!binaries.ok)('PostgreSQL away and back', () => {
  let cluster: PostgresCluster;
  let server: TestServer;
  let proxy: TcpProxy;
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await cluster?.destroy();
  });

  it('answers 503 with Retry-After within 5 s while it is stopped, and serves again within 5 s of its return', async () => {
    if (!binaries.ok) return;
    cluster = await startPostgresCluster(binaries.bin);
    proxy = await startTcpProxy({ host: '127.0.0.1', port: cluster.port });
    const viaProxy = new URL(cluster.url);
    viaProxy.port = String(proxy.port);
    server = await startTestServer({ DATABASE_URL: viaProxy.toString() });
    const { idToken } = await signIn(server.url, { username: 'demo', password: 'demo' });
    const auth = { Authorization: idToken };
    const api = `${server.url}/api/transactions`;
    const put = (etag: string) => ({
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json', 'if-match': etag },
      body: JSON.stringify({ transactions: transactionSet({ stock: [stock('AWAY.DE', '2024-02-01', 3, 300)] }) }),
    });
    const before = await fetch(api, { headers: auth });
    expect(before.status).toBe(200);
    const etag = before.headers.get('etag')!;

    const outage = async () => {
      // Under load: reads, writes and settings from several clients at once, twice over.
      for (let round = 0; round < 2; round++) {
        const answers = await Promise.all([
          ...Array.from({ length: 4 }, (_, i) => timed(`GET transactions ${i}`, api, { headers: auth })),
          ...Array.from({ length: 4 }, (_, i) => timed(`PUT transactions ${i}`, api, put(etag))),
          timed('GET settings', `${server.url}/api/settings`, { headers: auth }),
        ]);
        for (const answer of answers) {
          expect(answer, answer.what).toMatchObject({
            status: 503,
            retryAfter: expect.stringMatching(/^\d+$/),
            message: expect.any(String),
          });
          expect(answer.elapsedMs, answer.what).toBeLessThan(ANSWER_WITHIN_MS);
        }
        const ready = await timed('readyz', `${server.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(ready.elapsedMs).toBeLessThan(ANSWER_WITHIN_MS);
      }
    };
    const recovers = async () => {
      const back = performance.now();
      await expect
        .poll(async () => (await timed('GET after', api, { headers: auth })).status, {
          timeout: ANSWER_WITHIN_MS,
          interval: 100,
        })
        .toBe(200);
      expect(performance.now() - back).toBeLessThan(ANSWER_WITHIN_MS);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    };

    await cluster.stop();
    await outage();
    await cluster.start();
    await recovers();

    proxy.freeze();
    await outage();
    proxy.thaw();
    await recovers();

    const write = await fetch(api, put(etag));
    expect(write.status).toBe(200);
  }, 120_000);
});
