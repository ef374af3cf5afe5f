/**
 * Versioned schema migrations, applied in order at start and recorded in `schema_migrations`.
 * Append new versions; never edit one that has shipped.
 */
import { DELETED_ACCOUNTS_SQL } from './deleted-accounts';
import { UPSTREAM_LIMITS_SQL } from './upstream-limits';
import { FIRST_ACCOUNT } from '../../src/model/cash';

export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

/** Version 1 in either dialect: only the JSON column type differs (SQLite stores the text). */
function schemaV1(json: 'TEXT' | 'JSONB'): string {
  return `
    CREATE TABLE transaction_sets (
      user_id TEXT PRIMARY KEY,
      version INTEGER NOT NULL,
      body ${json} NOT NULL,
      updated_at_ms BIGINT NOT NULL
    );
    CREATE TABLE accounts (
      sub TEXT PRIMARY KEY,
      username TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,
      created_at_ms BIGINT NOT NULL
    );
    CREATE TABLE oidc_entries (
      model TEXT NOT NULL,
      id TEXT NOT NULL,
      payload ${json} NOT NULL,
      grant_id TEXT,
      uid TEXT,
      user_code TEXT,
      expires_at BIGINT,
      consumed_at BIGINT,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX oidc_entries_grant_id ON oidc_entries (grant_id);
    CREATE INDEX oidc_entries_uid ON oidc_entries (model, uid);
    CREATE INDEX oidc_entries_user_code ON oidc_entries (model, user_code);
    CREATE INDEX oidc_entries_expires_at ON oidc_entries (expires_at);
  `;
}

/**
 * Version 2 (issue 16): the quotes cache (server/storage/quote-cache.ts), per symbol and exchange day.
 * `IF NOT EXISTS`: servers before this version created these tables themselves, with this same shape.
 */
function schemaV2(types: { bigint: string; real: string; tableSuffix: string }): string {
  const { bigint, real, tableSuffix } = types;
  return `
    CREATE TABLE IF NOT EXISTS quote_cache_series (
      symbol TEXT PRIMARY KEY, meta_json TEXT NOT NULL,
      covered_start ${bigint} NOT NULL, covered_end ${bigint} NOT NULL, fetched_at ${bigint} NOT NULL);
    CREATE TABLE IF NOT EXISTS quote_cache_bars (
      symbol TEXT NOT NULL, epoch_day INTEGER NOT NULL, ts ${bigint} NOT NULL,
      open ${real}, high ${real}, low ${real}, close ${real}, volume ${real},
      PRIMARY KEY (symbol, epoch_day))${tableSuffix};
    CREATE TABLE IF NOT EXISTS quote_cache_events (
      symbol TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('dividend', 'split')),
      epoch_day INTEGER NOT NULL, ts ${bigint} NOT NULL, amount ${real}, numerator ${real}, denominator ${real},
      PRIMARY KEY (symbol, kind, epoch_day))${tableSuffix};
  `;
}

/** Version 3 (issue 13): each user's own ISIN → symbol choices, and the shared cache of symbol lookups. */
function schemaV3(json: 'TEXT' | 'JSONB'): string {
  return `
    CREATE TABLE symbol_choices (
      user_id TEXT NOT NULL,
      isin TEXT NOT NULL,
      symbol TEXT NOT NULL,
      updated_at_ms BIGINT NOT NULL,
      PRIMARY KEY (user_id, isin)
    );
    CREATE TABLE symbol_lookups (
      isin TEXT PRIMARY KEY,
      candidates ${json} NOT NULL,
      fetched_at_ms BIGINT NOT NULL
    );
  `;
}

/**
 * Version 4 (issue 18): the built-in provider's signing and cookie keys, shared by every instance on the
 * database. A key without `retired_at_ms` is current; a retired one still verifies until `verify_until_ms`.
 */
const PROVIDER_KEYS_SQL = `
  CREATE TABLE provider_keys (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('signing', 'cookie')),
    secret TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL,
    retired_at_ms BIGINT,
    verify_until_ms BIGINT
  );
  CREATE INDEX provider_keys_kind ON provider_keys (kind, created_at_ms);
`;

/**
 * Version 6 (issue 14): each user's settings (the benchmark, …) as one JSON object, so a new setting
 * needs no migration: rows without it read as its default (`src/model/settings.ts`).
 */
function schemaV6(json: 'TEXT' | 'JSONB'): string {
  return `
    CREATE TABLE user_settings (
      user_id TEXT PRIMARY KEY,
      body ${json} NOT NULL,
      updated_at_ms BIGINT NOT NULL
    );
  `;
}

/**
 * Version 7 (issue 17): the column mapping of another broker's CSV, per user and file header (the header's
 * cells, trimmed, lower case: `headerKey` in src/model/csv-mapping.ts), so the same file's mapping is
 * proposed filled in next time. At most MAX_REMEMBERED_MAPPINGS rows per user (the store forgets the oldest).
 */
function schemaV7(json: 'TEXT' | 'JSONB'): string {
  return `
    CREATE TABLE csv_mappings (
      user_id TEXT NOT NULL,
      header_key TEXT NOT NULL,
      mapping ${json} NOT NULL,
      updated_at_ms BIGINT NOT NULL,
      PRIMARY KEY (user_id, header_key)
    );
  `;
}

/**
 * Version 8 (issue 20): symbols Yahoo does not know (it answered 404), remembered until `until_ms`, so
 * that a made-up symbol reaches Yahoo once per while, whichever user or instance asks
 * (server/quotes/unknown-symbols.ts).
 */
const UNKNOWN_SYMBOLS_SQL = `
  CREATE TABLE quote_unknown_symbols (
    symbol TEXT PRIMARY KEY,
    reason TEXT NOT NULL,
    until_ms BIGINT NOT NULL
  );
  CREATE INDEX quote_unknown_symbols_until ON quote_unknown_symbols (until_ms);
`;

/**
 * Version 10 (issue 33): every transaction set stored before accounts existed gets its one account
 * (`FIRST_ACCOUNT`), beside its lists in the same JSON body; its rows keep no `account` field, which
 * means the first account. The version (ETag) stays: what a client holds still means the same.
 */
const FIRST_ACCOUNTS_JSON = JSON.stringify([FIRST_ACCOUNT]).replaceAll("'", "''");
const FIRST_ACCOUNT_SQLITE = `
  UPDATE transaction_sets SET body = json_set(body, '$.accounts', json('${FIRST_ACCOUNTS_JSON}'))
  WHERE json_type(body, '$.accounts') IS NULL`;
const FIRST_ACCOUNT_POSTGRES = `
  UPDATE transaction_sets SET body = jsonb_set(body, '{accounts}', '${FIRST_ACCOUNTS_JSON}'::jsonb)
  WHERE NOT (body ? 'accounts')`;

/** In order of version; a version may be missing (each issue was given its number ahead of time). */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'transaction sets, accounts, OpenID provider entries',
    sqlite: schemaV1('TEXT'),
    postgres: schemaV1('JSONB'),
  },
  {
    version: 2,
    name: 'quotes cache: series, bars, events',
    sqlite: schemaV2({ bigint: 'INTEGER', real: 'REAL', tableSuffix: ' WITHOUT ROWID' }),
    postgres: schemaV2({ bigint: 'BIGINT', real: 'DOUBLE PRECISION', tableSuffix: '' }),
  },
  {
    version: 3,
    name: 'symbol choices per user, symbol lookup cache',
    sqlite: schemaV3('TEXT'),
    postgres: schemaV3('JSONB'),
  },
  {
    version: 4,
    name: 'provider signing and cookie keys in the database',
    sqlite: PROVIDER_KEYS_SQL,
    postgres: PROVIDER_KEYS_SQL,
  },
  {
    // Issue 20: entries are now kept under the SHA-256 of their id (server/oidc/storage-adapter.ts).
    // The ones stored before hold usable tokens in plain text: they go (everyone signs in once more).
    version: 5,
    name: 'OpenID provider entries stored under hashed ids: drop the ones stored in plain text',
    sqlite: `DELETE FROM oidc_entries WHERE model <> 'Grant'`,
    postgres: `DELETE FROM oidc_entries WHERE model <> 'Grant'`,
  },
  {
    version: 6,
    name: 'user settings',
    sqlite: schemaV6('TEXT'),
    postgres: schemaV6('JSONB'),
  },
  {
    version: 7,
    name: 'remembered CSV column mappings per user and file header',
    sqlite: schemaV7('TEXT'),
    postgres: schemaV7('JSONB'),
  },
  {
    version: 8,
    name: 'symbols Yahoo does not know, remembered a while',
    sqlite: UNKNOWN_SYMBOLS_SQL,
    postgres: UNKNOWN_SYMBOLS_SQL,
  },
  {
    // Issue 31: a deleted account's ID token is refused (deleted-accounts.ts); and a mapping restored
    // with a saved-at time in the future (before the restore refused one) gets the migration's time, so
    // the next save never stamps a time the app's reader refuses.
    version: 9,
    name: 'deleted accounts remembered by digest; saved-at times of mappings not in the future',
    sqlite: `${DELETED_ACCOUNTS_SQL};
      UPDATE csv_mappings SET updated_at_ms = CAST(strftime('%s', 'now') AS INTEGER) * 1000
      WHERE updated_at_ms > CAST(strftime('%s', 'now') AS INTEGER) * 1000`,
    postgres: `${DELETED_ACCOUNTS_SQL};
      UPDATE csv_mappings SET updated_at_ms = (extract(epoch FROM now()) * 1000)::bigint
      WHERE updated_at_ms > (extract(epoch FROM now()) * 1000)::bigint`,
  },
  {
    version: 10,
    name: 'portfolio accounts: every stored transaction set gets its one account',
    sqlite: FIRST_ACCOUNT_SQLITE,
    postgres: FIRST_ACCOUNT_POSTGRES,
  },
  {
    // Issue 36: the budgets of calls to Yahoo and the circuit breaker, shared by every instance and
    // kept across restarts (upstream-limits.ts).
    version: 11,
    name: 'budgets of calls to Yahoo and the circuit breaker, shared by every instance',
    sqlite: UPSTREAM_LIMITS_SQL,
    postgres: UPSTREAM_LIMITS_SQL,
  },
  {
    // Issue 35: a token new at every write of a cached series (storage/quote-cache.ts), so the service
    // knows a series it read before is still the one stored without reading it (quotes/series-memo.ts).
    version: 12,
    name: 'quotes cache: a token of the last write beside each series',
    sqlite: `ALTER TABLE quote_cache_series ADD COLUMN written TEXT NOT NULL DEFAULT ''`,
    postgres: `ALTER TABLE quote_cache_series ADD COLUMN written TEXT NOT NULL DEFAULT ''`,
  },
];

export const MIGRATIONS_TABLE_SQL = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at_ms BIGINT NOT NULL
  )`;

/** The migrations not yet applied, in order. */
export function pendingMigrations(appliedVersions: Iterable<number>): Migration[] {
  const applied = new Set(appliedVersions);
  return MIGRATIONS.filter((m) => !applied.has(m.version)).sort((a, b) => a.version - b.version);
}
