import Database from 'better-sqlite3';
import { createSqliteQuoteCache } from '#server/storage/sqlite/quote-cache';
import { migrateSqlite } from '#server/storage/sqlite/sqlite-storage';
import { describeQuoteCacheContract } from '#helpers/quotes/cache-contract';

describeQuoteCacheContract('SQLite', async () => {
  const db = new Database(':memory:');
  migrateSqlite(db);
  return { open: async () => createSqliteQuoteCache(db) };
});
