/**
 * The whole server on PostgreSQL (DATABASE_URL, a fresh schema): sign-in sessions, accounts and
 * transactions all live in the database. Skipped with a notice without DATABASE_URL, except under CI.
 */
import { FIRST_ACCOUNT } from '#src/model/cash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { signIn } from '#helpers/oidc-login';
import { createTestSchema, postgresUrlForTests, type TestSchema } from '#helpers/postgres-schema';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { stock, transactionsClient, transactionSet } from '#helpers/transactions-client';

const databaseUrl = postgresUrlForTests('whole server on PostgreSQL');

describe.skipIf(!databaseUrl)('a server with DATABASE_URL', () => {
  let schema: TestSchema;
  let server: TestServer;

  beforeAll(async () => {
    schema = await createTestSchema(databaseUrl!);
    server = await startTestServer({ DATABASE_URL: schema.connectionString });
  });
  afterAll(async () => {
    await server?.close();
    await schema?.drop();
  });

  it('signs in, saves and reads back, with everything stored in PostgreSQL', async () => {
    const { idToken, sub } = await signIn(server.url, {
      username: 'pg-user',
      password: 'pg-secret',
      createAccount: true,
    });
    const api = transactionsClient(server.url, idToken);
    const set = transactionSet({ stock: [stock('VWCE.DE', '2022-01-03', 2, 200)] });
    expect((await api.put({ transactions: set }, { ifMatch: '"v0"' })).etag).toBe('"v1"');
    expect((await api.get()).body).toEqual({ transactions: { ...set, cash: [] }, accounts: [FIRST_ACCOUNT] });
    expect((await api.put({ transactions: set }, { ifMatch: '"v0"' })).status).toBe(412);

    const client = new pg.Client({ connectionString: schema.connectionString });
    await client.connect();
    try {
      const stored = await client.query('SELECT version, body FROM transaction_sets WHERE user_id = $1', [sub]);
      // The body keeps the set, its cash and the accounts side by side (server/storage/transaction-body.ts).
      expect(stored.rows).toEqual([{ version: 1, body: { ...set, cash: [], accounts: [FIRST_ACCOUNT] } }]);
      const accounts = await client.query('SELECT username FROM accounts ORDER BY username');
      expect(accounts.rows.map((row) => row.username)).toEqual(['demo', 'pg-user']);
      const sessions = await client.query("SELECT count(*)::int AS n FROM oidc_entries WHERE model = 'Session'");
      expect(sessions.rows[0].n).toBeGreaterThanOrEqual(1);
    } finally {
      await client.end();
    }
  });
});
