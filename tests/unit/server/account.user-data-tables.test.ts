/**
 * The account deletion's list of tables stays complete: every table of the migrated schema, on SQLite
 * and on PostgreSQL, is either a user's data (`USER_DATA_TABLES`, with its user column) or shared
 * (`SHARED_TABLES`). A migration that adds a table without saying which fails here, with the line to add.
 * And `deleteUser` is all or nothing: a failure in its last table leaves the first ones untouched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStorage, type PostgresStorage } from '../../../server/storage/postgres-storage';
import { openSqliteStorage, type SqliteStorage } from '../../../server/storage/sqlite-storage';
import type { Storage } from '../../../server/storage/types';
import { SHARED_TABLES, USER_DATA_TABLES } from '../../../server/storage/user-data';
import { createTestSchema, postgresUrlForTests, type TestSchema } from '../../helpers/postgres-schema';

interface Backend {
  name: string;
  open(): Promise<Storage>;
  /** Table name → its column names. */
  columns(storage: Storage): Promise<Map<string, string[]>>;
  /** Makes every delete from `accounts` fail, as a broken disk or a lock would. */
  breakAccountDeletes(storage: Storage): Promise<void>;
  dispose(): Promise<void>;
}

function sqliteBackend(): Backend {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-data-tables-'));
  let opened: SqliteStorage | undefined;
  /** The database under the storage the test opened (the server never sees it). */
  const databaseOf = (storage: Storage) => {
    if (storage !== opened) throw new Error('not the SQLite storage this backend opened');
    return opened.db;
  };
  return {
    name: 'SQLite',
    open: async () => (opened = openSqliteStorage(path.join(dir, 'investments.sqlite'))),
    async columns(storage) {
      const db = databaseOf(storage);
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
      return new Map(tables.map((table) => [table, (db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string }>).map((c) => c.name)]));
    },
    async breakAccountDeletes(storage) {
      databaseOf(storage).exec(`CREATE TRIGGER accounts_refuse_delete BEFORE DELETE ON accounts
        BEGIN SELECT RAISE(ABORT, 'deletes refused for the test'); END`);
    },
    dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresBackend(databaseUrl: string): Backend {
  let schema: TestSchema | undefined;
  let opened: PostgresStorage | undefined;
  /** The pool under the storage the test opened (the server never sees it). */
  const poolOf = (storage: Storage) => {
    if (storage !== opened) throw new Error('not the PostgreSQL storage this backend opened');
    return opened.pool;
  };
  return {
    name: 'PostgreSQL',
    async open() {
      schema ??= await createTestSchema(databaseUrl);
      return (opened = await openPostgresStorage({ connectionString: schema.connectionString }));
    },
    async columns(storage) {
      const { rows } = await poolOf(storage).query<{ table_name: string; column_name: string }>(
        'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1',
        [schema!.name],
      );
      const columns = new Map<string, string[]>();
      for (const row of rows) columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
      return columns;
    },
    async breakAccountDeletes(storage) {
      await poolOf(storage).query(`
        CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN RAISE EXCEPTION 'deletes refused for the test'; END $$;
        CREATE TRIGGER accounts_refuse_delete BEFORE DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION refuse_delete();`);
    },
    dispose: async () => schema?.drop(),
  };
}

const postgresUrl = postgresUrlForTests('user data tables on PostgreSQL');
const backends: Backend[] = [sqliteBackend(), ...(postgresUrl ? [postgresBackend(postgresUrl)] : [])];

describe.each(backends)('the tables of a user on $name', (backend) => {
  let storage: Storage;

  beforeAll(async () => {
    storage = await backend.open();
  });
  afterAll(async () => {
    await storage.close();
    await backend.dispose();
  });

  it('every table is either user data or shared', async () => {
    const listed = new Set([...USER_DATA_TABLES.map((t) => t.table), ...SHARED_TABLES]);
    const unlisted = [...(await backend.columns(storage)).keys()].filter((table) => !listed.has(table));
    expect(
      unlisted,
      `Add each to server/storage/user-data.ts: USER_DATA_TABLES ({ table, userColumn }) when it keeps a user's rows, else SHARED_TABLES`,
    ).toEqual([]);
  });

  it("every user-data table exists and has its user column", async () => {
    const columns = await backend.columns(storage);
    for (const { table, userColumn } of USER_DATA_TABLES) expect(columns.get(table), table).toContain(userColumn);
  });

  it('deletes all or nothing: a refused delete in accounts keeps the transactions too', async () => {
    const sub = 'all-or-nothing';
    const set = { stock: [{ ticker: 'AAPL', type: 'stock' as const, date: '2020-01-02', amount: 1, value: 75, currency: 'EUR' as const }], dividend: [], commission: [] };
    await storage.transactions.put(sub, set);
    await storage.accounts.create({ sub, username: 'all-or-nothing', passwordHash: 'scrypt$x', createdAtMs: 1 });
    await storage.oidc.upsert('Session', 'session-1', { accountId: sub }, undefined);
    await backend.breakAccountDeletes(storage);
    await expect(storage.deleteUser(sub)).rejects.toThrow(/deletes refused for the test/);
    expect((await storage.transactions.get(sub)).set).toEqual(set);
    expect(await storage.accounts.findBySub(sub)).toBeDefined();
    expect(await storage.oidc.find('Session', 'session-1')).toEqual({ accountId: sub });
  });
});
