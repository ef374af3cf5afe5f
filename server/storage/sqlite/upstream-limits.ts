/** The limits on calls to Yahoo in SQLite (table `upstream_limits` of migration 11): one immediate transaction per change. */
import type Database from 'better-sqlite3';
import type { UpstreamLimitsStore } from '../upstream-limits';

export function sqliteUpstreamLimits(db: Database.Database): UpstreamLimitsStore {
  const read = db.prepare<[string, string], { state: string }>(
    'SELECT state FROM upstream_limits WHERE scope = ? AND user_id = ?',
  );
  const write = db.prepare(
    `INSERT INTO upstream_limits (scope, user_id, state, updated_at_ms) VALUES (?, ?, ?, ?)
     ON CONFLICT (scope, user_id) DO UPDATE SET state = excluded.state, updated_at_ms = excluded.updated_at_ms`,
  );
  const forget = db.prepare('DELETE FROM upstream_limits WHERE scope = ? AND user_id = ?');
  return {
    async change(scope, userId, nowMs, change) {
      return db
        .transaction(() => {
          const { state, result } = change(read.get(scope, userId)?.state);
          if (state === undefined) forget.run(scope, userId);
          else write.run(scope, userId, state, nowMs);
          return result;
        })
        .immediate();
    },
  };
}
