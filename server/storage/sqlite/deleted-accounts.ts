/** Deleted accounts on SQLite (the table and its rule: `../deleted-accounts.ts`). */
import type Database from 'better-sqlite3';
import { subjectDigest, type DeletedAccountStore } from '../deleted-accounts';

export function sqliteDeletedAccounts(db: Database.Database): DeletedAccountStore {
  const select = db
    .prepare<[string], number>('SELECT deleted_at_ms FROM deleted_accounts WHERE sub_sha256 = ?')
    .pluck();
  return {
    async deletedAtMs(sub) {
      const ms = select.get(subjectDigest(sub));
      return ms === undefined ? undefined : Number(ms);
    },
  };
}
