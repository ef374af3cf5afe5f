/**
 * The DEGIRO import, as pure worker code: parse an Account.csv or a Transactions.csv (streamed, with
 * progress), choose tickers, merge into the existing transactions. The same functions run in Node
 * (`scripts/import-csv.ts`).
 *
 * What the importer decides, deliberately:
 * - Every non-blank data line ends up exactly once in a transaction's `lines`, in `skipped` (with a named
 *   reason) or in `unrecognised` (with the reason); blank lines are left out of the accounting. A
 *   wrapped Order Id line belongs to the row it continues. A buy or sell row without its share count
 *   (`Koop`, `Sell @ 530 EUR`, where DEGIRO writes `Koop 10 @ 52,30 EUR`) that nothing else reads is
 *   unrecognised with that reason (how many shares is not known); its cost rows stay commissions.
 * - The preview counts what the merge will do (`import-session.ts`): new transactions, those already
 *   imported, and those among them it completes (tax filled in, EUR conversion, a shared id); with none
 *   new and none completed, the import is not offered (the page says why).
 * - Numbers: a lone separator before three digits (`1.234`) is read with the decimal mark the row's other
 *   numbers prove (the price in the description, the amount, the balance), else the file's majority,
 *   else the header's language. Spaces and apostrophes may group digits (`1 046,38`, `1'185.08`).
 * - Trades: value = −amount (positive paid for a buy, negative received for a sell); shares negative for
 *   a sell. Product changes, ISIN changes, mergers (`PRODUCTWIJZIGING : Koop/Verkoop …`) move shares at
 *   value 0, so the old product's shares go and the new one's come; `STOCK DIVIDEND: Koop` adds free
 *   shares at value 0. Share-split bookings are skipped ('share split'): the engine splits with the
 *   market data. Accrued bond interest (`Meegekochte Rente`) is added to its trade's value.
 * - Commissions: a product's fees, taxes, stamp duty (value = −amount). Costs without a product
 *   (connection fees; promotions, courtesy payments and refunds positive) are the account's fees: cash.
 * - Cash (`cash.ts`): deposits, withdrawals (by their sign), interest of either sign, the account's fees
 *   and conversions no trade or dividend takes (one per currency) are cash transactions; cash sweeps,
 *   money-market conversions and iDEAL reservations move money between the account's own places and are
 *   skipped with their reason. A cash line in a currency that is no ISO 4217 code is unrecognised (a
 *   conversion with both its legs). `reconcile.ts` checks the statement's balance per currency and day.
 * - Dividends: the dividend, withholding-tax and ADR-fee rows of one product, currency and day are netted
 *   into one dividend (reversals included), the tax rows kept as its `tax`; one whose tax takes all of it
 *   is a dividend of value 0 with the gross as tax; one that a reversal cancels is skipped ('dividend nets
 *   to zero'). A tax refund of a later day goes to the product's latest earlier dividend whose tax covers
 *   it (value up, tax down, ids joined by `+`); without one it is a dividend of its own with no tax.
 * - Currencies: a conversion pair settles, in order, the trade of its Order Id, a trade of the same
 *   minute and product (old exports), or the foreign dividends of the 31 days before it that add up to
 *   what it converted; they are then in EUR, at the EUR that actually moved (split to the cent over
 *   several dividends). Other pairs are cash conversions. Unsettled USD stays USD; any
 *   other currency (GBP, JPY…) is unrecognised, with the reason.
 * - Import ids hash a row's content that survives re-exporting (dates, minute, ISIN, kind, currency,
 *   amount; not the wording, number format, balance or Order Id), plus the occurrence of identical rows,
 *   so an overlapping or re-exported file adds nothing twice. Trades are keyed by what both files show
 *   (day, product, side, share count) and a product's costs by day, product and amount, so Account.csv
 *   and Transactions.csv give the same trade the same id; a trade stored under its former id (the row's
 *   content) takes the shared one when the merge meets it.
 * - An order's costs are one commission (`order-costs.ts`): the cost rows of one Order Id, product, day and
 *   currency are summed (Account.csv may book DEGIRO's fee and a third party's as two rows, `-2,00` and
 *   `-0,37`, or one row per fill, where Transactions.csv gives one cell per fill), and keyed by day, product
 *   and that sum, so both files give them one id. Cost rows without an Order Id stay one commission each.
 *   Commissions an earlier version stored per cost row are replaced by the order's one on the next import
 *   (the preview counts it as already imported).
 * - Transactions.csv (`trades-file.ts`): a row is a trade (negative quantity: a sell) valued in EUR at the
 *   value plus the AutoFX fee, and its costs a commission of the same line; its exchange goes to the
 *   product (`venue`) for the symbol lookup.
 */
export { parseDegiroExport } from './parse-degiro-export';
export {
  ACCOUNT_TICKER,
  applyTickers,
  asSaved,
  assignTickers,
  normaliseTicker,
  placeholderTicker,
  shippedTicker,
  type TickerChoice,
} from './tickers';
export { mergeCounts, mergeImported, type MergeCounts, type MergeResult } from './merge';
export { ACCOUNT_PRODUCT } from './rows';
export { EXPECTED_HEADER, EXPECTED_HEADER_EN } from './header';
export { IMPORT_ID_PREFIX } from './import-id';
export {
  SKIP_REASONS,
  SKIP_REASON_DESCRIPTIONS,
  type CashCounts,
  type DegiroImport,
  type ImportedCash,
  type ImportCounts,
  type ImportedProduct,
  type ImportedTransaction,
  type ImportedTransactions,
  type ImportProgress,
  type ParseOptions,
  type Reconciliation,
  type SkipReason,
  type SkippedLine,
  type TickerSource,
  type UnrecognisedLine,
} from './types';
