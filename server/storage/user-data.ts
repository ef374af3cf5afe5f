/**
 * What belongs to one user, table by table: deleting an account (`Storage.deleteUser`) removes these
 * rows and the user's entries of the built-in OpenID provider, in one transaction.
 *
 * A migration that adds a table adds ONE line here: to `USER_DATA_TABLES` when the table keeps rows of a
 * user (with the column that holds the user's `sub`), else to `SHARED_TABLES`.
 * `tests/integration/server/account.user-data-tables.test.ts` fails for a table in neither list.
 */

export interface UserDataTable {
  table: string;
  /** The column holding the user's `sub` (the ID token's subject). */
  userColumn: string;
}

/** In deletion order: a table another one refers to comes after it (`accounts` last). */
export const USER_DATA_TABLES: readonly UserDataTable[] = [
  { table: 'transaction_sets', userColumn: 'user_id' },
  { table: 'symbol_choices', userColumn: 'user_id' },
  { table: 'user_settings', userColumn: 'user_id' },
  { table: 'csv_mappings', userColumn: 'user_id' },
  // The user's budget of calls to Yahoo (migration 11); the breaker's rows have the user '' (everyone).
  { table: 'upstream_limits', userColumn: 'user_id' },
  { table: 'accounts', userColumn: 'sub' },
];

/**
 * Tables whose rows are nobody's in particular (market data, keys, the migrations' record), or, for
 * `oidc_entries`, found by the account id inside each entry's payload (`OIDC_ENTRIES_OF_ACCOUNT`).
 */
export const SHARED_TABLES: readonly string[] = [
  'schema_migrations',
  'oidc_entries',
  'symbol_lookups',
  'provider_keys',
  // The quotes cache (migration 2): market data, the same for everyone.
  'quote_cache_series',
  'quote_cache_bars',
  'quote_cache_events',
  // Symbols Yahoo does not know (migration 8): market data too.
  'quote_unknown_symbols',
  // Deleted accounts (migration 9): the SHA-256 of a subject no longer here, so its old ID tokens are refused.
  'deleted_accounts',
];

/**
 * The built-in provider's entries of an account, as a condition on `oidc_entries` for either dialect:
 * sessions, grants, codes and tokens carry `accountId`; an interaction carries it in its session or its
 * login result; and every entry issued under one of the account's grants names that grant. `json(path)`
 * extracts a text field of the payload; `param` is the placeholder of the account id.
 */
export function oidcEntriesOfAccount(json: (path: readonly string[]) => string, param: string): string {
  const accountIdIn = (path: readonly string[]) => `${json(path)} = ${param}`;
  return `(
    ${accountIdIn(['accountId'])}
    OR ${accountIdIn(['session', 'accountId'])}
    OR ${accountIdIn(['result', 'login', 'accountId'])}
    OR grant_id IN (SELECT id FROM oidc_entries WHERE model = 'Grant' AND ${accountIdIn(['accountId'])})
  )`;
}

/** How many rows went, per table. */
export type UserDeletion = Record<string, number>;
