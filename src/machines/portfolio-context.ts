/**
 * The portfolio machine's context (portfolio-machine.ts): the held set's view, the prices' bookkeeping,
 * the figures, the checked tickers, the settings, and the session's memory; with the pure steps over it
 * that its named actions and guards use.
 */
import type { ListedSet, ListedTransaction, TickerGroups } from '../model';
import type { Account, ListedCash } from '../model/cash';
import type { UserSettings } from '../model/settings';
import type { ChartedDerivation, PricesLoaded } from '../worker';
import { createSessionMemory, type SessionMemory } from './session-memory';

export interface PortfolioContext {
  idToken: string | null;
  /** The set as the worker last answered it, each transaction with its id. */
  transactions: ListedSet | null;
  /** The same transactions per ticker, grouped while they were unpacked. */
  byTicker: TickerGroups<ListedTransaction> | null;
  /** The user's accounts, in their order (never empty once a set is loaded). */
  accounts: Account[];
  /** The cash transactions of every account, by date, each with its id. */
  cash: ListedCash[];
  /** The view every screen shows: an account's id, or null for all accounts. Kept for the session. */
  view: string | null;
  /** The server's version of `transactions` (ETag). */
  version: string | null;
  /** Per ticker of `transactions`, the revision of its rows as the worker named it: unchanged while none of them changed. */
  revisions: Record<string, number>;
  /** Symbols the worker named for the current transactions (tickers and exchange rates). */
  symbols: string[];
  firstDate: string | null;
  /** Symbols whose prices the worker already holds (failed ones included, so they are not asked again in a loop). */
  fetchedSymbols: string[];
  /** First day the held prices cover; an earlier transaction makes every symbol be fetched again. */
  pricesFrom: string | null;
  /** The worker's figures and the dashboard's charts of the checked tickers. */
  derivation: ChartedDerivation | null;
  /** Checked tickers; null = all. */
  active: string[] | null;
  /** Time the worker took for the last derivation or combination, in ms. */
  computeMs: number | null;
  /** Quote entries that came back with an error: symbol → message. */
  priceErrors: Record<string, string>;
  error: string | null;
  /** What this session's views remember (session-memory.ts: the charts, the selectors' last results): a new one at sign-out. */
  memory: SessionMemory;
  /** The user's settings as the server answered them; null until read (or when reading failed). */
  settings: UserSettings | null;
  /** Why the settings could not be read or saved. */
  settingsError: string | null;
}

export const initialContext = (): PortfolioContext => ({
  idToken: null,
  transactions: null,
  byTicker: null,
  accounts: [],
  cash: [],
  view: null,
  version: null,
  revisions: {},
  symbols: [],
  firstDate: null,
  fetchedSymbols: [],
  pricesFrom: null,
  derivation: null,
  active: null,
  computeMs: null,
  priceErrors: {},
  error: null,
  memory: createSessionMemory(),
  settings: null,
  settingsError: null,
});

/** Symbols still to fetch: new ones, or all of them when the history now starts before the prices do. */
export function symbolsToFetch(
  context: Pick<PortfolioContext, 'symbols' | 'fetchedSymbols' | 'pricesFrom' | 'firstDate'>,
): string[] {
  if (context.firstDate === null) return [];
  if (context.pricesFrom === null || context.firstDate < context.pricesFrom) return context.symbols;
  const fetched = new Set(context.fetchedSymbols);
  return context.symbols.filter((symbol) => !fetched.has(symbol));
}

/** The bookkeeping after the worker fetched prices: what counts as fetched, from which day, the symbols needed now, the errors. */
export function pricesTaken(
  context: PortfolioContext,
  loaded: PricesLoaded,
): Pick<PortfolioContext, 'fetchedSymbols' | 'pricesFrom' | 'symbols' | 'priceErrors'> {
  const refetchAll = context.pricesFrom === null || (context.firstDate ?? '') < context.pricesFrom;
  return {
    // The worker fetched the rates the quotes needed in the same call: they count as fetched too.
    fetchedSymbols: [
      ...new Set([...(refetchAll ? [] : context.fetchedSymbols), ...symbolsToFetch(context), ...loaded.fetched]),
    ],
    // A load's prices may come before its set: the worker names the first day they cover.
    pricesFrom: refetchAll ? (context.firstDate ?? loaded.firstDate) : context.pricesFrom,
    symbols: loaded.symbols,
    priceErrors: { ...(refetchAll ? {} : context.priceErrors), ...loaded.errors },
  };
}
