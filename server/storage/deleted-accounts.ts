/**
 * Deleted accounts, remembered (table of migration 9) so that an ID token issued before the deletion
 * is refused: the services check signatures, not sessions, and a token outlives its account by up to an
 * hour (`http/deleted-account-guard.ts`). A row holds the SHA-256 of the subject, never the subject,
 * and when it was deleted; it is written in the same transaction as the deletion (`Storage.deleteUser`),
 * so every instance on the database refuses the token from that moment.
 * A token issued after the deletion passes: with an external issuer, the person whose data was deleted
 * may come back and start afresh; the built-in provider's account is gone, so it issues none.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type pg from 'pg';

export interface DeletedAccountStore {
  /** When the account `sub` was last deleted (unix ms), or undefined when it never was. */
  deletedAtMs(sub: string): Promise<number | undefined>;
}

export const DELETED_ACCOUNTS_SQL = `
  CREATE TABLE deleted_accounts (
    sub_sha256 TEXT PRIMARY KEY,
    deleted_at_ms BIGINT NOT NULL
  )`;

/** What is kept of a deleted subject: its SHA-256, in hex. */
export function subjectDigest(sub: string): string {
  return createHash('sha256').update(sub, 'utf8').digest('hex');
}

/** The statement `deleteUser` runs inside its transaction: `$1`/`?` the digest, then the time. */
export const REMEMBER_DELETION_SQL = {
  sqlite: `INSERT INTO deleted_accounts (sub_sha256, deleted_at_ms) VALUES (?, ?)
    ON CONFLICT (sub_sha256) DO UPDATE SET deleted_at_ms = excluded.deleted_at_ms`,
  postgres: `INSERT INTO deleted_accounts (sub_sha256, deleted_at_ms) VALUES ($1, $2)
    ON CONFLICT (sub_sha256) DO UPDATE SET deleted_at_ms = excluded.deleted_at_ms`,
};

export function sqliteDeletedAccounts(db: Database.Database): DeletedAccountStore {
  const select = db.prepare<[string], number>('SELECT deleted_at_ms FROM deleted_accounts WHERE sub_sha256 = ?').pluck();
  return {
    async deletedAtMs(sub) {
      const ms = select.get(subjectDigest(sub));
      return ms === undefined ? undefined : Number(ms);
    },
  };
}

/** How long an instance trusts "not deleted" before asking PostgreSQL again, ms. */
export const NOT_DELETED_TRUSTED_MS = 5000;
const MAX_TRUSTED_SUBJECTS = 10_000;

/**
 * On PostgreSQL a subject found "not deleted" is trusted for NOT_DELETED_TRUSTED_MS, so that the pool
 * is not asked twice per request under load; `deleted(sub)` (called by this instance's deletion) ends
 * that at once here, other instances see the deletion within NOT_DELETED_TRUSTED_MS.
 */
export function postgresDeletedAccounts(pool: pg.Pool, nowMs: () => number = Date.now): DeletedAccountStore & { deleted(sub: string): void } {
  const notDeletedAt = new Map<string, number>();
  return {
    async deletedAtMs(sub) {
      const checkedAt = notDeletedAt.get(sub);
      if (checkedAt !== undefined && nowMs() - checkedAt < NOT_DELETED_TRUSTED_MS) return undefined;
      const { rows } = await pool.query<{ deleted_at_ms: string }>('SELECT deleted_at_ms FROM deleted_accounts WHERE sub_sha256 = $1', [subjectDigest(sub)]);
      if (rows[0]) return Number(rows[0].deleted_at_ms);
      if (notDeletedAt.size >= MAX_TRUSTED_SUBJECTS) notDeletedAt.clear();
      notDeletedAt.set(sub, nowMs());
      return undefined;
    },
    deleted(sub) {
      notDeletedAt.delete(sub);
    },
  };
}
