/**
 * The quotes service: for each symbol asked, its columns (`quote-columns.ts`) from the configured
 * providers, in the order asked.
 * - `auto`: Yahoo through the cache (when there is one); if Yahoo fails, whatever the cache holds for the
 *   range; else the recorded files.
 * - `yahoo`: Yahoo only (through the cache when there is one, so only the tail is fetched); a failure is
 *   an error entry, never stale data.
 * - `files`: the recorded files only; nothing goes out to the network.
 * Every call to Yahoo is made for the user who asked, within their budget and behind the circuit breaker
 * (`yahoo/upstream-guard.ts`); a symbol Yahoo does not know is remembered a while (`unknown-symbols.ts`).
 */
import type { QuoteEntry } from '../../src/model/quotes';
import { createCachedCharts, type CachedCharts } from './cached-charts';
import { createFilesProvider, type RecordedCharts } from './files-provider';
import { memoColumns } from './quote-columns';
import type { QuoteCache } from '../storage/quote-cache';
import { createMemoryUpstreamLimits, type UpstreamLimitsStore } from '../storage/upstream-limits';
import { createMemoryUnknownSymbols, rememberingUnknownSymbols } from './unknown-symbols';
import type { BudgetLimits } from '../yahoo/upstream-budget';
import type { UpstreamFailure } from '../yahoo/upstream-failure';
import { SERVER_CALLER } from '../yahoo/upstream-guard';
import { DEFAULT_UPSTREAM_LIMITS, yahooUpstreamOptions, type UpstreamLimits } from '../yahoo/yahoo-client';
import { createYahooProvider, type UpstreamCharts } from './yahoo-provider';
import { mapLimited } from '../yahoo/map-limited';

export type QuotesProviderName = 'auto' | 'yahoo' | 'files';

export interface QuotesAnswer {
  /** One entry per symbol, in the order asked. */
  entries: QuoteEntry[];
  /** Set when a symbol needed Yahoo but the user's budget was used up: why, and when to try again. */
  overBudget: { message: string; retryInMs: number } | null;
}

export interface QuotesService {
  /** What `userId` gets for the symbols; `startSeconds`/`endSeconds` are unix seconds. */
  quotesFor(
    userId: string,
    symbols: readonly string[],
    startSeconds: number,
    endSeconds: number,
  ): Promise<QuotesAnswer>;
  /** The entries alone, for the server's own calls (no user asked). */
  getQuotes(symbols: readonly string[], startSeconds: number, endSeconds: number): Promise<QuoteEntry[]>;
}

/** Knobs with production defaults (the upstream limits are the symbol search's too); tests shorten the waits. */
export interface QuotesTuning extends UpstreamLimits {
  /** How long cached data that reached the present counts as current. */
  freshSeconds: number;
  /** Each user's calls to Yahoo (charts): what goes beyond is answered from the cache or files, or refused. */
  userBudget: BudgetLimits;
  /** How long a symbol Yahoo said it does not know is not asked about again. */
  unknownSymbolMs: number;
  nowMs: () => number;
}

export const DEFAULT_TUNING: QuotesTuning = {
  ...DEFAULT_UPSTREAM_LIMITS,
  freshSeconds: 15 * 60,
  userBudget: { burst: 50, perMinute: 30 },
  unknownSymbolMs: 6 * 3600 * 1000,
  nowMs: () => Date.now(),
};

export interface QuotesServiceOptions {
  provider: QuotesProviderName;
  marketDataDir: string;
  yahooBaseUrl?: string;
  cache: QuoteCache | null;
  /** Where the budgets and the breaker are kept (the database); in memory when absent (tests). */
  limits?: UpstreamLimitsStore;
  /**
   * Structured events `{event: 'quotes.…', level: 'info' | 'warn' | 'error', …fields}`: every upstream
   * call (`quotes.upstream`, with its outcome and ms), outages, fallbacks, cache errors and resets.
   */
  log?: (event: Record<string, unknown>) => void;
  tuning?: Partial<QuotesTuning>;
}

/** `refused` hears of every call to Yahoo the user's budget did not allow. */
type Lookup = (
  symbol: string,
  startSeconds: number,
  endSeconds: number,
  userId: string,
  refused: (failure: UpstreamFailure) => void,
) => Promise<QuoteEntry>;

function lookupIn(sources: {
  provider: QuotesProviderName;
  upstream: UpstreamCharts | null;
  cached: CachedCharts | null;
  files: RecordedCharts;
  log: (event: Record<string, unknown>) => void;
}): Lookup {
  const { provider, upstream, cached, files, log } = sources;
  const fromFiles = async (
    symbol: string,
    key: string,
    start: number,
    end: number,
    why: string[],
  ): Promise<QuoteEntry> => {
    const recorded = await files.read(key, start, end);
    if (recorded.ok) {
      if (why.length > 0)
        log({ event: 'quotes.fallback', level: 'warn', symbol, to: recorded.dataSource, reason: why.join('; ') });
      return memoColumns(symbol, recorded.series, recorded.dataSource);
    }
    return { symbol, error: [...why, recorded.message].join('; ') };
  };

  /** A database error must not take the quotes down: log it and go on as if there were no cache. */
  const cacheBroken = (symbol: string, error: unknown): null => {
    log({
      event: 'quotes.cache-error',
      level: 'error',
      symbol,
      message: error instanceof Error ? error.message : String(error),
    });
    return null;
  };

  return async (symbol, start, end, userId, refused) => {
    const key = symbol.toUpperCase();
    if (provider === 'files') return fromFiles(symbol, key, start, end, []);
    const noted = <T extends { ok: boolean; failure?: UpstreamFailure }>(result: T): T => {
      if (result.failure?.kind === 'over-budget') refused(result.failure);
      return result;
    };
    const result = cached
      ? await cached.get(key, start, end, userId).then(noted, (error: unknown) => cacheBroken(symbol, error))
      : null;
    if (result) {
      if (result.ok) return memoColumns(symbol, result.series, result.source);
      if (provider === 'yahoo') return { symbol, error: result.failure.message };
      if (result.cached && result.cached.bars.length > 0) {
        log({ event: 'quotes.fallback', level: 'warn', symbol, to: 'cache', reason: result.failure.message });
        return memoColumns(symbol, result.cached, 'cache');
      }
      return fromFiles(symbol, key, start, end, [result.failure.message, 'nothing cached for the range']);
    }
    const live = noted(await upstream!.fetchSeries(key, start, end, { userId, known: false }));
    if (live.ok) return memoColumns(symbol, live.series, 'yahoo');
    if (provider === 'yahoo') return { symbol, error: live.failure.message };
    return fromFiles(symbol, key, start, end, [live.failure.message]);
  };
}

export function createQuotesService(options: QuotesServiceOptions): QuotesService {
  const tuning: QuotesTuning = { ...DEFAULT_TUNING, ...options.tuning };
  const log = options.log ?? (() => {});
  const nowSeconds = () => Math.floor(tuning.nowMs() / 1000);
  const upstream =
    options.provider === 'files'
      ? null
      : rememberingUnknownSymbols(
          createYahooProvider(
            yahooUpstreamOptions(tuning, options.yahooBaseUrl, log, options.limits ?? createMemoryUpstreamLimits()),
          ),
          options.cache?.unknownSymbols ?? createMemoryUnknownSymbols(),
          { rememberMs: tuning.unknownSymbolMs, nowMs: tuning.nowMs, log },
        );
  const cached =
    upstream && options.cache
      ? createCachedCharts({ cache: options.cache, upstream, nowSeconds, freshSeconds: tuning.freshSeconds, log })
      : null;
  const files = createFilesProvider(options.marketDataDir, log);
  const lookup = lookupIn({ provider: options.provider, upstream, cached, files, log });
  async function quotesFor(
    userId: string,
    symbols: readonly string[],
    startSeconds: number,
    endSeconds: number,
  ): Promise<QuotesAnswer> {
    let overBudget: QuotesAnswer['overBudget'] = null;
    const refused = (failure: UpstreamFailure) => {
      overBudget ??= { message: failure.message, retryInMs: failure.retryInMs ?? 0 };
    };
    const entries = await mapLimited(symbols, tuning.concurrency, (symbol) =>
      lookup(symbol, startSeconds, endSeconds, userId, refused),
    );
    return { entries, overBudget };
  }
  return {
    quotesFor,
    getQuotes: async (symbols, startSeconds, endSeconds) =>
      (await quotesFor(SERVER_CALLER.userId, symbols, startSeconds, endSeconds)).entries,
  };
}
