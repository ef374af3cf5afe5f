/**
 * Each user's transaction set in PostgreSQL (table `transaction_sets` of migration 1). Each write is one
 * statement, so the version check and the write are one atomic step: concurrent writers can never both succeed.
 */
import type pg from 'pg';
import { emptyTransactionSet } from '../../../src/model/transaction';
import type { PutTransactionsResult, TransactionStore } from '../types';
import type { Account, CashTransaction } from '../../../src/model/cash';
import { EMPTY_SET_JSON, storedBodyJson, storedExtras, storedTransactions, type StoredBody } from '../transaction-body';

export function postgresTransactionStore(pool: pg.Pool): TransactionStore {
  const currentVersion = async (userId: string): Promise<number> => {
    const { rows } = await pool.query<{ version: number }>('SELECT version FROM transaction_sets WHERE user_id = $1', [
      userId,
    ]);
    return rows[0]?.version ?? 0;
  };
  return {
    async get(userId) {
      const { rows } = await pool.query<{ version: number; body: StoredBody }>(
        'SELECT version, body FROM transaction_sets WHERE user_id = $1',
        [userId],
      );
      const row = rows[0];
      return row ? storedTransactions(row.body, row.version) : { set: emptyTransactionSet(), version: 0 };
    },
    async getJson(userId) {
      // PostgreSQL writes the text (its own spacing and key order); pg parses neither list.
      const { rows } = await pool.query<{ version: number; set_json: string; accounts: Account[] | null }>(
        `SELECT version, (CASE WHEN body ? 'cash' THEN body - 'accounts' ELSE (body - 'accounts') || '{"cash": []}'::jsonb END)::text AS set_json,
           body->'accounts' AS accounts FROM transaction_sets WHERE user_id = $1`,
        [userId],
      );
      const row = rows[0];
      if (!row) return { version: 0, setJson: EMPTY_SET_JSON };
      return row.accounts === null
        ? { version: row.version, setJson: row.set_json }
        : { version: row.version, setJson: row.set_json, accounts: row.accounts };
    },
    version: currentVersion,
    async extras(userId) {
      const { rows } = await pool.query<{
        version: number;
        cash: CashTransaction[] | null;
        accounts: Account[] | null;
      }>(
        `SELECT version, body->'cash' AS cash, body->'accounts' AS accounts FROM transaction_sets WHERE user_id = $1`,
        [userId],
      );
      const row = rows[0];
      return row ? storedExtras(row.version, row.cash ?? undefined, row.accounts ?? undefined) : { version: 0 };
    },
    async put(userId, set, expectedVersion, accounts, setJson): Promise<PutTransactionsResult> {
      const body = storedBodyJson(set, accounts, setJson);
      let result: pg.QueryResult<{ version: number }>;
      if (expectedVersion === undefined) {
        result = await pool.query(
          `INSERT INTO transaction_sets (user_id, version, body, updated_at_ms) VALUES ($1, 1, $2::jsonb, $3)
           ON CONFLICT (user_id) DO UPDATE SET version = transaction_sets.version + 1, body = excluded.body,
             updated_at_ms = excluded.updated_at_ms
           RETURNING version`,
          [userId, body, Date.now()],
        );
      } else if (expectedVersion === 0) {
        result = await pool.query(
          `INSERT INTO transaction_sets (user_id, version, body, updated_at_ms) VALUES ($1, 1, $2::jsonb, $3)
           ON CONFLICT (user_id) DO NOTHING RETURNING version`,
          [userId, body, Date.now()],
        );
      } else {
        result = await pool.query(
          `UPDATE transaction_sets SET version = version + 1, body = $2::jsonb, updated_at_ms = $4
           WHERE user_id = $1 AND version = $3 RETURNING version`,
          [userId, body, expectedVersion, Date.now()],
        );
      }
      const written = result.rows[0];
      return written
        ? { ok: true, version: written.version }
        : { ok: false, currentVersion: await currentVersion(userId) };
    },
  };
}
