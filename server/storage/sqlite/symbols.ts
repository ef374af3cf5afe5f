/** Symbol choices and the lookup cache in SQLite (tables of migration 3). */
import type Database from 'better-sqlite3';
import type { SymbolCandidate } from '../../../src/model/symbols';
import type { StoredLookup, SymbolStore } from '../types';
import { checkSymbolChoicesCap } from '../user-caps';

export function sqliteSymbolStore(db: Database.Database): SymbolStore {
  const selectChoices = db.prepare<[string, string], { isin: string; symbol: string }>(
    'SELECT isin, symbol FROM symbol_choices WHERE user_id = ? AND isin IN (SELECT value FROM json_each(?))',
  );
  const selectAllChoices = db.prepare<[string], { isin: string; symbol: string }>(
    'SELECT isin, symbol FROM symbol_choices WHERE user_id = ? ORDER BY isin',
  );
  const upsertChoice = db.prepare(`
    INSERT INTO symbol_choices (user_id, isin, symbol, updated_at_ms) VALUES (?, ?, ?, ?)
    ON CONFLICT (user_id, isin) DO UPDATE SET symbol = excluded.symbol, updated_at_ms = excluded.updated_at_ms`);
  const deleteChoice = db.prepare('DELETE FROM symbol_choices WHERE user_id = ? AND isin = ?');
  const selectLookups = db.prepare<[string], { isin: string; candidates: string; fetched_at_ms: number }>(
    'SELECT isin, candidates, fetched_at_ms FROM symbol_lookups WHERE isin IN (SELECT value FROM json_each(?))',
  );
  const upsertLookup = db.prepare(`
    INSERT INTO symbol_lookups (isin, candidates, fetched_at_ms) VALUES (?, ?, ?)
    ON CONFLICT (isin) DO UPDATE SET candidates = excluded.candidates, fetched_at_ms = excluded.fetched_at_ms`);
  const countChoices = db.prepare<[string], number>('SELECT count(*) FROM symbol_choices WHERE user_id = ?').pluck();
  const saveChoices = db.transaction(
    (userId: string, choices: ReadonlyArray<{ isin: string; symbol: string | null }>) => {
      const nowMs = Date.now();
      for (const { isin, symbol } of choices) {
        if (symbol === null) deleteChoice.run(userId, isin);
        else upsertChoice.run(userId, isin, symbol, nowMs);
      }
      // Over the cap, the throw rolls the whole write back.
      checkSymbolChoicesCap(countChoices.get(userId) ?? 0);
    },
  );
  return {
    async choices(userId, isins) {
      return new Map(selectChoices.all(userId, JSON.stringify(isins)).map((row) => [row.isin, row.symbol]));
    },
    async allChoices(userId) {
      return new Map(selectAllChoices.all(userId).map((row) => [row.isin, row.symbol]));
    },
    async saveChoices(userId, choices) {
      saveChoices.immediate(userId, choices);
    },
    async lookups(isins) {
      const found = new Map<string, StoredLookup>();
      for (const row of selectLookups.all(JSON.stringify(isins))) {
        found.set(row.isin, {
          candidates: JSON.parse(row.candidates) as SymbolCandidate[],
          fetchedAtMs: row.fetched_at_ms,
        });
      }
      return found;
    },
    async saveLookup(isin, lookup) {
      upsertLookup.run(isin, JSON.stringify(lookup.candidates), lookup.fetchedAtMs);
    },
  };
}
