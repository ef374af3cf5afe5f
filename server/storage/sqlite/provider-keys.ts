/** The built-in provider's signing keys and cookie secrets in SQLite (table `provider_keys` of migration 4). */
import type Database from 'better-sqlite3';
import { providerKeyFromRow, providerKeyParams, type ProviderKeyRow } from '../rows';
import type { ProviderKey, ProviderKeyStore, RetireUntil } from '../types';

export function sqliteProviderKeyStore(db: Database.Database): ProviderKeyStore {
  const select = db.prepare(
    'SELECT * FROM provider_keys WHERE verify_until_ms IS NULL OR verify_until_ms > ? ORDER BY created_at_ms DESC, id',
  );
  const currentKinds = db.prepare('SELECT DISTINCT kind FROM provider_keys WHERE retired_at_ms IS NULL').pluck();
  const insert = db.prepare('INSERT INTO provider_keys (id, kind, secret, created_at_ms) VALUES (?, ?, ?, ?)');
  const purge = db.prepare('DELETE FROM provider_keys WHERE verify_until_ms IS NOT NULL AND verify_until_ms <= ?');
  const retire = db.prepare(`
    UPDATE provider_keys SET retired_at_ms = ?, verify_until_ms = CASE kind WHEN 'signing' THEN ? ELSE ? END
    WHERE retired_at_ms IS NULL AND kind = ?`);
  const list = (nowMs: number) => (select.all(nowMs) as ProviderKeyRow[]).map(providerKeyFromRow);
  // IMMEDIATE: the write lock is taken before reading, like the advisory lock on PostgreSQL.
  const initialize = db.transaction((keys: ProviderKey[], nowMs: number) => {
    const present = new Set(currentKinds.all() as string[]);
    for (const key of keys) if (!present.has(key.kind)) insert.run(...providerKeyParams(key));
    return list(nowMs);
  });
  const rotate = db.transaction((keys: ProviderKey[], until: RetireUntil) => {
    purge.run(until.nowMs);
    for (const kind of new Set(keys.map((key) => key.kind))) {
      retire.run(until.nowMs, until.signingUntilMs, until.cookieUntilMs, kind);
    }
    for (const key of keys) insert.run(...providerKeyParams(key));
    return list(until.nowMs);
  });
  return {
    list: async (nowMs) => list(nowMs),
    initialize: async (keys, nowMs) => initialize.immediate(keys, nowMs),
    rotate: async (keys, until) => rotate.immediate(keys, until),
  };
}
