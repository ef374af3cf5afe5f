/**
 * Migration 10 (issue 33): a transaction set stored before accounts existed gets its one account, on a
 * real SQLite file and a real PostgreSQL schema. The database is built as a server before migration 10
 * left it (migrations 1 to 9 applied, a set written as that server wrote it: its lists alone); opening the
 * storage applies migration 10; the set reads back with its lists unchanged, the one first account beside
 * them and the same version, and a set that already had accounts keeps its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT } from '#src/model/cash';
import type { TransactionSet } from '#src/model/transaction';
import { MIGRATIONS, MIGRATIONS_TABLE_SQL } from '#server/storage/migrations';
import { openPostgresStorage } from '#server/storage/postgres/postgres-storage';
import { openSqliteStorage } from '#server/storage/sqlite/sqlite-storage';
import { createTestSchema, postgresUrlForTests, type TestSchema } from '#helpers/postgres-schema';

const before: TransactionSet = {
  stock: [
    {
      ticker: 'VWCE.DE',
      type: 'stock',
      date: '2021-03-01',
      amount: 10,
      value: 950.5,
      currency: 'EUR',
      importId: 'degiro:abc',
    },
  ],
  dividend: [
    { ticker: 'AAPL', type: 'dividend', date: '2021-05-13', amount: 1, value: 1.64, currency: 'USD', tax: 0.29 },
  ],
  commission: [{ ticker: 'VWCE.DE', type: 'commission', date: '2021-03-01', amount: 1, value: 2, currency: 'EUR' }],
};
const ownAccounts = [{ id: 'acc-pension', name: 'Pension' }];
const BEFORE_10 = MIGRATIONS.filter((m) => m.version < 10);

describe('migration 10 on a real SQLite file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-10-'));
  const file = path.join(dir, 'investments.sqlite');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives a set stored before it the one first account, and leaves its rows, its version and a set with accounts alone', async () => {
    const db = new Database(file);
    db.exec(MIGRATIONS_TABLE_SQL);
    for (const m of BEFORE_10) {
      db.exec(m.sqlite);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at_ms) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        1,
      );
    }
    const insert = db.prepare(
      'INSERT INTO transaction_sets (user_id, version, body, updated_at_ms) VALUES (?, ?, ?, ?)',
    );
    insert.run('old-user', 7, JSON.stringify(before), 1);
    insert.run('has-accounts', 2, JSON.stringify({ ...before, accounts: ownAccounts }), 1);
    db.close();

    const storage = openSqliteStorage(file);
    try {
      expect(await storage.transactions.get('old-user')).toEqual({
        set: before,
        version: 7,
        accounts: [FIRST_ACCOUNT],
      });
      expect(await storage.transactions.get('has-accounts')).toEqual({
        set: before,
        version: 2,
        accounts: ownAccounts,
      });
    } finally {
      await storage.close();
    }
    const reopened = new Database(file, { readonly: true });
    expect(reopened.prepare('SELECT version FROM schema_migrations WHERE version = 10').pluck().get()).toBe(10);
    reopened.close();
    // Opening again applies nothing more and changes nothing.
    const again = openSqliteStorage(file);
    expect(await again.transactions.get('old-user')).toEqual({ set: before, version: 7, accounts: [FIRST_ACCOUNT] });
    await again.close();
  });
});

const postgresUrl = postgresUrlForTests('migration 10 on PostgreSQL');
describe.skipIf(!postgresUrl)('migration 10 on a real PostgreSQL schema', () => {
  let schema: TestSchema | undefined;
  afterAll(async () => schema?.drop());

  it('gives a set stored before it the one first account, and leaves its rows, its version and a set with accounts alone', async () => {
    schema = await createTestSchema(postgresUrl!);
    const client = new pg.Client({ connectionString: schema.connectionString });
    await client.connect();
    try {
      await client.query(MIGRATIONS_TABLE_SQL);
      for (const m of BEFORE_10) {
        await client.query(m.postgres);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at_ms) VALUES ($1, $2, $3)', [
          m.version,
          m.name,
          1,
        ]);
      }
      const insert =
        'INSERT INTO transaction_sets (user_id, version, body, updated_at_ms) VALUES ($1, $2, $3::jsonb, $4)';
      await client.query(insert, ['old-user', 7, JSON.stringify(before), 1]);
      await client.query(insert, ['has-accounts', 2, JSON.stringify({ ...before, accounts: ownAccounts }), 1]);
    } finally {
      await client.end();
    }
    const storage = await openPostgresStorage({ connectionString: schema.connectionString });
    try {
      expect(await storage.transactions.get('old-user')).toEqual({
        set: before,
        version: 7,
        accounts: [FIRST_ACCOUNT],
      });
      expect(await storage.transactions.get('has-accounts')).toEqual({
        set: before,
        version: 2,
        accounts: ownAccounts,
      });
    } finally {
      await storage.close();
    }
    const again = await openPostgresStorage({ connectionString: schema.connectionString });
    expect(await again.transactions.get('old-user')).toEqual({ set: before, version: 7, accounts: [FIRST_ACCOUNT] });
    await again.close();
  });
});
