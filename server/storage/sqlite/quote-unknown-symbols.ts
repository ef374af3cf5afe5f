/** Symbols Yahoo does not know, in SQLite (table `quote_unknown_symbols` of migration 8), shared by every instance on the file. */
import type { Database } from 'better-sqlite3';
import { CACHE_SQL as sql, type UnknownSymbols } from '../quote-cache';

export function sqliteUnknownSymbols(db: Database): UnknownSymbols {
  const selectUnknown = db.prepare<[string, number], { reason: string }>(
    `${sql.selectUnknown} WHERE symbol = ? AND until_ms > ?`,
  );
  const upsertUnknown = db.prepare(`${sql.upsertUnknown} VALUES (?, ?, ?) ${sql.onConflictUnknown}`);
  const deleteEndedUnknown = db.prepare(`${sql.deleteEndedUnknown} ?`);
  const remember = db.transaction((symbol: string, reason: string, untilMs: number, nowMs: number) => {
    deleteEndedUnknown.run(nowMs);
    upsertUnknown.run(symbol, reason, untilMs);
  });
  return {
    async find(symbol, nowMs) {
      return selectUnknown.get(symbol, nowMs)?.reason ?? null;
    },
    async remember(symbol, reason, untilMs, nowMs) {
      remember(symbol, reason, untilMs, nowMs);
    },
  };
}
