/** Remembered CSV column mappings in PostgreSQL (table of migration 7): one JSONB mapping per user and header. */
import type pg from 'pg';
import { checkCsvMapping, MAX_REMEMBERED_MAPPINGS } from '../../src/model/csv-mapping';
import { inTransaction } from './pg-transaction';
import type { CsvMappingStore } from './types';

export function postgresCsvMappingStore(pool: pg.Pool): CsvMappingStore {
  return {
    async get(userId, headerKey) {
      const { rows } = await pool.query<{ mapping: unknown }>('SELECT mapping FROM csv_mappings WHERE user_id = $1 AND header_key = $2', [userId, headerKey]);
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
        await client.query(
          `DELETE FROM csv_mappings WHERE user_id = $1 AND header_key NOT IN (
             SELECT header_key FROM csv_mappings WHERE user_id = $1 ORDER BY updated_at_ms DESC, header_key LIMIT $2)`,
          [userId, MAX_REMEMBERED_MAPPINGS],
        );
      });
    },
  };
}
