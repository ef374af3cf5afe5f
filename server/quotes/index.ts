/**
 * The quotes service, as the server wires it:
 *
 *   const cache = storage.quotes;   // server/storage: its tables come from migration 2
 *   const service = createQuotesService({ provider, marketDataDir, yahooBaseUrl, cache, log });
 *   app.route('/api/quotes', createQuotesRoutes(service));   // behind the ID-token middleware
 */
export type { CacheCoverage, QuoteCache } from '../storage/quote-cache';
export { createQuotesRoutes, MAX_BODY_BYTES } from './quotes-routes';
export { createQuotesService, DEFAULT_TUNING } from './quotes-service';
export type { QuotesProviderName, QuotesService, QuotesServiceOptions, QuotesTuning } from './quotes-service';
export { marketFileName } from './files-provider';
