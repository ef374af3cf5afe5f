/**
 * The DEGIRO import, as pure worker code: parse an Account.csv (streamed, with progress), choose tickers,
 * merge into the existing transactions. The same functions run in Node (`scripts/import-csv.ts`).
 */
export { parseDegiroExport } from './parse-degiro-export';
export { applyTickers, normaliseTicker, shippedTicker } from './tickers';
export { mergeImported, type MergeResult } from './merge';
export { ACCOUNT_PRODUCT } from './rows';
export { EXPECTED_HEADER, EXPECTED_HEADER_EN } from './header';
export { IMPORT_ID_PREFIX } from './import-id';
export {
  SKIP_REASONS,
  SKIP_REASON_DESCRIPTIONS,
  type DegiroImport,
  type ImportCounts,
  type ImportedProduct,
  type ImportedTransaction,
  type ImportedTransactions,
  type ImportProgress,
  type ParseOptions,
  type SkipReason,
  type SkippedLine,
  type TickerSource,
  type UnrecognisedLine,
} from './types';
