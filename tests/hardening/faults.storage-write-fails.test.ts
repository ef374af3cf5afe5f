/**
 * Storage failing a write, on the real server: another SQLite connection holds an exclusive lock on the
 * server's file past its busy timeout, or another PostgreSQL session holds `LOCK TABLE` past the
 * server's statement timeout, or PostgreSQL drops the server's connections. The write gets a 503 with
 * a message, nothing partial is stored (the set and its version are the last acknowledged ones, byte
 * for byte), and once the lock is gone the same write goes through. PostgreSQL runs when DATABASE_URL
 * is set (skipped with a notice otherwise, like the storage contract suite).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '#server/storage/open-storage';
import { signIn } from '#helpers/oidc-login';
import { createTestSchema, postgresUrlForTests, type TestSchema } from '#helpers/postgres-schema';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { VALID_BODY } from '#helpers/hardening/malformed-transactions';
import { expectUnchanged, readStoredBytes } from '#helpers/hardening/stored-bytes';
import { recordTally } from '#helpers/hardening/tally';

const tally = { faults: 0, held: 0, requests: 0 };

afterAll(() => {
  recordTally({
    section: 'faults',
    check:
      'storage failing a write (SQLite locked by another connection; PostgreSQL LOCK TABLE, dropped connections) → 503 with a message, nothing partial stored, the write succeeds afterwards',
    tried: tally.faults,
    held: tally.held,
    faults: tally.faults,
    requests: tally.requests,
  });
});

const changedBody = (n: number) => VALID_BODY.replace('300.5', String(1000 + n));

async function put(server: TestServer, idToken: string, body: string, etag: string | null) {
  tally.requests += 1;
  const started = performance.now();
  const response = await fetch(`${server.url}/api/transactions`, {
    method: 'PUT',
    headers: { Authorization: idToken, 'content-type': 'application/json', ...(etag ? { 'if-match': etag } : {}) },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as { message?: string },
    etag: response.headers.get('etag'),
    ms: performance.now() - started,
  };
}

describe('SQLite: another connection holds an exclusive lock on the file', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('refuses the write with a 503 after the busy timeout, stores nothing, and takes it once the lock is gone', async () => {
    server = await startTestServer();
    const { idToken } = await signIn(server.url, {
      username: 'sqlite-lock',
      password: 'sqlite-lock-secret',
      createAccount: true,
    });
    expect((await put(server, idToken, VALID_BODY, '"v0"')).status).toBe(200);
    const before = await readStoredBytes(server.url, idToken);

    tally.faults += 1;
    const locker = new Database(path.join(server.dataDir, SQLITE_FILE_NAME));
    try {
      locker.prepare('BEGIN EXCLUSIVE').run();
      const refused = await put(server, idToken, changedBody(1), before.etag);
      expect(refused.status).toBe(503);
      expect(refused.body.message).toMatch(/could not save.*nothing was saved/);
      // WAL: readers are not blocked, and they see the last acknowledged set.
      expectUnchanged(await readStoredBytes(server.url, idToken), before, 'read while locked');
    } finally {
      locker.prepare('ROLLBACK').run();
      locker.close();
    }
    expectUnchanged(await readStoredBytes(server.url, idToken), before, 'after the lock');
    const retried = await put(server, idToken, changedBody(1), before.etag);
    expect(retried.status).toBe(200);
    expect(retried.etag).toBe('"v2"');
    tally.held += 1;
  });
});

const databaseUrl = postgresUrlForTests('hardening: PostgreSQL storage faults');

describe.skipIf(!databaseUrl)('PostgreSQL: a lock past the statement timeout, and dropped connections', () => {
  let schema: TestSchema;
  let server: TestServer;
  let idToken: string;
  let admin: pg.Client;
  const applicationName = `hardening-${process.pid}`;

  afterAll(async () => {
    await server?.close();
    await admin?.end();
    await schema?.drop();
  });

  it('refuses a write stuck behind LOCK TABLE with a 503, stores nothing, and takes it once the lock is gone', async () => {
    schema = await createTestSchema(databaseUrl!);
    const url = new URL(schema.connectionString);
    url.searchParams.set('statement_timeout', '1500');
    url.searchParams.set('application_name', applicationName);
    server = await startTestServer({ DATABASE_URL: url.toString() });
    ({ idToken } = await signIn(server.url, { username: 'pg-lock', password: 'pg-lock-secret', createAccount: true }));
    expect((await put(server, idToken, VALID_BODY, '"v0"')).status).toBe(200);
    const before = await readStoredBytes(server.url, idToken);

    tally.faults += 1;
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query('BEGIN');
    await admin.query(`LOCK TABLE ${schema.name}.transaction_sets IN ACCESS EXCLUSIVE MODE`);
    try {
      const refused = await put(server, idToken, changedBody(1), before.etag);
      expect(refused.status).toBe(503);
      expect(refused.body.message).toMatch(/could not save.*nothing was saved/);
      // Bounded by the 1.5 s statement timeout (with room for a busy machine), not held until the lock goes.
      expect(refused.ms).toBeLessThan(10_000);
      // ACCESS EXCLUSIVE blocks readers too: a read fails the same clear way.
      const read = await fetch(`${server.url}/api/transactions`, { headers: { Authorization: idToken } });
      expect(read.status).toBe(503);
      expect(((await read.json()) as { message: string }).message).toMatch(/could not read/);
    } finally {
      await admin.query('ROLLBACK');
    }
    expectUnchanged(await readStoredBytes(server.url, idToken), before, 'after the lock');
    const retried = await put(server, idToken, changedBody(1), before.etag);
    expect(retried.status).toBe(200);
    expect(retried.etag).toBe('"v2"');
    tally.held += 1;
  });

  it("survives the database dropping the server's connections: the next writes go through, nothing lost", async () => {
    tally.faults += 1;
    const before = await readStoredBytes(server.url, idToken);
    const { rows } = await admin.query<{ terminated: boolean }>(
      'SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE application_name = $1',
      [applicationName],
    );
    expect(rows.length).toBeGreaterThan(0);
    // An idle pooled connection that died may fail one request (503 with a message); never more, never silently.
    let etag = before.etag;
    let acknowledged = before.bytes;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const result = await put(server, idToken, changedBody(10 + attempt), etag);
      expect([200, 503], `attempt ${attempt}: ${JSON.stringify(result.body)}`).toContain(result.status);
      const stored = await readStoredBytes(server.url, idToken);
      if (result.status === 200) {
        etag = result.etag;
        acknowledged = stored.bytes;
        expect(stored.etag).toBe(result.etag);
      } else {
        expect(result.body.message).toMatch(/could not save/);
        expect(stored.bytes.equals(acknowledged), 'a refused write changed the stored set').toBe(true);
      }
      if (attempt >= 2) expect(result.status, `attempt ${attempt}`).toBe(200);
    }
    tally.held += 1;
  });
});
