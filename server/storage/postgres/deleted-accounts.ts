/** Deleted accounts on PostgreSQL (the table and its rule: `../deleted-accounts.ts`). */
import type pg from 'pg';
import { subjectDigest, type DeletedAccountStore } from '../deleted-accounts';

/** How long an instance trusts "not deleted" before asking PostgreSQL again, ms. */
export const NOT_DELETED_TRUSTED_MS = 5000;
const MAX_TRUSTED_SUBJECTS = 10_000;

/**
 * On PostgreSQL a subject found "not deleted" is trusted for NOT_DELETED_TRUSTED_MS, so that the pool
 * is not asked twice per request under load; `deleted(sub)` (called by this instance's deletion) ends
 * that at once here, other instances see the deletion within NOT_DELETED_TRUSTED_MS.
 */
export function postgresDeletedAccounts(
  pool: pg.Pool,
  nowMs: () => number = Date.now,
): DeletedAccountStore & { deleted(sub: string): void } {
  const notDeletedAt = new Map<string, number>();
  return {
    async deletedAtMs(sub) {
      const checkedAt = notDeletedAt.get(sub);
      if (checkedAt !== undefined && nowMs() - checkedAt < NOT_DELETED_TRUSTED_MS) return undefined;
      const { rows } = await pool.query<{ deleted_at_ms: string }>(
        'SELECT deleted_at_ms FROM deleted_accounts WHERE sub_sha256 = $1',
        [subjectDigest(sub)],
      );
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
