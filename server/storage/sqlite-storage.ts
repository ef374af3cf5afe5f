/**
 * SQLite storage (better-sqlite3), the default: one file, WAL journal.
 * `synchronous=FULL`: every committed write is on disk before the PUT answers, even across a power cut.
 * Writes here are rare (a user saving, a sign-in), so the extra fsync per commit costs nothing we notice,
 * while NORMAL could lose the last saved portfolio on a power cut.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { emptyTransactionSet, type TransactionSet } from '../../src/model/transaction';
import { createSqliteQuoteCache } from '../quotes/cache-sqlite';
import { MIGRATIONS_TABLE_SQL, pendingMigrations } from './migrations';
import { makePrivateDatabaseFiles, makePrivateDirectory } from './private-files';
import { oidcEntriesOfAccount, USER_DATA_TABLES, type UserDeletion } from './user-data';
import { sqliteCsvMappingStore } from './csv-mappings-sqlite';
import { REMEMBER_DELETION_SQL, sqliteDeletedAccounts, subjectDigest } from './deleted-accounts';
import { sqliteSettingsStore } from './settings-sqlite';
import { sqliteSymbolStore } from './symbols-sqlite';
import {
  accountFromRow,
  accountParams,
  oidcEntryParams,
  oidcPayloadFrom,
  providerKeyFromRow,
  providerKeyParams,
  type AccountRow,
  type ProviderKeyRow,
} from './rows';
import {
  nowSeconds,
  type AccountStore,
  type OidcPayload,
  type OidcStore,
  type ProviderKey,
  type ProviderKeyStore,
  type RetireUntil,
  type Storage,
  type TransactionStore,
} from './types';

/** The SQLite storage; its database is for tests that look into it, the server sees only `Storage`. */
export interface SqliteStorage extends Storage {
  readonly kind: 'sqlite';
  readonly db: Database.Database;
}

export function openSqliteStorage(file: string): SqliteStorage {
  makePrivateDirectory(path.dirname(file));
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
    transactions: transactionStore(db),
    accounts: accountStore(db),
    symbols: sqliteSymbolStore(db),
    settings: sqliteSettingsStore(db),
    csvMappings: sqliteCsvMappingStore(db),
    oidc: oidcStore(db),
    deleteUser: userDeletion(db),
    deletedAccounts: sqliteDeletedAccounts(db),
    providerKeys: providerKeyStore(db),
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

function transactionStore(db: Database.Database): TransactionStore {
  const select = db.prepare('SELECT version, body FROM transaction_sets WHERE user_id = ?');
  const selectVersion = db.prepare('SELECT version FROM transaction_sets WHERE user_id = ?').pluck();
  const upsert = db.prepare(`
    INSERT INTO transaction_sets (user_id, version, body, updated_at_ms) VALUES (?, ?, ?, ?)
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version, body = excluded.body,
      updated_at_ms = excluded.updated_at_ms`);
  const write = db.transaction((userId: string, body: string, expectedVersion: number | undefined) => {
    const currentVersion = (selectVersion.get(userId) as number | undefined) ?? 0;
    if (expectedVersion !== undefined && expectedVersion !== currentVersion) {
      return { ok: false as const, currentVersion };
    }
    upsert.run(userId, currentVersion + 1, body, Date.now());
    return { ok: true as const, version: currentVersion + 1 };
  });
  return {
    async get(userId) {
      const row = select.get(userId) as { version: number; body: string } | undefined;
      if (!row) return { set: emptyTransactionSet(), version: 0 };
      return { set: JSON.parse(row.body) as TransactionSet, version: row.version };
    },
    async put(userId, set, expectedVersion) {
      // IMMEDIATE takes the write lock before reading the version, so no other writer slips in between.
      return write.immediate(userId, JSON.stringify(set), expectedVersion);
    },
  };
}

function accountStore(db: Database.Database): AccountStore {
  const insert = db.prepare(`
    INSERT INTO accounts (sub, username, password_hash, created_at_ms) VALUES (?, ?, ?, ?)
    ON CONFLICT (username) DO NOTHING`);
  const byUsername = db.prepare('SELECT * FROM accounts WHERE username = ?');
  const bySub = db.prepare('SELECT * FROM accounts WHERE sub = ?');
  return {
    async create(account) {
      const { changes } = insert.run(...accountParams(account));
      return changes === 1 ? 'created' : 'taken';
    },
    async findByUsername(username) {
      return accountFromRow(byUsername.get(username) as AccountRow | undefined);
    },
    async findBySub(sub) {
      return accountFromRow(bySub.get(sub) as AccountRow | undefined);
    },
  };
}

interface OidcRow {
  payload: string;
  consumed_at: number | null;
}

function payloadFromRow(row: OidcRow | undefined): OidcPayload | undefined {
  return row && oidcPayloadFrom(JSON.parse(row.payload) as OidcPayload, row.consumed_at);
}

function oidcStore(db: Database.Database): OidcStore {
  const live = '(expires_at IS NULL OR expires_at > ?)';
  const upsert = db.prepare(`
    INSERT INTO oidc_entries (model, id, payload, grant_id, uid, user_code, expires_at, consumed_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
    ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
      uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at, consumed_at = NULL`);
  const byId = db.prepare(`SELECT payload, consumed_at FROM oidc_entries WHERE model = ? AND id = ? AND ${live}`);
  const byUid = db.prepare(`SELECT payload, consumed_at FROM oidc_entries WHERE model = ? AND uid = ? AND ${live}`);
  const byUserCode = db.prepare(
    `SELECT payload, consumed_at FROM oidc_entries WHERE model = ? AND user_code = ? AND ${live}`,
  );
  const consume = db.prepare('UPDATE oidc_entries SET consumed_at = ? WHERE model = ? AND id = ?');
  const destroy = db.prepare('DELETE FROM oidc_entries WHERE model = ? AND id = ?');
  const revoke = db.prepare('DELETE FROM oidc_entries WHERE grant_id = ?');
  const purge = db.prepare('DELETE FROM oidc_entries WHERE expires_at IS NOT NULL AND expires_at <= ?');
  return {
    async upsert(model, id, payload, expiresAtSeconds) {
      upsert.run(...oidcEntryParams(model, id, payload, expiresAtSeconds));
    },
    async find(model, id) {
      return payloadFromRow(byId.get(model, id, nowSeconds()) as OidcRow | undefined);
    },
    async findByUid(model, uid) {
      return payloadFromRow(byUid.get(model, uid, nowSeconds()) as OidcRow | undefined);
    },
    async findByUserCode(model, userCode) {
      return payloadFromRow(byUserCode.get(model, userCode, nowSeconds()) as OidcRow | undefined);
    },
    async consume(model, id) {
      consume.run(nowSeconds(), model, id);
    },
    async destroy(model, id) {
      destroy.run(model, id);
    },
    async revokeByGrantId(grantId) {
      revoke.run(grantId);
    },
    async deleteExpired() {
      return purge.run(nowSeconds()).changes;
    },
  };
}

function providerKeyStore(db: Database.Database): ProviderKeyStore {
  const select = db.prepare(
    'SELECT * FROM provider_keys WHERE verify_until_ms IS NULL OR verify_until_ms > ? ORDER BY created_at_ms DESC, id',
  );
  const currentKinds = db.prepare('SELECT DISTINCT kind FROM provider_keys WHERE retired_at_ms IS NULL').pluck();
  const insert = db.prepare('INSERT INTO provider_keys (id, kind, secret, created_at_ms) VALUES (?, ?, ?, ?)');
  const purge = db.prepare('DELETE FROM provider_keys WHERE verify_until_ms IS NOT NULL AND verify_until_ms <= ?');
  const retire = db.prepare(`
    UPDATE provider_keys SET retired_at_ms = ?, verify_until_ms = CASE kind WHEN 'signing' THEN ? ELSE ? END
    WHERE retired_at_ms IS NULL AND kind = ?`);
  const list = (nowMs: number) => (select.all(nowMs) as ProviderKeyRow[]).map(providerKeyFromRow);
  // IMMEDIATE: the write lock is taken before reading, like the advisory lock on PostgreSQL.
  const initialize = db.transaction((keys: ProviderKey[], nowMs: number) => {
    const present = new Set(currentKinds.all() as string[]);
    for (const key of keys) if (!present.has(key.kind)) insert.run(...providerKeyParams(key));
    return list(nowMs);
  });
  const rotate = db.transaction((keys: ProviderKey[], until: RetireUntil) => {
    purge.run(until.nowMs);
    for (const kind of new Set(keys.map((key) => key.kind))) {
      retire.run(until.nowMs, until.signingUntilMs, until.cookieUntilMs, kind);
    }
    for (const key of keys) insert.run(...providerKeyParams(key));
    return list(until.nowMs);
  });
  return {
    list: async (nowMs) => list(nowMs),
    initialize: async (keys, nowMs) => initialize.immediate(keys, nowMs),
    rotate: async (keys, until) => rotate.immediate(keys, until),
  };
}
