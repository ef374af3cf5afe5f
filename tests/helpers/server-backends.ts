/**
 * The real server on each database, for tests that read back what it stored: SQLite (the file in the
 * server's DATA_DIR) and PostgreSQL (a fresh schema of DATABASE_URL, dropped after; skipped with a printed
 * notice without DATABASE_URL, an error under CI).
 *
 *   for (const backend of serverBackends('settings on PostgreSQL')) {
 *     describe(`/api/settings on ${backend.name}`, () => {
 *       beforeAll(async () => { server = await backend.start(); });
 *       afterAll(() => backend.stop());
 *       … await backend.query<{ user_id: string; body: unknown }>('SELECT user_id, body FROM user_settings') …
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { SQLITE_FILE_NAME } from '#server/storage/open-storage';
import { signIn, type SignedIn } from './oidc-login';
import { createTestSchema, postgresUrlForTests, type TestSchema } from './postgres-schema';
import { startTestServer, type TestServer } from './test-server';

export interface ServerBackend {
  name: 'SQLite' | 'PostgreSQL';
  /** Starts the server on this database (once per backend); `env`: more of the server's variables. */
  start(env?: Record<string, string>): Promise<TestServer>;
  /** The rows a read-only query finds in the server's database, as the database's driver gives them. */
  query<Row>(sql: string): Promise<Row[]>;
  /** A JSON column's value as data: SQLite gives the text, PostgreSQL's `jsonb` the parsed value. */
  json(value: unknown): unknown;
  /** Every row of every table, each as text (JSON), keyed by table. */
  allRows(): Promise<Record<string, string[]>>;
  /** Stops the server and removes its database. */
  stop(): Promise<void>;
}

/** SQLite always; PostgreSQL too when DATABASE_URL is set (`suite` names the skipped run in the notice). */
export function serverBackends(suite: string): ServerBackend[] {
  const postgresUrl = postgresUrlForTests(suite);
  return [sqliteServer(), ...(postgresUrl ? [postgresBackend(postgresUrl)] : [])];
}

/**
 * Starts the backend's server before the suite's tests, with a new account signed in per name in
 * `usernames` (password `<name>-secret!`), and stops it after them; `use` gets the server and the users
 * by name (and may set up more before the tests run).
 */
export function serverForTheSuite<const Name extends string>(
  backend: ServerBackend,
  usernames: readonly Name[],
  use: (server: TestServer, users: Record<Name, SignedIn>) => void | Promise<void>,
): void {
  beforeAll(async () => {
    const server = await backend.start();
    const users = await Promise.all(
      usernames.map((username) =>
        signIn(server.url, { username, password: `${username}-secret!`, createAccount: true }),
      ),
    );
    await use(
      server,
      Object.fromEntries(usernames.map((username, i) => [username, users[i]!])) as Record<Name, SignedIn>,
    );
  }, 60_000);
  afterAll(() => backend.stop());
}

/** The real server on SQLite alone (the test server's default). */
export function sqliteServer(): ServerBackend {
  let server: TestServer | undefined;
  const read = <T>(work: (db: Database.Database) => T): T => {
    if (!server) throw new Error('the SQLite test server has not started');
    const db = new Database(path.join(server.dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    name: 'SQLite',
    start: async (env = {}) => (server = await startTestServer(env)),
    query: async <Row>(sql: string) => read((db) => db.prepare(sql).all() as Row[]),
    json: (value) => JSON.parse(value as string) as unknown,
    allRows: async () =>
      read((db) => {
        const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
        return Object.fromEntries(
          tables.map((table) => [
            table,
            db
              .prepare(`SELECT * FROM "${table}"`)
              .all()
              .map((row) => JSON.stringify(row)),
          ]),
        );
      }),
    stop: async () => void (await server?.close()),
  };
}

function postgresBackend(databaseUrl: string): ServerBackend {
  let server: TestServer | undefined;
  let schema: TestSchema | undefined;
  const read = async <T>(work: (client: pg.Client, schemaName: string) => Promise<T>): Promise<T> => {
    if (!schema) throw new Error('the PostgreSQL test server has not started');
    const client = new pg.Client({ connectionString: schema.connectionString });
    await client.connect();
    try {
      return await work(client, schema.name);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'PostgreSQL',
    async start(env = {}) {
      schema = await createTestSchema(databaseUrl);
      return (server = await startTestServer({ ...env, DATABASE_URL: schema.connectionString }));
    },
    query: <Row>(sql: string) => read(async (client) => (await client.query(sql)).rows as Row[]),
    json: (value) => value,
    allRows: () =>
      read(async (client, schemaName) => {
        const { rows: tables } = await client.query<{ name: string }>(
          'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1',
          [schemaName],
        );
        const all: Record<string, string[]> = {};
        for (const { name } of tables) {
          const { rows } = await client.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${name}" t`);
          all[name] = rows.map((r) => r.row);
        }
        return all;
      }),
    async stop() {
      await server?.close();
      await schema?.drop();
    },
  };
}
