/** The quotes cache in PostgreSQL (pg): bars and events written in bulk (`unnest`) in one transaction. */
import type { Pool } from 'pg';
import { inTransaction } from './pg-transaction';
import * as shared from '../quote-cache';
import { postgresUnknownSymbols } from './quote-unknown-symbols';
import type { BarRow, EventRow, QuoteCache, SeriesRow } from '../quote-cache';

const { CACHE_SQL: sql } = shared;

/** The cache on the tables of migration 2 (`server/storage/migrations.ts`); migration 8's through `quote-unknown-symbols.ts`. */
export function createPgQuoteCache(pool: Pool): QuoteCache {
  async function seriesRow(symbol: string): Promise<SeriesRow | undefined> {
    return (await pool.query<SeriesRow>(`${sql.selectSeries} WHERE symbol = $1`, [symbol])).rows[0];
  }

  return {
    kind: 'pg',
    async coverage(symbol) {
      const row = await seriesRow(symbol);
      return row ? shared.coverageFromRow(row) : null;
    },
    async read(symbol, startSeconds, endSeconds) {
      const row = await seriesRow(symbol);
      if (!row) return null;
      const range = [symbol, startSeconds, endSeconds];
      const where = 'WHERE symbol = $1 AND ts BETWEEN $2 AND $3 ORDER BY ts';
      const [bars, events] = await Promise.all([
        pool.query<BarRow>(`${sql.selectBars} ${where}`, range),
        pool.query<EventRow>(`${sql.selectEvents} ${where}`, range),
      ]);
      return shared.seriesFromRows(row, bars.rows, events.rows);
    },
    async write(symbol, series, coverage) {
      const { bars } = series;
      const events = shared.eventColumns(series);
      await inTransaction(pool, async (client) => {
        await client.query(`${sql.insertSeries} VALUES ($1, $2, $3, $4, $5, $6) ${sql.upsertSeries}`, [
          symbol,
          JSON.stringify(series.meta),
          coverage.startSeconds,
          coverage.endSeconds,
          coverage.fetchedAtSeconds,
          shared.writeToken(),
        ]);
        if (bars.length > 0) {
          await client.query(
            `${sql.insertBars}
             SELECT $1::text, * FROM unnest($2::int[], $3::bigint[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::float8[])
             ${sql.upsertBar}`,
            [
              symbol,
              bars.map((bar) => bar.epochDay),
              bars.map((bar) => bar.timestampSeconds),
              bars.map((bar) => bar.open),
              bars.map((bar) => bar.high),
              bars.map((bar) => bar.low),
              bars.map((bar) => bar.close),
              bars.map((bar) => bar.volume),
            ],
          );
        }
        if (events.length > 0) {
          await client.query(
            `${sql.insertEvents}
             SELECT $1::text, * FROM unnest($2::text[], $3::int[], $4::bigint[], $5::float8[], $6::float8[], $7::float8[])
             ${sql.upsertEvent}`,
            [symbol, ...[0, 1, 2, 3, 4, 5].map((column) => events.map((row) => row[column]))],
          );
        }
      });
    },
    async forget(symbol) {
      await inTransaction(pool, async (client) => {
        for (const table of sql.tablesOfASymbol) await client.query(`DELETE FROM ${table} WHERE symbol = $1`, [symbol]);
      });
    },
    unknownSymbols: postgresUnknownSymbols(pool),
  };
}
