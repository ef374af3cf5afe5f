/**
 * What the UI may read from the machines. Components call these through `useSelector`; they never
 * reach into context shapes themselves, so a machine can change its context without touching the UI.
 */
import type { SnapshotFrom } from 'xstate';
import {
  byDateDescending,
  countTransactions,
  isValidIsin,
  type ListedTransaction,
  type TransactionType,
} from '../model';
import type { Derivation } from '../worker';
import type { authMachine } from './auth-machine';
import type { PortfolioSnapshot } from './portfolio-machine';
import type { importMachine } from './import-machine';
import type { transactionListMachine } from './transaction-list-machine';
import type { transactionsMachine } from './transactions-machine';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;
type TransactionsSnapshot = SnapshotFrom<typeof transactionsMachine>;
type TransactionListSnapshot = SnapshotFrom<typeof transactionListMachine>;

export type AuthStatus = 'checking' | 'signedOut' | 'redirecting' | 'signedIn' | 'signingOut';

export const selectAuthStatus = (s: AuthSnapshot): AuthStatus => {
  if (s.matches('signedIn')) return 'signedIn';
  if (s.matches('signedOut')) return 'signedOut';
  if (s.matches('redirecting')) return 'redirecting';
  if (s.matches('signingOut')) return 'signingOut';
  return 'checking';
};
export const selectAuthError = (s: AuthSnapshot): string | null => s.context.error;
export const selectUserName = (s: AuthSnapshot): string | null => s.context.user?.name ?? null;

export type PortfolioStatus = 'idle' | 'loading' | 'loadFailed' | 'deriving' | 'deriveFailed' | 'ready';

export const selectPortfolioStatus = (s: PortfolioSnapshot): PortfolioStatus => {
  if (s.matches('ready')) return 'ready';
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('deriveFailed')) return 'deriveFailed';
  if (s.matches('idle')) return 'idle';
  return 'deriving';
};
export const selectPortfolioError = (s: PortfolioSnapshot): string | null =>
  s.hasTag('failed') || s.hasTag('pricesFailed') ? s.context.error : null;
export const selectPricesLoading = (s: PortfolioSnapshot): boolean => s.hasTag('pricesLoading');
/**
 * Why the figures shown are about to change: `prices` while the prices load (the figures are the ones
 * before the quotes), `figures` while a saved or reloaded set is derived (they are the previous set's);
 * null when they are the latest (or when there are none yet: the pages say they are loading).
 */
export type FiguresPending = 'prices' | 'figures' | null;
export const selectFiguresPending = (s: PortfolioSnapshot): FiguresPending =>
  s.hasTag('pricesLoading') ? 'prices' : s.hasTag('busy') && s.context.derivation !== null ? 'figures' : null;
export const selectPricesFailed = (s: PortfolioSnapshot): boolean => s.hasTag('pricesFailed');
export const selectPriceErrors = (s: PortfolioSnapshot): Record<string, string> => s.context.priceErrors;
export const selectTransactions = (s: PortfolioSnapshot) => s.context.transactions;
/** The same transactions per ticker, as the view was unpacked. */
export const selectTransactionsByTicker = (s: PortfolioSnapshot) => s.context.byTicker;
/** The server's version of the set the page holds. */
export const selectTransactionsVersion = (s: PortfolioSnapshot): string | null => s.context.version;
/** Per ticker of the set, the revision of its rows (the worker's view names them). */
export const selectTickerRevisions = (s: PortfolioSnapshot): Readonly<Record<string, number>> => s.context.revisions;
export const selectDerivation = (s: PortfolioSnapshot) => s.context.derivation;
export const selectSummary = (s: PortfolioSnapshot) => s.context.derivation?.summary ?? null;
export const selectActiveSeries = (s: PortfolioSnapshot) => s.context.derivation?.active ?? null;
export const selectTickerNames = (s: PortfolioSnapshot): string[] => Object.keys(s.context.derivation?.tickers ?? {});
/** Checked tickers; all of them until the user unchecks one. */
export const selectActiveTickers = (s: PortfolioSnapshot): string[] =>
  s.context.active ?? Object.keys(s.context.derivation?.tickers ?? {});
export const selectComputeMs = (s: PortfolioSnapshot): number | null => s.context.computeMs;
export const selectHoldings = (s: PortfolioSnapshot) => s.context.derivation?.holdings ?? null;

/** A holding imported under its ISIN because no symbol was known: no price source until the user picks one. */
export interface UnpricedProduct {
  isin: string;
  product: string | null;
}

const unpricedProducts = (tickers: Derivation['tickers'] | undefined): UnpricedProduct[] =>
  Object.entries(tickers ?? {})
    .filter(([ticker, figures]) => isValidIsin(ticker) && figures.amountOfShares > 0)
    .map(([isin, figures]) => ({ isin, product: figures.product }))
    .sort((a, b) => a.isin.localeCompare(b.isin));

/** The open holdings under an ISIN placeholder, by ISIN. */
export const selectUnpricedProducts = (s: PortfolioSnapshot): UnpricedProduct[] =>
  s.context.memory.last(unpricedProducts)(s.context.derivation?.tickers);
export const selectPerformance = (s: PortfolioSnapshot) => s.context.derivation?.performance ?? null;
export const selectBenchmark = (s: PortfolioSnapshot) => s.context.derivation?.benchmark ?? null;
export const selectSettings = (s: PortfolioSnapshot) => s.context.settings;
/** The currency the figures shown are in: the derivation's own (EUR before the first). */
export const selectBaseCurrency = (s: PortfolioSnapshot): string => s.context.derivation?.baseCurrency ?? 'EUR';
export const selectSettingsError = (s: PortfolioSnapshot): string | null => s.context.settingsError;
export const selectSettingsSaving = (s: PortfolioSnapshot): boolean => s.hasTag('settingsSaving');

export const selectSaving = (s: TransactionsSnapshot): boolean => s.hasTag('busy');
export const selectSaveError = (s: TransactionsSnapshot): string | null => s.context.error;
export const selectSaveConflict = (s: TransactionsSnapshot): boolean => s.context.conflict;
export const selectPendingChange = (s: TransactionsSnapshot): string | null =>
  s.context.pending ? s.context.pendingText : null;
export const selectSavedCount = (s: TransactionsSnapshot): number => s.context.saved;

export const selectMatches = (s: TransactionListSnapshot) => s.context.matches;
export const selectSearching = (s: TransactionListSnapshot): boolean => s.hasTag('busy');
export const selectSearchError = (s: TransactionListSnapshot): string | null => s.context.error;

export interface StockRow {
  transaction: ListedTransaction;
  pricePerShare: number;
}

/** One ticker's section of the transactions page. */
export interface TickerSection {
  ticker: string;
  /** The revision of the ticker's rows this section was built from (the worker's view names it); undefined when unknown. */
  revision: number | undefined;
  stock: StockRow[];
  dividend: ListedTransaction[];
  commission: ListedTransaction[];
}

/**
 * `list` newest first, the transactions of one day in their order in `list`. The worker lists each type
 * oldest first (the stored order): then the days are taken from the end, each day's run as it stands,
 * without a sort's comparisons (a ticker an import gave 20,000 rows is sorted in about a millisecond).
 */
function newestFirst<T extends { date: string }>(list: readonly T[]): T[] {
  for (let i = 1; i < list.length; i += 1)
    if (list[i - 1]!.date > list[i]!.date) return [...list].sort(byDateDescending);
  const ordered = new Array<T>(list.length);
  let k = 0;
  for (let end = list.length; end > 0;) {
    const date = list[end - 1]!.date;
    let start = end - 1;
    while (start > 0 && list[start - 1]!.date === date) start -= 1;
    for (let i = start; i < end; i += 1) ordered[k++] = list[i]!;
    end = start;
  }
  return ordered;
}

/**
 * The transactions page's sections, from the set's transactions per ticker (`groupByTicker`; the page's
 * view comes grouped from the unpacking): one per ticker, alphabetical, each list newest first (one day's
 * transactions in the order they were saved). A section of `drawn` whose ticker has the same revision in
 * `revisions` is handed back as it is (the same object, the same arrays): its rows did not change, so the
 * page leaves it alone; only the other tickers' rows are ordered. `byTicker` is left as it is.
 */
export function tickerSections(
  byTicker: ReadonlyMap<string, Readonly<Record<TransactionType, readonly ListedTransaction[]>>> | null,
  revisions: Readonly<Record<string, number>> = {},
  drawn: readonly TickerSection[] = [],
): TickerSection[] {
  if (!byTicker) return [];
  const earlier = new Map(drawn.map((section) => [section.ticker, section]));
  const sections: TickerSection[] = [];
  for (const [ticker, group] of byTicker) {
    const revision = Object.hasOwn(revisions, ticker) ? revisions[ticker] : undefined;
    const kept = earlier.get(ticker);
    if (kept && revision !== undefined && kept.revision === revision) {
      sections.push(kept);
      continue;
    }
    sections.push({
      ticker,
      revision,
      stock: newestFirst(group.stock).map((transaction) => ({
        transaction,
        pricePerShare: transaction.amount === 0 ? 0 : transaction.value / transaction.amount,
      })),
      dividend: newestFirst(group.dividend),
      commission: newestFirst(group.commission),
    });
  }
  return sections.sort((a, b) => a.ticker.localeCompare(b.ticker));
}

export const selectTransactionCount = (s: PortfolioSnapshot): number =>
  s.context.transactions ? countTransactions(s.context.transactions) : 0;

type ImportSnapshot = SnapshotFrom<typeof importMachine>;

export type ImportStatus = 'idle' | 'parsing' | 'preview' | 'saving' | 'done' | 'failed';

export const selectImportStatus = (s: ImportSnapshot): ImportStatus => {
  for (const state of ['parsing', 'preview', 'saving', 'done', 'failed'] as const) if (s.matches(state)) return state;
  return 'idle';
};
export const selectImportFileName = (s: ImportSnapshot): string | null => s.context.fileName;
/** Parse progress, 0–1, or null before the first report. */
export const selectImportProgress = (s: ImportSnapshot): number | null =>
  s.context.progress && s.context.progress.totalBytes > 0
    ? Math.min(1, s.context.progress.bytes / s.context.progress.totalBytes)
    : null;
export const selectImportRows = (s: ImportSnapshot): number => s.context.progress?.rows ?? 0;
export const selectImportPreview = (s: ImportSnapshot) => s.context.preview;
export const selectImportTickers = (s: ImportSnapshot): Record<string, string> => s.context.tickers;
export const selectImportChecks = (s: ImportSnapshot) => s.context.checks;
/** True while the worker looks up the products' symbols (the preview shows, and Import works, meanwhile). */
export const selectImportLookingUp = (s: ImportSnapshot): boolean => s.hasTag('lookingUp');
export const selectImportLookupMessage = (s: ImportSnapshot): string | null => s.context.lookupMessage;
export const selectImportResult = (s: ImportSnapshot) => s.context.result;
/** The account the file goes to: an existing one by id, or a new one by name; null before a file is chosen. */
export const selectImportTarget = (s: ImportSnapshot) => s.context.target;
export const selectImportError = (s: ImportSnapshot): string | null => s.context.error;
