/** Symbols Yahoo does not know, in PostgreSQL (table `quote_unknown_symbols` of migration 8), shared by every instance on the database. */
import type { Pool } from 'pg';
import { CACHE_SQL as sql, type UnknownSymbols } from '../quote-cache';

export function postgresUnknownSymbols(pool: Pool): UnknownSymbols {
  return {
    async find(symbol, nowMs) {
      const found = await pool.query<{ reason: string }>(`${sql.selectUnknown} WHERE symbol = $1 AND until_ms > $2`, [
        symbol,
        nowMs,
      ]);
      return found.rows[0]?.reason ?? null;
    },
    async remember(symbol, reason, untilMs, nowMs) {
      await pool.query(`${sql.deleteEndedUnknown} $1`, [nowMs]);
      await pool.query(`${sql.upsertUnknown} VALUES ($1, $2, $3) ${sql.onConflictUnknown}`, [symbol, reason, untilMs]);
    },
  };
}
