/** User settings in SQLite (table of migration 6): one JSON object per user. */
import type Database from 'better-sqlite3';
import { settingsFrom, type UserSettings } from '../../../src/model/settings';
import type { SettingsStore } from '../types';

export function sqliteSettingsStore(db: Database.Database): SettingsStore {
  const select = db.prepare<[string], { body: string }>('SELECT body FROM user_settings WHERE user_id = ?');
  const upsert = db.prepare(`
    INSERT INTO user_settings (user_id, body, updated_at_ms) VALUES (?, ?, ?)
    ON CONFLICT (user_id) DO UPDATE SET body = excluded.body, updated_at_ms = excluded.updated_at_ms`);
  const read = (userId: string): UserSettings => {
    const row = select.get(userId);
    return settingsFrom(row ? JSON.parse(row.body) : null);
  };
  const update = db.transaction((userId: string, changes: Partial<UserSettings>): UserSettings => {
    const settings = { ...read(userId), ...changes };
    upsert.run(userId, JSON.stringify(settings), Date.now());
    return settings;
  });
  return {
    async get(userId) {
      return read(userId);
    },
    async update(userId, changes) {
      return update.immediate(userId, changes);
    },
  };
}
