/**
 * The account deletion's list of tables stays complete: every table of the migrated schema, on SQLite
 * and on PostgreSQL, is either a user's data (`USER_DATA_TABLES`, with its user column) or shared
 * (`SHARED_TABLES`). A migration that adds a table without saying which fails here, with the line to add.
 * And `deleteUser` is all or nothing: a failure in its last table leaves the first ones untouched.
 */
import { describe, expect, it } from 'vitest';
import { SHARED_TABLES, USER_DATA_TABLES } from '#server/storage/user-data';
import { openForTheSuite, storageBackends, type OpenedStorage } from '#helpers/storage-backends';

/** Table name → its column names. */
async function columnsOf(storage: OpenedStorage): Promise<Map<string, string[]>> {
  if (storage.kind === 'sqlite') {
    const { db } = storage;
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    return new Map(
      tables.map((table) => [
        table,
        (db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string }>).map((c) => c.name),
      ]),
    );
  }
  // The test's schema is the first of the connection's search path.
  const { rows } = await storage.pool.query<{ table_name: string; column_name: string }>(
    'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()',
  );
  const columns = new Map<string, string[]>();
  for (const row of rows) columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  return columns;
}

/** Makes every delete from `accounts` fail, as a broken disk or a lock would. */
async function breakAccountDeletes(storage: OpenedStorage): Promise<void> {
  if (storage.kind === 'sqlite') {
    storage.db.exec(`CREATE TRIGGER accounts_refuse_delete BEFORE DELETE ON accounts
      BEGIN SELECT RAISE(ABORT, 'deletes refused for the test'); END`);
  } else {
    await storage.pool.query(`
      CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'deletes refused for the test'; END $$;
      CREATE TRIGGER accounts_refuse_delete BEFORE DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION refuse_delete();`);
  }
}

describe.each(storageBackends('user data tables on PostgreSQL'))('the tables of a user on $name', (backend) => {
  let storage: OpenedStorage;
  openForTheSuite(backend, (opened) => (storage = opened));

  it('every table is either user data or shared', async () => {
    const listed = new Set([...USER_DATA_TABLES.map((t) => t.table), ...SHARED_TABLES]);
    const unlisted = [...(await columnsOf(storage)).keys()].filter((table) => !listed.has(table));
    expect(
      unlisted,
      `Add each to server/storage/user-data.ts: USER_DATA_TABLES ({ table, userColumn }) when it keeps a user's rows, else SHARED_TABLES`,
    ).toEqual([]);
  });

  it('every user-data table exists and has its user column', async () => {
    const columns = await columnsOf(storage);
    for (const { table, userColumn } of USER_DATA_TABLES) expect(columns.get(table), table).toContain(userColumn);
  });

  it('deletes all or nothing: a refused delete in accounts keeps the transactions too', async () => {
    const sub = 'all-or-nothing';
    const set = {
      stock: [
        { ticker: 'AAPL', type: 'stock' as const, date: '2020-01-02', amount: 1, value: 75, currency: 'EUR' as const },
      ],
      dividend: [],
      commission: [],
    };
    await storage.transactions.put(sub, set);
    await storage.accounts.create({ sub, username: 'all-or-nothing', passwordHash: 'scrypt$x', createdAtMs: 1 });
    await storage.oidc.upsert('Session', 'session-1', { accountId: sub }, undefined);
    await breakAccountDeletes(storage);
    await expect(storage.deleteUser(sub)).rejects.toThrow(/deletes refused for the test/);
    expect((await storage.transactions.get(sub)).set).toEqual(set);
    expect(await storage.accounts.findBySub(sub)).toBeDefined();
    expect(await storage.oidc.find('Session', 'session-1')).toEqual({ accountId: sub });
  });
});
