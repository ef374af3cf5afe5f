/**
 * PostgreSQL storage (`pg` Pool), used when DATABASE_URL is set. Each write is one statement, so the
 * version check and the write are one atomic step: concurrent writers can never both succeed.
 */
import pg from 'pg';
import { emptyTransactionSet, type TransactionSet } from '../../src/model/transaction';
import { createPgQuoteCache } from '../quotes/cache-pg';
import { MIGRATIONS_TABLE_SQL, pendingMigrations } from './migrations';
import { inTransaction } from './pg-transaction';
import { oidcEntriesOfAccount, USER_DATA_TABLES, type UserDeletion } from './user-data';
import { postgresCsvMappingStore } from './csv-mappings-postgres';
import { postgresDeletedAccounts, REMEMBER_DELETION_SQL, subjectDigest } from './deleted-accounts';
import { postgresSettingsStore } from './settings-postgres';
import { postgresSymbolStore } from './symbols-postgres';
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
  type PutTransactionsResult,
  type Storage,
  type TransactionStore,
} from './types';

/**
 * The longest any statement may run, ms: a write stuck behind a lock (a `LOCK TABLE`, a long migration
 * of another instance) fails with a 503 instead of holding the request forever. A `statement_timeout`
 * parameter in DATABASE_URL overrides it (pg lets the connection string win).
 */
export const STATEMENT_TIMEOUT_MS = 15_000;

/** Serialises migrations when several instances start against one database at once. */
const MIGRATION_LOCK_KEY = 7_432_001;
/** Serialises creating and rotating the provider's keys across instances. */
const PROVIDER_KEYS_LOCK_KEY = 7_432_004;

export interface PostgresOptions {
  connectionString: string;
  /** Called for errors of idle pooled connections (a restarted database), which would otherwise crash. */
  onPoolError?: (error: Error) => void;
}

/** The PostgreSQL storage; its pool is for tests that look into the database, the server sees only `Storage`. */
export interface PostgresStorage extends Storage {
  readonly kind: 'pg';
  readonly pool: pg.Pool;
}

export async function openPostgresStorage(options: PostgresOptions): Promise<PostgresStorage> {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 10, statement_timeout: STATEMENT_TIMEOUT_MS });
  pool.on('error', (error) => options.onPoolError?.(error));
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const deletedAccounts = postgresDeletedAccounts(pool);
  return {
    kind: 'pg',
    pool,
    quotes: createPgQuoteCache(pool),
    transactions: transactionStore(pool),
    accounts: accountStore(pool),
    symbols: postgresSymbolStore(pool),
    settings: postgresSettingsStore(pool),
    csvMappings: postgresCsvMappingStore(pool),
    oidc: oidcStore(pool),
    deleteUser: async (sub) => {
      const deleted = await deleteUser(pool, sub);
      deletedAccounts.deleted(sub);
      return deleted;
    },
    deletedAccounts,
    providerKeys: providerKeyStore(pool),
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/** Applies the pending migrations (and creates their table) in one transaction under a lock; tests of one store call it too. */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(MIGRATIONS_TABLE_SQL);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    for (const migration of pendingMigrations(rows.map((row) => row.version))) {
      await client.query(migration.postgres);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at_ms) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        Date.now(),
      ]);
    }
  });
}

const OIDC_ENTRIES_OF_ACCOUNT = oidcEntriesOfAccount((path) => `payload #>> '{${path.join(',')}}'`, '$1');

function deleteUser(pool: pg.Pool, sub: string): Promise<UserDeletion> {
  return inTransaction(pool, async (client) => {
    const oidc = await client.query(`DELETE FROM oidc_entries WHERE ${OIDC_ENTRIES_OF_ACCOUNT}`, [sub]);
    const deleted: UserDeletion = { oidc_entries: oidc.rowCount ?? 0 };
    for (const { table, userColumn } of USER_DATA_TABLES) {
      deleted[table] = (await client.query(`DELETE FROM ${table} WHERE ${userColumn} = $1`, [sub])).rowCount ?? 0;
    }
    await client.query(REMEMBER_DELETION_SQL.postgres, [subjectDigest(sub), Date.now()]);
    return deleted;
  });
}

function transactionStore(pool: pg.Pool): TransactionStore {
  const currentVersion = async (userId: string): Promise<number> => {
    const { rows } = await pool.query<{ version: number }>('SELECT version FROM transaction_sets WHERE user_id = $1', [
      userId,
    ]);
    return rows[0]?.version ?? 0;
  };
  return {
    async get(userId) {
      const { rows } = await pool.query<{ version: number; body: TransactionSet }>(
        'SELECT version, body FROM transaction_sets WHERE user_id = $1',
        [userId],
      );
      const row = rows[0];
      return row ? { set: row.body, version: row.version } : { set: emptyTransactionSet(), version: 0 };
    },
    async put(userId, set, expectedVersion): Promise<PutTransactionsResult> {
      const body = JSON.stringify(set);
      let result: pg.QueryResult<{ version: number }>;
      if (expectedVersion === undefined) {
        result = await pool.query(
          `INSERT INTO transaction_sets (user_id, version, body, updated_at_ms) VALUES ($1, 1, $2::jsonb, $3)
           ON CONFLICT (user_id) DO UPDATE SET version = transaction_sets.version + 1, body = excluded.body,
             updated_at_ms = excluded.updated_at_ms
           RETURNING version`,
          [userId, body, Date.now()],
        );
      } else if (expectedVersion === 0) {
        result = await pool.query(
          `INSERT INTO transaction_sets (user_id, version, body, updated_at_ms) VALUES ($1, 1, $2::jsonb, $3)
           ON CONFLICT (user_id) DO NOTHING RETURNING version`,
          [userId, body, Date.now()],
        );
      } else {
        result = await pool.query(
          `UPDATE transaction_sets SET version = version + 1, body = $2::jsonb, updated_at_ms = $4
           WHERE user_id = $1 AND version = $3 RETURNING version`,
          [userId, body, expectedVersion, Date.now()],
        );
      }
      const written = result.rows[0];
      return written ? { ok: true, version: written.version } : { ok: false, currentVersion: await currentVersion(userId) };
    },
  };
}

function accountStore(pool: pg.Pool): AccountStore {
  return {
    async create(account) {
      const { rowCount } = await pool.query(
        `INSERT INTO accounts (sub, username, password_hash, created_at_ms) VALUES ($1, $2, $3, $4)
         ON CONFLICT (username) DO NOTHING`,
        accountParams(account),
      );
      return rowCount === 1 ? 'created' : 'taken';
    },
    async findByUsername(username) {
      const { rows } = await pool.query<AccountRow>('SELECT * FROM accounts WHERE username = $1', [username]);
      return accountFromRow(rows[0]);
    },
    async findBySub(sub) {
      const { rows } = await pool.query<AccountRow>('SELECT * FROM accounts WHERE sub = $1', [sub]);
      return accountFromRow(rows[0]);
    },
  };
}

interface OidcRow {
  payload: OidcPayload;
  /** BIGINT arrives as a string. */
  consumed_at: string | null;
}

function payloadFromRows(rows: OidcRow[]): OidcPayload | undefined {
  const row = rows[0];
  return row && oidcPayloadFrom(row.payload, row.consumed_at);
}

function oidcStore(pool: pg.Pool): OidcStore {
  const live = '(expires_at IS NULL OR expires_at > $3)';
  const findBy = async (column: 'id' | 'uid' | 'user_code', model: string, value: string) => {
    const { rows } = await pool.query<OidcRow>(
      `SELECT payload, consumed_at FROM oidc_entries WHERE model = $1 AND ${column} = $2 AND ${live}`,
      [model, value, nowSeconds()],
    );
    return payloadFromRows(rows);
  };
  return {
    async upsert(model, id, payload, expiresAtSeconds) {
      await pool.query(
        `INSERT INTO oidc_entries (model, id, payload, grant_id, uid, user_code, expires_at, consumed_at)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, NULL)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
           uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at, consumed_at = NULL`,
        [...oidcEntryParams(model, id, payload, expiresAtSeconds)],
      );
    },
    find: (model, id) => findBy('id', model, id),
    findByUid: (model, uid) => findBy('uid', model, uid),
    findByUserCode: (model, userCode) => findBy('user_code', model, userCode),
    async consume(model, id) {
      await pool.query('UPDATE oidc_entries SET consumed_at = $3 WHERE model = $1 AND id = $2', [model, id, nowSeconds()]);
    },
    async destroy(model, id) {
      await pool.query('DELETE FROM oidc_entries WHERE model = $1 AND id = $2', [model, id]);
    },
    async revokeByGrantId(grantId) {
      await pool.query('DELETE FROM oidc_entries WHERE grant_id = $1', [grantId]);
    },
    async deleteExpired() {
      const { rowCount } = await pool.query(
        'DELETE FROM oidc_entries WHERE expires_at IS NOT NULL AND expires_at <= $1',
        [nowSeconds()],
      );
      return rowCount ?? 0;
    },
  };
}

function providerKeyStore(pool: pg.Pool): ProviderKeyStore {
  const list = async (db: pg.Pool | pg.PoolClient, nowMs: number): Promise<ProviderKey[]> => {
    const { rows } = await db.query<ProviderKeyRow>(
      `SELECT * FROM provider_keys WHERE verify_until_ms IS NULL OR verify_until_ms > $1
       ORDER BY created_at_ms DESC, id`,
      [nowMs],
    );
    return rows.map(providerKeyFromRow);
  };
  const insert = (client: pg.PoolClient, key: ProviderKey) =>
    client.query(
      'INSERT INTO provider_keys (id, kind, secret, created_at_ms) VALUES ($1, $2, $3, $4)',
      providerKeyParams(key),
    );
  /** One transaction holding the keys' advisory lock: instances starting or rotating together take turns. */
  const locked = (work: (client: pg.PoolClient) => Promise<void>, nowMs: number): Promise<ProviderKey[]> =>
    inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [PROVIDER_KEYS_LOCK_KEY]);
      await work(client);
      return list(client, nowMs);
    });
  return {
    list: (nowMs) => list(pool, nowMs),
    initialize: (keys, nowMs) =>
      locked(async (client) => {
        const { rows } = await client.query<{ kind: string }>(
          'SELECT DISTINCT kind FROM provider_keys WHERE retired_at_ms IS NULL',
        );
        const present = new Set(rows.map((row) => row.kind));
        for (const key of keys) if (!present.has(key.kind)) await insert(client, key);
      }, nowMs),
    rotate: (keys, retire) =>
      locked(async (client) => {
        await client.query('DELETE FROM provider_keys WHERE verify_until_ms IS NOT NULL AND verify_until_ms <= $1', [
          retire.nowMs,
        ]);
        await client.query(
          `UPDATE provider_keys SET retired_at_ms = $1,
             verify_until_ms = CASE kind WHEN 'signing' THEN $2::bigint ELSE $3::bigint END
           WHERE retired_at_ms IS NULL AND kind = ANY($4::text[])`,
          [retire.nowMs, retire.signingUntilMs, retire.cookieUntilMs, [...new Set(keys.map((key) => key.kind))]],
        );
        for (const key of keys) await insert(client, key);
      }, retire.nowMs),
  };
}
