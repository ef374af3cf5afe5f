/** The one storage interface: SQLite (`sqlite/sqlite-storage.ts`) and PostgreSQL (`postgres/postgres-storage.ts`) implement it, one file per table. */
import type { CsvMapping, MappingsRestoreMode, RememberedMapping } from '../../src/model/csv-mapping';
import type { UserSettings } from '../../src/model/settings';
import type { SymbolCandidate, SymbolChoice } from '../../src/model/symbols';
import type { TransactionSet } from '../../src/model/transaction';
import type { CashTransaction, Account as PortfolioAccount } from '../../src/model/cash';
import type { QuoteCache } from './quote-cache';
import type { DeletedAccountStore } from './deleted-accounts';
import type { UpstreamLimitsStore } from './upstream-limits';
import type { UserDeletion } from './user-data';

export interface StoredTransactions {
  /** The seed's three lists and, when stored, the cash. */
  set: TransactionSet;
  /** Counts the writes: 0 = never written (an empty set), 1 after the first write. */
  version: number;
  /** The user's portfolio accounts (SEMANTICS.md "Accounts and views") as stored; absent: never stored (one first account). */
  accounts?: PortfolioAccount[];
}

export type PutTransactionsResult = { ok: true; version: number } | { ok: false; currentVersion: number };

/** What a seed-shaped PUT keeps of the stored set: its version, cash and accounts, without the three lists. */
export interface StoredExtras {
  version: number;
  /** Absent: none stored. */
  cash?: CashTransaction[];
  accounts?: PortfolioAccount[];
}

export interface StoredSetJson {
  version: number;
  /** `{"stock":[…],"dividend":[…],"commission":[…],"cash":[…]}` (the database's own spacing and key order). */
  setJson: string;
  /** Absent when the body holds none (then the set is in the one first account). */
  accounts?: PortfolioAccount[];
}

export interface TransactionStore {
  get(userId: string): Promise<StoredTransactions>;
  /** The stored version, cash and accounts only: read by the database from the body, the lists left unread. */
  extras(userId: string): Promise<StoredExtras>;
  /**
   * The set as JSON text, its `cash` list always in (empty when none is stored), built by the database from
   * the stored body without the server parsing its lists (GET answers it as it is); its version and accounts.
   */
  getJson(userId: string): Promise<StoredSetJson>;
  /** The stored version alone (0 before the first write): what a conditional GET compares, the body left unread. */
  version(userId: string): Promise<number>;
  /**
   * Replaces the user's set (and its `accounts`, stored in the same body: absent = none stored) in one
   * atomic write. With `expectedVersion`, the write happens only when the stored version still equals it
   * (checked inside the write), otherwise nothing changes.
   */
  put(
    userId: string,
    set: TransactionSet,
    expectedVersion?: number,
    accounts?: readonly PortfolioAccount[],
    /** `JSON.stringify(set)`, when the caller has it already (the PUT route answers it too). */
    setJson?: string,
  ): Promise<PutTransactionsResult>;
}

/** An account of the built-in OpenID provider. */
export interface Account {
  /** The `sub` claim: random, never reused, never shown. */
  sub: string;
  /** Lower case; unique. */
  username: string;
  /** `scrypt$…`, see `server/oidc/passwords.ts`. */
  passwordHash: string;
  /** Unix milliseconds. */
  createdAtMs: number;
}

export interface AccountStore {
  /** `taken` when the username exists (nothing changes). */
  create(account: Account): Promise<'created' | 'taken'>;
  findByUsername(username: string): Promise<Account | undefined>;
  findBySub(sub: string): Promise<Account | undefined>;
}

/** oidc-provider's models (Session, Grant, AuthorizationCode, RefreshToken, …), one JSON payload each. */
export type OidcPayload = Record<string, unknown> & {
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
};

export interface OidcStore {
  /** Replaces the entry; `expiresAtSeconds` (unix) undefined = never expires. */
  upsert(model: string, id: string, payload: OidcPayload, expiresAtSeconds: number | undefined): Promise<void>;
  /** Expired entries are not found. A consumed entry carries `consumed` (unix seconds). */
  find(model: string, id: string): Promise<OidcPayload | undefined>;
  findByUid(model: string, uid: string): Promise<OidcPayload | undefined>;
  findByUserCode(model: string, userCode: string): Promise<OidcPayload | undefined>;
  consume(model: string, id: string): Promise<void>;
  destroy(model: string, id: string): Promise<void>;
  /** Deletes every entry of the grant, whatever its model. */
  revokeByGrantId(grantId: string): Promise<void>;
  /** Deletes expired entries; returns how many. */
  deleteExpired(): Promise<number>;
}

/** A symbol lookup as cached: the listings found for an ISIN (possibly none) and when. */
export interface StoredLookup {
  candidates: SymbolCandidate[];
  fetchedAtMs: number;
}

/**
 * Symbol choices (per user; `deleteUser` removes them with the account) and the lookup cache (shared: an
 * ISIN's listings are the same for everyone).
 */
export interface SymbolStore {
  /** The user's choices among `isins` (ISIN → symbol). */
  choices(userId: string, isins: readonly string[]): Promise<Map<string, string>>;
  /** Every choice of the user (ISIN → symbol), for the backup. */
  allChoices(userId: string): Promise<Map<string, string>>;
  /** Stores or (symbol null) forgets choices, all in one atomic write. */
  saveChoices(userId: string, choices: readonly SymbolChoice[]): Promise<void>;
  /** Cached lookups of `isins`, whatever their age. */
  lookups(isins: readonly string[]): Promise<Map<string, StoredLookup>>;
  saveLookup(isin: string, lookup: StoredLookup): Promise<void>;
}

/** Each user's settings (table of migration 6); `deleteUser` removes them with the account. */
export interface SettingsStore {
  /** The user's settings; the defaults when none were saved. */
  get(userId: string): Promise<UserSettings>;
  /** Sets the keys `changes` names, keeps the others, in one atomic write; returns the settings after. */
  update(userId: string, changes: Partial<UserSettings>): Promise<UserSettings>;
}

/**
 * The column mappings of other brokers' CSV files, per user and file header (table of migration 7);
 * `deleteUser` removes them with the account.
 */
export interface CsvMappingStore {
  /** The user's mapping for the header `headerKey`, or null when none was saved (or the stored one no longer reads). */
  get(userId: string, headerKey: string): Promise<CsvMapping | null>;
  /** Stores the mapping of `headerKey` (replacing one saved before) and keeps the user's MAX_REMEMBERED_MAPPINGS newest; one atomic write. */
  save(userId: string, headerKey: string, mapping: CsvMapping): Promise<void>;
  /** Every mapping the user has, most recently saved first (a stored one that no longer reads is left out): for the backup. */
  list(userId: string): Promise<RememberedMapping[]>;
  /**
   * A backup's mappings written with their saved-at times, in one atomic write: `replace` deletes the
   * user's others first; `merge` keeps the user's own for a header both have. Then the user's
   * MAX_REMEMBERED_MAPPINGS most recently saved are kept.
   */
  restore(userId: string, mappings: readonly RememberedMapping[], mode: MappingsRestoreMode): Promise<void>;
}

/** A key of the built-in provider: a private JWK (JSON text) that signs ID tokens, or a cookie secret. */
export interface ProviderKey {
  id: string;
  kind: 'signing' | 'cookie';
  secret: string;
  createdAtMs: number;
  /** Undefined = current: the newest current key of its kind signs. */
  retiredAtMs?: number;
  /** A retired key verifies until then (unix ms), then it is gone. */
  verifyUntilMs?: number;
}

export interface RetireUntil {
  /** Now, unix ms. */
  nowMs: number;
  /** Until when the retired keys of each kind still verify. */
  signingUntilMs: number;
  cookieUntilMs: number;
}

/**
 * Shared by every instance on the database. Both writes run in one transaction under a lock, so
 * instances starting together store one set of keys, and a rotation is never half done.
 */
export interface ProviderKeyStore {
  /** The keys that sign or still verify, newest first. */
  list(nowMs: number): Promise<ProviderKey[]>;
  /** Stores `keys` unless a current key of that kind exists already; returns `list()` after. */
  initialize(keys: ProviderKey[], nowMs: number): Promise<ProviderKey[]>;
  /** Retires every current key, stores `keys` as the current ones, forgets keys past their time. */
  rotate(keys: ProviderKey[], retire: RetireUntil): Promise<ProviderKey[]>;
}

export interface Storage {
  readonly kind: 'sqlite' | 'pg';
  /** The quotes cache, on the tables of migration 2. */
  readonly quotes: QuoteCache;
  readonly transactions: TransactionStore;
  readonly symbols: SymbolStore;
  readonly settings: SettingsStore;
  readonly csvMappings: CsvMappingStore;
  readonly accounts: AccountStore;
  readonly oidc: OidcStore;
  /**
   * Deletes everything of the user `sub` in one transaction: the rows of every table in
   * `USER_DATA_TABLES` (`user-data.ts`) and the built-in provider's entries of the account (sessions,
   * grants, codes, tokens, interactions). Returns how many rows went, per table; all or nothing.
   */
  deleteUser(sub: string): Promise<UserDeletion>;
  /** Accounts deleted, remembered by digest so their old ID tokens are refused (migration 9). */
  readonly deletedAccounts: DeletedAccountStore;
  readonly providerKeys: ProviderKeyStore;
  /** The budgets of calls to Yahoo and the circuit breaker, shared by every instance (migration 11). */
  readonly upstreamLimits: UpstreamLimitsStore;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
