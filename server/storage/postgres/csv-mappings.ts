/** Remembered CSV column mappings in PostgreSQL (table of migration 7): one JSONB mapping per user and header. */
import type pg from 'pg';
import { checkCsvMapping, MAX_REMEMBERED_MAPPINGS, savedAtMs } from '../../../src/model/csv-mapping';
import { inTransaction } from './pg-transaction';
import type { CsvMappingStore } from '../types';

const PRUNE = `DELETE FROM csv_mappings WHERE user_id = $1 AND header_key NOT IN (
  SELECT header_key FROM csv_mappings WHERE user_id = $1 ORDER BY updated_at_ms DESC, header_key LIMIT $2)`;

export function postgresCsvMappingStore(pool: pg.Pool): CsvMappingStore {
  return {
    async get(userId, headerKey) {
      const { rows } = await pool.query<{ mapping: unknown }>(
        'SELECT mapping FROM csv_mappings WHERE user_id = $1 AND header_key = $2',
        [userId, headerKey],
      );
      if (rows.length === 0) return null;
      const checked = checkCsvMapping(rows[0]!.mapping);
      return checked.ok ? checked.value : null;
    },
    async save(userId, headerKey, mapping) {
      // Each save of a user gets a later time than the one before (even within one millisecond), so the
      // least recently saved is always the one forgotten.
      await inTransaction(pool, async (client) => {
        await client.query(
          `INSERT INTO csv_mappings (user_id, header_key, mapping, updated_at_ms)
           VALUES ($1, $2, $3::jsonb, GREATEST($4, COALESCE((SELECT MAX(updated_at_ms) + 1 FROM csv_mappings WHERE user_id = $1), 0)))
           ON CONFLICT (user_id, header_key) DO UPDATE SET mapping = excluded.mapping, updated_at_ms = excluded.updated_at_ms`,
          [userId, headerKey, JSON.stringify(mapping), Date.now()],
        );
        await client.query(PRUNE, [userId, MAX_REMEMBERED_MAPPINGS]);
      });
    },
    async list(userId) {
      const { rows } = await pool.query<{ header_key: string; mapping: unknown; updated_at_ms: string }>(
        'SELECT header_key, mapping, updated_at_ms FROM csv_mappings WHERE user_id = $1 ORDER BY updated_at_ms DESC, header_key',
        [userId],
      );
      return rows.flatMap((row) => {
        const checked = checkCsvMapping(row.mapping);
        return checked.ok
          ? [
              {
                header: row.header_key,
                mapping: checked.value,
                savedAt: new Date(Number(row.updated_at_ms)).toISOString(),
              },
            ]
          : [];
      });
    },
    async restore(userId, mappings, mode) {
      await inTransaction(pool, async (client) => {
        if (mode === 'replace') await client.query('DELETE FROM csv_mappings WHERE user_id = $1', [userId]);
        if (mappings.length > 0) {
          await client.query(
            `INSERT INTO csv_mappings (user_id, header_key, mapping, updated_at_ms)
             SELECT $1, header_key, mapping, saved_at_ms FROM UNNEST($2::text[], $3::jsonb[], $4::bigint[]) AS given(header_key, mapping, saved_at_ms)
             ON CONFLICT (user_id, header_key) DO NOTHING`,
            [
              userId,
              mappings.map((m) => m.header),
              mappings.map((m) => JSON.stringify(m.mapping)),
              mappings.map((m) => savedAtMs(m.savedAt) ?? 0),
            ],
          );
        }
        await client.query(PRUNE, [userId, MAX_REMEMBERED_MAPPINGS]);
      });
    },
  };
}
