/**
 * The symbols service, as the server wires it:
 *
 *   const service = createSymbolsService({ provider, searchDir, yahooBaseUrl, store: storage.symbols, log });
 *   app.route('/api/symbols', createSymbolsRoutes(service, storage.symbols, log));   // behind the ID-token check
 */
export { createSymbolsRoutes, MAX_SYMBOLS_BODY_BYTES } from './symbols-routes';
export { createSymbolsService, DEFAULT_SYMBOLS_TUNING } from './symbols-service';
export type { SymbolsService, SymbolsServiceOptions, SymbolsTuning } from './symbols-service';
export { listingsFromSearch, rankListings } from './listings';
