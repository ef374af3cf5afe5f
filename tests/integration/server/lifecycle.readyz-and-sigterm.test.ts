/**
 * Readiness and stopping, against the real server process: `/readyz` answers 200 while the database
 * answers and 503 when it is gone (a cut connection to a real PostgreSQL), and SIGTERM lets a slow
 * request in flight finish (its write kept) while new connections are refused.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '#helpers/oidc-login';
import { createTestSchema, postgresUrlForTests, type TestSchema } from '#helpers/postgres-schema';
import { startTcpProxy, type TcpProxy } from '#helpers/tcp-proxy';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { stock, transactionsClient, transactionSet } from '#helpers/transactions-client';

describe('/readyz on SQLite', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('answers 200 beside /healthz, through the same frame (a request id)', async () => {
    server = await startTestServer();
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true });
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

const databaseUrl = postgresUrlForTests('/readyz on PostgreSQL');

describe.skipIf(!databaseUrl)('/readyz on PostgreSQL', () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await schema?.drop();
  });

  it('answers 503 while the database is gone and 200 again once it is back', async () => {
    schema = await createTestSchema(databaseUrl!);
    const direct = new URL(schema.connectionString);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(schema.connectionString);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startTestServer({ DATABASE_URL: viaProxy.toString() });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    await proxy.cut();
    const gone = await fetch(`${server.url}/readyz`);
    expect(gone.status).toBe(503);
    expect(await gone.json()).toEqual({ ready: false, message: 'The database does not answer.' });

    await proxy.restore();
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 10_000 }).toBe(200);
  });
});

describe('SIGTERM', () => {
  const OWN_ACCOUNT = { username: 'sigterm-writer', password: 'a slow write survives' };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sigterm-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('finishes the slow request in flight, refuses new connections, then exits 0 with the write kept', async () => {
    const server = await startTestServer({ DATA_DIR: dataDir });
    let stopped: Awaited<ReturnType<TestServer['close']>> | undefined;
    try {
      // An account of its own: the demo account's data returns to its portfolio on every start.
      const { idToken } = await signIn(server.url, { ...OWN_ACCOUNT, createAccount: true });
      const set = transactionSet({ stock: [stock('SLOW.DE', '2023-05-02', 7, 700)] });
      const body = JSON.stringify({ transactions: set });

      // A PUT whose body arrives slowly: half now, the rest after the stop has begun.
      const { port } = new URL(server.url);
      const answer = new Promise<{ status: number; etag: string | undefined; connection: string | undefined }>(
        (resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'PUT',
              path: '/api/transactions',
              headers: {
                Authorization: idToken,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                'if-match': '"v0"',
              },
            },
            (response) => {
              response.resume();
              response.on('end', () =>
                resolve({
                  status: response.statusCode ?? 0,
                  etag: response.headers.etag,
                  connection: response.headers.connection,
                }),
              );
            },
          );
          request.on('error', reject);
          request.write(body.slice(0, 10));
          setTimeout(() => request.end(body.slice(10)), 1500);
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));

      const stopping = server.close();
      // Give the signal a moment to arrive; then a new connection finds nobody listening.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

      // A new account has no set (v0): the slow write lands as v1, and says the connection closes.
      expect(await answer).toEqual({ status: 200, etag: '"v1"', connection: 'close' });
      stopped = await stopping;
      expect(stopped).toEqual({ exitCode: 0, signal: null });
    } finally {
      await server.close();
    }

    const again = await startTestServer({ DATA_DIR: dataDir });
    try {
      const { idToken } = await signIn(again.url, OWN_ACCOUNT);
      const kept = await transactionsClient(again.url, idToken).get();
      expect(kept.etag).toBe('"v1"');
      expect(kept.body.transactions.stock).toEqual([stock('SLOW.DE', '2023-05-02', 7, 700)]);
    } finally {
      await again.close();
    }
    // Two servers start and stop in this test: on a loaded machine that alone can take half a minute.
  }, 90_000);
});
