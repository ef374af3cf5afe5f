/** User settings in PostgreSQL (table of migration 6): one JSONB object per user, updated by merging in one statement. */
import type pg from 'pg';
import { settingsFrom } from '../../../src/model/settings';
import type { SettingsStore } from '../types';

export function postgresSettingsStore(pool: pg.Pool): SettingsStore {
  return {
    async get(userId) {
      const { rows } = await pool.query<{ body: unknown }>('SELECT body FROM user_settings WHERE user_id = $1', [
        userId,
      ]);
      return settingsFrom(rows[0]?.body ?? null);
    },
    async update(userId, changes) {
      // `||` merges the named keys into the stored object atomically, so two writers of different keys both win.
      const { rows } = await pool.query<{ body: unknown }>(
        `INSERT INTO user_settings (user_id, body, updated_at_ms) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (user_id) DO UPDATE SET body = user_settings.body || excluded.body, updated_at_ms = excluded.updated_at_ms
         RETURNING body`,
        [userId, JSON.stringify(changes), Date.now()],
      );
      return settingsFrom(rows[0]?.body ?? null);
    },
  };
}
