/** The built-in provider's accounts in SQLite (table `accounts` of migration 1). */
import type Database from 'better-sqlite3';
import { accountFromRow, accountParams, type AccountRow } from '../rows';
import type { AccountStore } from '../types';

export function sqliteAccountStore(db: Database.Database): AccountStore {
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
