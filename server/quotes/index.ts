/**
 * The quotes service, as the server wires it:
 *
 *   const cache = await createQuoteCache(handle);
 *   const service = createQuotesService({ provider, marketDataDir, yahooBaseUrl, cache, log });
 *   app.route('/api/quotes', createQuotesRoutes(service));   // behind the ID-token middleware
 */
import type { Database } from 'better-sqlite3';
import type { Pool } from 'pg';
import { createPgQuoteCache } from './cache-pg';
import { createSqliteQuoteCache } from './cache-sqlite';
import type { QuoteCache } from './quote-cache';

export type DbHandle = { kind: 'sqlite'; db: Database } | { kind: 'pg'; pool: Pool };

/** The cache on the server's database; creates its tables (`quote_cache_*`) when they are absent. */
export async function createQuoteCache(handle: DbHandle): Promise<QuoteCache> {
  return handle.kind === 'sqlite' ? createSqliteQuoteCache(handle.db) : createPgQuoteCache(handle.pool);
}

export type { CacheCoverage, QuoteCache } from './quote-cache';
export { createQuotesRoutes, MAX_BODY_BYTES } from './quotes-routes';
export { createQuotesService, DEFAULT_TUNING } from './quotes-service';
export type { QuotesProviderName, QuotesService, QuotesServiceOptions, QuotesTuning } from './quotes-service';
export { marketFileName } from './files-provider';
