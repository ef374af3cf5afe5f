/** Remembered CSV column mappings in SQLite (table of migration 7): one JSON mapping per user and header. */
import type Database from 'better-sqlite3';
import {
  checkCsvMapping,
  MAX_REMEMBERED_MAPPINGS,
  savedAtMs,
  type CsvMapping,
  type RememberedMapping,
} from '../../../src/model/csv-mapping';
import type { CsvMappingStore } from '../types';

export function sqliteCsvMappingStore(db: Database.Database): CsvMappingStore {
  const select = db.prepare<[string, string], { mapping: string }>(
    'SELECT mapping FROM csv_mappings WHERE user_id = ? AND header_key = ?',
  );
  const upsert = db.prepare(`
    INSERT INTO csv_mappings (user_id, header_key, mapping, updated_at_ms)
    VALUES (@userId, @headerKey, @mapping, MAX(@now, COALESCE((SELECT MAX(updated_at_ms) + 1 FROM csv_mappings WHERE user_id = @userId), 0)))
    ON CONFLICT (user_id, header_key) DO UPDATE SET mapping = excluded.mapping, updated_at_ms = excluded.updated_at_ms`);
  // Each save of a user gets a later time than the one before (even within one millisecond), so the
  // least recently saved is always the one forgotten.
  const prune = db.prepare(`
    DELETE FROM csv_mappings WHERE user_id = ? AND header_key NOT IN (
      SELECT header_key FROM csv_mappings WHERE user_id = ? ORDER BY updated_at_ms DESC, header_key LIMIT ?)`);
  const save = db.transaction((userId: string, headerKey: string, mapping: CsvMapping) => {
    upsert.run({ userId, headerKey, mapping: JSON.stringify(mapping), now: Date.now() });
    prune.run(userId, userId, MAX_REMEMBERED_MAPPINGS);
  });
  const selectAll = db.prepare<[string], { header_key: string; mapping: string; updated_at_ms: number }>(
    'SELECT header_key, mapping, updated_at_ms FROM csv_mappings WHERE user_id = ? ORDER BY updated_at_ms DESC, header_key',
  );
  const deleteAll = db.prepare('DELETE FROM csv_mappings WHERE user_id = ?');
  const insertKept = db.prepare(`
    INSERT INTO csv_mappings (user_id, header_key, mapping, updated_at_ms) VALUES (@userId, @headerKey, @mapping, @savedAtMs)
    ON CONFLICT (user_id, header_key) DO NOTHING`);
  const restore = db.transaction((userId: string, mappings: readonly RememberedMapping[], replace: boolean) => {
    if (replace) deleteAll.run(userId);
    for (const { header, mapping, savedAt } of mappings)
      insertKept.run({
        userId,
        headerKey: header,
        mapping: JSON.stringify(mapping),
        savedAtMs: savedAtMs(savedAt) ?? 0,
      });
    prune.run(userId, userId, MAX_REMEMBERED_MAPPINGS);
  });
  return {
    async get(userId, headerKey) {
      const row = select.get(userId, headerKey);
      if (!row) return null;
      const checked = checkCsvMapping(JSON.parse(row.mapping));
      return checked.ok ? checked.value : null;
    },
    async save(userId, headerKey, mapping) {
      save.immediate(userId, headerKey, mapping);
    },
    async list(userId) {
      return selectAll.all(userId).flatMap((row) => {
        const checked = checkCsvMapping(JSON.parse(row.mapping));
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
      restore.immediate(userId, mappings, mode === 'replace');
    },
  };
}
