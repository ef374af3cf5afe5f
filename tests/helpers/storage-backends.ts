/**
 * The storages a contract test runs on, opened directly (no server): SQLite in a file of a fresh temporary
 * directory, and PostgreSQL in a fresh schema of DATABASE_URL (skipped with a printed notice without it,
 * an error under CI). Each `open()` opens the same database again (migrations must be idempotent); the
 * storage's `kind` tells `db` (SQLite) from `pool` (PostgreSQL) for a test that looks underneath.
 *
 *   describe.each(storageBackends('storage contract'))('… on $name', (backend) => {
 *     let storage: OpenedStorage;
 *     openForTheSuite(backend, (opened) => (storage = opened));
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openPostgresStorage, type PostgresStorage } from '#server/storage/postgres/postgres-storage';
import { openSqliteStorage, type SqliteStorage } from '#server/storage/sqlite/sqlite-storage';
import { createTestSchema, postgresUrlForTests, type TestSchema } from './postgres-schema';

export type OpenedStorage = SqliteStorage | PostgresStorage;

export interface StorageBackend {
  name: 'SQLite' | 'PostgreSQL';
  kind: OpenedStorage['kind'];
  /** Opens (again) the same database. */
  open(): Promise<OpenedStorage>;
  /** Removes the database (file or schema); the storages opened must be closed first. */
  dispose(): Promise<void>;
}

/** SQLite always; PostgreSQL too when DATABASE_URL is set (`suite` names the skipped run in the notice). */
export function storageBackends(suite: string): StorageBackend[] {
  const postgresUrl = postgresUrlForTests(suite);
  return [sqliteBackend(), ...(postgresUrl ? [postgresBackend(postgresUrl)] : [])];
}

/** Opens the backend's storage before the suite's tests (`use` gets it), closes it and removes the database after them. */
export function openForTheSuite(backend: StorageBackend, use: (storage: OpenedStorage) => void): void {
  let opened: OpenedStorage | undefined;
  beforeAll(async () => {
    opened = await backend.open();
    use(opened);
  });
  afterAll(async () => {
    await opened?.close();
    await backend.dispose();
  });
}

function sqliteBackend(): StorageBackend {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-backend-'));
  return {
    name: 'SQLite',
    kind: 'sqlite',
    open: async () => openSqliteStorage(path.join(dir, 'investments.sqlite')),
    dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresBackend(databaseUrl: string): StorageBackend {
  let schema: TestSchema | undefined;
  return {
    name: 'PostgreSQL',
    kind: 'pg',
    async open() {
      schema ??= await createTestSchema(databaseUrl);
      return openPostgresStorage({ connectionString: schema.connectionString });
    },
    dispose: async () => schema?.drop(),
  };
}
