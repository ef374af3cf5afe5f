/** The quotes cache in SQLite (better-sqlite3): synchronous underneath, one transaction per write. */
import type { Database } from 'better-sqlite3';
import * as shared from '../quote-cache';
import type { BarRow, CacheCoverage, EventRow, QuoteCache, SeriesRow } from '../quote-cache';
import type { QuoteSeries } from '../../quotes/series';
import { sqliteUnknownSymbols } from './quote-unknown-symbols';

/** The cache on the tables of migration 2 (`server/storage/migrations.ts`); migration 8's through `quote-unknown-symbols.ts`. */
export function createSqliteQuoteCache(db: Database): QuoteCache {
  const { CACHE_SQL: sql } = shared;
  const selectSeries = db.prepare<[string], SeriesRow>(`${sql.selectSeries} WHERE symbol = ?`);
  const selectBars = db.prepare<[string, number, number], BarRow>(
    `${sql.selectBars} WHERE symbol = ? AND ts BETWEEN ? AND ? ORDER BY ts`,
  );
  const selectEvents = db.prepare<[string, number, number], EventRow>(
    `${sql.selectEvents} WHERE symbol = ? AND ts BETWEEN ? AND ? ORDER BY ts`,
  );
  const upsertSeries = db.prepare(`${sql.insertSeries} VALUES (?, ?, ?, ?, ?, ?) ${sql.upsertSeries}`);
  const upsertBar = db.prepare(`${sql.insertBars} VALUES (?, ?, ?, ?, ?, ?, ?, ?) ${sql.upsertBar}`);
  const upsertEvent = db.prepare(`${sql.insertEvents} VALUES (?, ?, ?, ?, ?, ?, ?) ${sql.upsertEvent}`);
  const deletes = sql.tablesOfASymbol.map((table) => db.prepare(`DELETE FROM ${table} WHERE symbol = ?`));

  const write = db.transaction((symbol: string, series: QuoteSeries, coverage: CacheCoverage) => {
    upsertSeries.run(
      symbol,
      JSON.stringify(series.meta),
      coverage.startSeconds,
      coverage.endSeconds,
      coverage.fetchedAtSeconds,
      shared.writeToken(),
    );
    for (const bar of series.bars) {
      upsertBar.run(symbol, bar.epochDay, bar.timestampSeconds, bar.open, bar.high, bar.low, bar.close, bar.volume);
    }
    for (const columns of shared.eventColumns(series)) upsertEvent.run(symbol, ...columns);
  });
  const forget = db.transaction((symbol: string) => {
    for (const statement of deletes) statement.run(symbol);
  });

  return {
    kind: 'sqlite',
    async coverage(symbol) {
      const row = selectSeries.get(symbol);
      return row ? shared.coverageFromRow(row) : null;
    },
    async read(symbol, startSeconds, endSeconds) {
      const row = selectSeries.get(symbol);
      if (!row) return null;
      return shared.seriesFromRows(
        row,
        selectBars.all(symbol, startSeconds, endSeconds),
        selectEvents.all(symbol, startSeconds, endSeconds),
      );
    },
    async write(symbol, series, coverage) {
      write(symbol, series, coverage);
    },
    async forget(symbol) {
      forget(symbol);
    },
    unknownSymbols: sqliteUnknownSymbols(db),
  };
}
