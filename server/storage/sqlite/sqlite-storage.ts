/**
 * SQLite storage (better-sqlite3), the default: one file, WAL journal.
 * `synchronous=FULL`: every committed write is on disk before the PUT answers, even across a power cut.
 * Writes here are rare (a user saving, a sign-in), so the extra fsync per commit costs nothing we notice,
 * while NORMAL could lose the last saved portfolio on a power cut.
 * This file opens the database, applies the migrations, deletes a user across tables and assembles the
 * stores: one file per table beside it (`transaction-sets.ts`, `accounts.ts`, `oidc-entries.ts`, …).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS_TABLE_SQL, pendingMigrations } from '../migrations';
import { makePrivateDatabaseFiles, makePrivateDirectory, requireWritable } from '../private-files';
import type { Storage } from '../types';
import { REMEMBER_DELETION_SQL, subjectDigest } from '../deleted-accounts';
import { oidcEntriesOfAccount, USER_DATA_TABLES, type UserDeletion } from '../user-data';
import { sqliteAccountStore } from './accounts';
import { sqliteCsvMappingStore } from './csv-mappings';
import { sqliteDeletedAccounts } from './deleted-accounts';
import { sqliteOidcStore } from './oidc-entries';
import { sqliteProviderKeyStore } from './provider-keys';
import { createSqliteQuoteCache } from './quote-cache';
import { sqliteSymbolStore } from './symbols';
import { sqliteTransactionStore } from './transaction-sets';
import { sqliteSettingsStore } from './user-settings';
import { sqliteUpstreamLimits } from './upstream-limits';

/** The SQLite storage; its database is for tests that look into it, the server sees only `Storage`. */
export interface SqliteStorage extends Storage {
  readonly kind: 'sqlite';
  readonly db: Database.Database;
}

export function openSqliteStorage(file: string): SqliteStorage {
  makePrivateDirectory(path.dirname(file));
  requireWritable(path.dirname(file), file);
  makePrivateDatabaseFiles(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrateSqlite(db);
  return {
    kind: 'sqlite',
    db,
    quotes: createSqliteQuoteCache(db),
    transactions: sqliteTransactionStore(db),
    accounts: sqliteAccountStore(db),
    symbols: sqliteSymbolStore(db),
    settings: sqliteSettingsStore(db),
    csvMappings: sqliteCsvMappingStore(db),
    oidc: sqliteOidcStore(db),
    deleteUser: userDeletion(db),
    deletedAccounts: sqliteDeletedAccounts(db),
    providerKeys: sqliteProviderKeyStore(db),
    upstreamLimits: sqliteUpstreamLimits(db),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      db.close();
    },
  };
}

/** Applies the pending migrations, each in its own transaction; tests of one store call it too. */
export function migrateSqlite(db: Database.Database): void {
  db.exec(MIGRATIONS_TABLE_SQL);
  const applied = db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[];
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at_ms) VALUES (?, ?, ?)');
  for (const migration of pendingMigrations(applied)) {
    db.transaction(() => {
      db.exec(migration.sqlite);
      record.run(migration.version, migration.name, Date.now());
    }).immediate();
  }
}

function userDeletion(db: Database.Database): (sub: string) => Promise<UserDeletion> {
  const json = (path: readonly string[]) => `json_extract(payload, '$.${path.join('.')}')`;
  const oidcEntries = db.prepare(`DELETE FROM oidc_entries WHERE ${oidcEntriesOfAccount(json, '@sub')}`);
  const tables = USER_DATA_TABLES.map(({ table, userColumn }) => ({
    table,
    statement: db.prepare(`DELETE FROM ${table} WHERE ${userColumn} = ?`),
  }));
  const rememberDeletion = db.prepare(REMEMBER_DELETION_SQL.sqlite);
  const deleteAll = db.transaction((sub: string) => {
    const deleted: UserDeletion = { oidc_entries: oidcEntries.run({ sub }).changes };
    for (const { table, statement } of tables) deleted[table] = statement.run(sub).changes;
    rememberDeletion.run(subjectDigest(sub), Date.now());
    return deleted;
  });
  return async (sub) => deleteAll.immediate(sub);
}
