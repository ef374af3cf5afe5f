import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import { createPgQuoteCache } from '#server/storage/postgres/quote-cache';
import { migratePostgres } from '#server/storage/postgres/postgres-storage';
import { describeQuoteCacheContract } from '#helpers/quotes/cache-contract';

const databaseUrl = process.env.DATABASE_URL;

if (!databaseUrl) {
  if (process.env.CI) {
    describe('the quote cache on PostgreSQL', () => {
      it('needs DATABASE_URL in CI', () => {
        throw new Error('DATABASE_URL is not set: CI must run the cache contract on PostgreSQL.');
      });
    });
  } else {
    console.warn(
      'Skipping the PostgreSQL quote cache contract: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it.',
    );
    describe.skip('the quote cache on PostgreSQL (DATABASE_URL not set)', () => {
      it('runs the contract', () => {});
    });
  }
} else {
  // A schema of its own, so that these tables never meet the server's or another run's.
  const schema = `quote_cache_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const pool = new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
  let created = false;

  afterAll(async () => {
    await pool.end();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  describeQuoteCacheContract('PostgreSQL', async () => {
    if (!created) {
      await admin.query(`CREATE SCHEMA ${schema}`);
      await migratePostgres(pool);
      created = true;
    }
    await pool.query(
      `DO $$ BEGIN IF to_regclass('quote_cache_series') IS NOT NULL THEN
         TRUNCATE quote_cache_series, quote_cache_bars, quote_cache_events, quote_unknown_symbols; END IF; END $$`,
    );
    return { open: async () => createPgQuoteCache(pool) };
  });
}
