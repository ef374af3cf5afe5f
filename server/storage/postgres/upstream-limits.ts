/**
 * The limits on calls to Yahoo in PostgreSQL (table `upstream_limits` of migration 11), shared by every
 * instance: each change runs in a transaction holding an advisory lock on its row's key (so even a row
 * not there yet is changed by one instance at a time).
 */
import type pg from 'pg';
import type { UpstreamLimitsStore } from '../upstream-limits';
import { inTransaction } from './pg-transaction';

/** The first half of the advisory lock's key: this table's; the second is a hash of the row's key. */
const UPSTREAM_LIMITS_LOCK_KEY = 7_432_011;

export function postgresUpstreamLimits(pool: pg.Pool): UpstreamLimitsStore {
  return {
    change(scope, userId, nowMs, change) {
      return inTransaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
          UPSTREAM_LIMITS_LOCK_KEY,
          `${scope}/${userId}`,
        ]);
        const { rows } = await client.query<{ state: string }>(
          'SELECT state FROM upstream_limits WHERE scope = $1 AND user_id = $2',
          [scope, userId],
        );
        const { state, result } = change(rows[0]?.state);
        if (state === undefined)
          await client.query('DELETE FROM upstream_limits WHERE scope = $1 AND user_id = $2', [scope, userId]);
        else {
          await client.query(
            `INSERT INTO upstream_limits (scope, user_id, state, updated_at_ms) VALUES ($1, $2, $3, $4)
             ON CONFLICT (scope, user_id) DO UPDATE SET state = EXCLUDED.state, updated_at_ms = EXCLUDED.updated_at_ms`,
            [scope, userId, state, nowMs],
          );
        }
        return result;
      });
    },
  };
}
