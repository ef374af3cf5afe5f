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
