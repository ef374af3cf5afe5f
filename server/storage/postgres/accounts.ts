/** The built-in provider's accounts in PostgreSQL (table `accounts` of migration 1). */
import type pg from 'pg';
import { accountFromRow, accountParams, type AccountRow } from '../rows';
import type { AccountStore } from '../types';

export function postgresAccountStore(pool: pg.Pool): AccountStore {
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
