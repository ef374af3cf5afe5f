/**
 * PostgreSQL storage (`pg` Pool), used when DATABASE_URL is set. This file opens the pool, applies the
 * migrations under a lock, deletes a user across tables and assembles the stores: one file per table
 * beside it (`transaction-sets.ts`, `accounts.ts`, `oidc-entries.ts`, …).
 */
import pg from 'pg';
import { MIGRATIONS_TABLE_SQL, pendingMigrations } from '../migrations';
import type { Storage } from '../types';
import { REMEMBER_DELETION_SQL, subjectDigest } from '../deleted-accounts';
import { oidcEntriesOfAccount, USER_DATA_TABLES, type UserDeletion } from '../user-data';
import { postgresAccountStore } from './accounts';
import { postgresCsvMappingStore } from './csv-mappings';
import { postgresDeletedAccounts } from './deleted-accounts';
import { postgresOidcStore } from './oidc-entries';
import { inTransaction } from './pg-transaction';
import { postgresProviderKeyStore } from './provider-keys';
import { createPgQuoteCache } from './quote-cache';
import { postgresSymbolStore } from './symbols';
import { postgresTransactionStore } from './transaction-sets';
import { postgresSettingsStore } from './user-settings';
import { postgresUpstreamLimits } from './upstream-limits';

/**
 * The longest any statement may run, ms: a write stuck behind a lock (a `LOCK TABLE`, a long migration
 * of another instance) fails with a 503 instead of holding the request forever. A `statement_timeout`
 * parameter in DATABASE_URL overrides it (pg lets the connection string win).
 */
export const STATEMENT_TIMEOUT_MS = 15_000;

/**
 * The longest a request waits for a new connection, ms: a database host gone silent (a failover, a cut
 * network) accepts nothing and refuses nothing, and without this limit pg waits for the operating
 * system's connect timeout (minutes). Short enough that the request still answers 503 within 5 s.
 */
export const CONNECT_TIMEOUT_MS = 3_000;

/** Serialises migrations when several instances start against one database at once. */
const MIGRATION_LOCK_KEY = 7_432_001;

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
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: 10,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keep-alive finds a connection whose host went silent while idle, so the pool drops it.
    keepAlive: true,
  });
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
    transactions: postgresTransactionStore(pool),
    accounts: postgresAccountStore(pool),
    symbols: postgresSymbolStore(pool),
    settings: postgresSettingsStore(pool),
    csvMappings: postgresCsvMappingStore(pool),
    oidc: postgresOidcStore(pool),
    deleteUser: async (sub) => {
      const deleted = await deleteUser(pool, sub);
      deletedAccounts.deleted(sub);
      return deleted;
    },
    deletedAccounts,
    providerKeys: postgresProviderKeyStore(pool),
    upstreamLimits: postgresUpstreamLimits(pool),
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
