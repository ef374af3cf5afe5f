/** The quotes cache in SQLite (better-sqlite3): synchronous underneath, one transaction per write. */
import type { Database } from 'better-sqlite3';
import {
  cacheTablesSql,
  coverageFromRow,
  eventColumns,
  SELECT_BARS,
  SELECT_EVENTS,
  SELECT_SERIES,
  seriesFromRows,
  TABLES_OF_A_SYMBOL,
  UPSERT_BAR,
  UPSERT_EVENT,
  UPSERT_SERIES,
  type BarRow,
  type CacheCoverage,
  type EventRow,
  type QuoteCache,
  type SeriesRow,
} from './quote-cache';
import type { QuoteSeries } from './series';

export function createSqliteQuoteCache(db: Database): QuoteCache {
  for (const statement of cacheTablesSql({ bigint: 'INTEGER', real: 'REAL', tableSuffix: ' WITHOUT ROWID' })) db.exec(statement);
  const selectSeries = db.prepare<[string], SeriesRow>(`${SELECT_SERIES} WHERE symbol = ?`);
  const selectBars = db.prepare<[string, number, number], BarRow>(`${SELECT_BARS} WHERE symbol = ? AND ts BETWEEN ? AND ? ORDER BY ts`);
  const selectEvents = db.prepare<[string, number, number], EventRow>(
    `${SELECT_EVENTS} WHERE symbol = ? AND ts BETWEEN ? AND ? ORDER BY ts`,
  );
  const upsertSeries = db.prepare(
    `INSERT INTO quote_cache_series (symbol, meta_json, covered_start, covered_end, fetched_at) VALUES (?, ?, ?, ?, ?) ${UPSERT_SERIES}`,
  );
  const upsertBar = db.prepare(
    `INSERT INTO quote_cache_bars (symbol, epoch_day, ts, open, high, low, close, volume) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ${UPSERT_BAR}`,
  );
  const upsertEvent = db.prepare(
    `INSERT INTO quote_cache_events (symbol, kind, epoch_day, ts, amount, numerator, denominator) VALUES (?, ?, ?, ?, ?, ?, ?) ${UPSERT_EVENT}`,
  );
  const deletes = TABLES_OF_A_SYMBOL.map((table) => db.prepare(`DELETE FROM ${table} WHERE symbol = ?`));

  const write = db.transaction((symbol: string, series: QuoteSeries, coverage: CacheCoverage) => {
    upsertSeries.run(symbol, JSON.stringify(series.meta), coverage.startSeconds, coverage.endSeconds, coverage.fetchedAtSeconds);
    for (const bar of series.bars) {
      upsertBar.run(symbol, bar.epochDay, bar.timestampSeconds, bar.open, bar.high, bar.low, bar.close, bar.volume);
    }
    for (const columns of eventColumns(series)) upsertEvent.run(symbol, ...columns);
  });
  const forget = db.transaction((symbol: string) => {
    for (const statement of deletes) statement.run(symbol);
  });

  return {
    kind: 'sqlite',
    async coverage(symbol) {
      const row = selectSeries.get(symbol);
      return row ? coverageFromRow(row) : null;
    },
    async read(symbol, startSeconds, endSeconds) {
      const row = selectSeries.get(symbol);
      if (!row) return null;
      return seriesFromRows(row, selectBars.all(symbol, startSeconds, endSeconds), selectEvents.all(symbol, startSeconds, endSeconds));
    },
    async write(symbol, series, coverage) {
      write(symbol, series, coverage);
    },
    async forget(symbol) {
      forget(symbol);
    },
  };
}
