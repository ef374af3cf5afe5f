/** Symbol choices and the lookup cache in PostgreSQL (tables of migration 3). */
import type pg from 'pg';
import type { SymbolCandidate } from '../../../src/model/symbols';
import { inTransaction } from './pg-transaction';
import type { StoredLookup, SymbolStore } from '../types';
import { checkSymbolChoicesCap } from '../user-caps';

/** The first key of the per-user advisory lock of symbol-choice writes (the second: the user's hash). */
const SYMBOL_CHOICES_LOCK_KEY = 7_432_031;

export function postgresSymbolStore(pool: pg.Pool): SymbolStore {
  return {
    async choices(userId, isins) {
      const { rows } = await pool.query<{ isin: string; symbol: string }>(
        'SELECT isin, symbol FROM symbol_choices WHERE user_id = $1 AND isin = ANY($2::text[])',
        [userId, isins],
      );
      return new Map(rows.map((row) => [row.isin, row.symbol]));
    },
    async allChoices(userId) {
      const { rows } = await pool.query<{ isin: string; symbol: string }>(
        'SELECT isin, symbol FROM symbol_choices WHERE user_id = $1 ORDER BY isin',
        [userId],
      );
      return new Map(rows.map((row) => [row.isin, row.symbol]));
    },
    async saveChoices(userId, choices) {
      const kept = choices.filter((choice) => choice.symbol !== null);
      const forgotten = choices.filter((choice) => choice.symbol === null).map((choice) => choice.isin);
      await inTransaction(pool, async (client) => {
        // One write of a user's choices at a time, so that parallel ones cannot pass the cap together.
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SYMBOL_CHOICES_LOCK_KEY, userId]);
        if (forgotten.length > 0) {
          await client.query('DELETE FROM symbol_choices WHERE user_id = $1 AND isin = ANY($2::text[])', [
            userId,
            forgotten,
          ]);
        }
        if (kept.length > 0) {
          await client.query(
            `INSERT INTO symbol_choices (user_id, isin, symbol, updated_at_ms)
             SELECT $1, * FROM unnest($2::text[], $3::text[], $4::bigint[])
             ON CONFLICT (user_id, isin) DO UPDATE SET symbol = excluded.symbol, updated_at_ms = excluded.updated_at_ms`,
            [
              userId,
              kept.map((choice) => choice.isin),
              kept.map((choice) => choice.symbol),
              kept.map(() => Date.now()),
            ],
          );
        }
        // Over the cap, the throw rolls the whole write back.
        const { rows } = await client.query<{ count: string }>(
          'SELECT count(*) FROM symbol_choices WHERE user_id = $1',
          [userId],
        );
        checkSymbolChoicesCap(Number(rows[0]?.count ?? 0));
      });
    },
    async lookups(isins) {
      const { rows } = await pool.query<{ isin: string; candidates: SymbolCandidate[]; fetched_at_ms: string }>(
        'SELECT isin, candidates, fetched_at_ms FROM symbol_lookups WHERE isin = ANY($1::text[])',
        [isins],
      );
      const found = new Map<string, StoredLookup>();
      for (const row of rows)
        found.set(row.isin, { candidates: row.candidates, fetchedAtMs: Number(row.fetched_at_ms) });
      return found;
    },
    async saveLookup(isin, lookup) {
      await pool.query(
        `INSERT INTO symbol_lookups (isin, candidates, fetched_at_ms) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (isin) DO UPDATE SET candidates = excluded.candidates, fetched_at_ms = excluded.fetched_at_ms`,
        [isin, JSON.stringify(lookup.candidates), lookup.fetchedAtMs],
      );
    },
  };
}
