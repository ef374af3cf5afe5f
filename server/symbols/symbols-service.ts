/**
 * ISIN → Yahoo symbol for a user's products. Sources, in order: the user's own earlier choice; a cached
 * lookup still fresh; the live search (Yahoo, or the recorded answers with `QUOTES_PROVIDER=files`), whose
 * answer is cached; a cached lookup of any age when the search fails; the shipped ISIN table last.
 * The proposed symbol is the saved choice, else the best-ranked listing, else the table's.
 */
import isinTickers from '../../data/isin-tickers.json';
import type { SymbolCandidate, SymbolProduct, SymbolResolution } from '../../src/model';
import { MAX_SYMBOL_PRODUCTS } from '../../src/model';
import type { BudgetLimits } from '../yahoo/upstream-budget';
import { DEFAULT_UPSTREAM_LIMITS, yahooUpstreamOptions, type UpstreamLimits } from '../yahoo/yahoo-client';
import type { StoredLookup, SymbolStore } from '../storage/types';
import { createMemoryUpstreamLimits, type UpstreamLimitsStore } from '../storage/upstream-limits';
import { isProposable, rankListings, tableCandidate } from './listings';
import { createRecordedSearch } from './recorded-search';
import { createYahooSearch, type SearchResult, type SymbolSearch } from './yahoo-search';
import { mapLimited } from '../yahoo/map-limited';

export type SymbolsProviderName = 'auto' | 'yahoo' | 'files';

/** Knobs with production defaults; the upstream limits are the quotes' ones, so Yahoo sees one well-behaved client. */
export interface SymbolsTuning extends UpstreamLimits {
  /** How long a lookup that found listings is reused before Yahoo is asked again. */
  freshMs: number;
  /** The same for a lookup that found none (the ISIN may be listed later). */
  emptyFreshMs: number;
  /** Each user's searches sent to Yahoo: what goes beyond is answered from the stored lookups and the table. */
  userBudget: BudgetLimits;
  nowMs: () => number;
}

export const DEFAULT_SYMBOLS_TUNING: SymbolsTuning = {
  ...DEFAULT_UPSTREAM_LIMITS,
  freshMs: 30 * 24 * 3600 * 1000,
  emptyFreshMs: 24 * 3600 * 1000,
  // One request may carry 200 products; a lookup is then stored for 30 days (a day when it found none).
  userBudget: { burst: MAX_SYMBOL_PRODUCTS, perMinute: 60 },
  nowMs: () => Date.now(),
};

export interface SymbolsServiceOptions {
  provider: SymbolsProviderName;
  /** Recorded search answers, `<ISIN>.json`. */
  searchDir: string;
  yahooBaseUrl?: string;
  store: SymbolStore;
  /** Where the budgets and the breaker are kept (the database); in memory when absent (tests). */
  limits?: UpstreamLimitsStore;
  log?: (event: Record<string, unknown>) => void;
  tuning?: Partial<SymbolsTuning>;
}

export interface SymbolsService {
  /** One resolution per product, in the order given. ISINs must have been checked. */
  resolve(userId: string, products: readonly SymbolProduct[]): Promise<SymbolResolution[]>;
}

const SHIPPED: Readonly<Record<string, string>> = isinTickers;

export function createSymbolsService(options: SymbolsServiceOptions): SymbolsService {
  const tuning: SymbolsTuning = { ...DEFAULT_SYMBOLS_TUNING, ...options.tuning };
  const log = options.log ?? (() => {});
  const { store } = options;
  const recorded = createRecordedSearch(options.searchDir);
  const yahoo: SymbolSearch | null =
    options.provider === 'files'
      ? null
      : createYahooSearch(
          yahooUpstreamOptions(tuning, options.yahooBaseUrl, log, options.limits ?? createMemoryUpstreamLimits()),
        );

  const isFresh = (lookup: StoredLookup) =>
    tuning.nowMs() - lookup.fetchedAtMs < (lookup.candidates.length > 0 ? tuning.freshMs : tuning.emptyFreshMs);

  /** The listings of one ISIN and, when the search failed, why. */
  async function listings(
    isin: string,
    cached: StoredLookup | undefined,
    userId: string,
  ): Promise<{ candidates: SymbolCandidate[]; problem?: string }> {
    if (cached && isFresh(cached)) return { candidates: cached.candidates };
    if (!yahoo) {
      const offline = await recorded.search(isin);
      return offline.ok
        ? { candidates: offline.candidates }
        : { candidates: cached?.candidates ?? [], problem: offline.failure.message };
    }
    // An ISIN with a stored lookup is one Yahoo answered for: a 5xx for it is Yahoo's trouble, not the ISIN's.
    const live: SearchResult = await yahoo.search(isin, { userId, known: cached !== undefined });
    if (live.ok) {
      await store
        .saveLookup(isin, { candidates: live.candidates, fetchedAtMs: tuning.nowMs() })
        .catch((error: unknown) =>
          log({
            event: 'symbols.cache-error',
            level: 'error',
            isin,
            message: error instanceof Error ? error.message : String(error),
          }),
        );
      return { candidates: live.candidates };
    }
    if (cached) return { candidates: cached.candidates, problem: live.failure.message };
    if (options.provider === 'auto') {
      const offline = await recorded.search(isin);
      if (offline.ok && offline.candidates.length > 0) {
        log({ event: 'symbols.fallback', level: 'warn', isin, to: 'files', reason: live.failure.message });
        return { candidates: offline.candidates, problem: live.failure.message };
      }
    }
    return { candidates: [], problem: live.failure.message };
  }

  return {
    async resolve(userId, products) {
      const isins = products.map((product) => product.isin);
      const [saved, cached] = await Promise.all([store.choices(userId, isins), store.lookups(isins)]);
      return mapLimited(products, tuning.concurrency, async (product): Promise<SymbolResolution> => {
        const { isin } = product;
        const found = await listings(isin, cached.get(isin), userId);
        const candidates = [...found.candidates];
        const shipped = Object.hasOwn(SHIPPED, isin) ? SHIPPED[isin]! : null;
        const name = product.name ?? isin;
        if (shipped && !candidates.some((candidate) => candidate.symbol === shipped))
          candidates.push(tableCandidate(shipped, name));
        const ranked = rankListings(candidates, product);
        const mine = saved.get(isin);
        if (mine && !ranked.some((candidate) => candidate.symbol === mine)) ranked.unshift(tableCandidate(mine, name));
        // Only a listing a search found is proposed as a lookup; the table's symbol keeps its own source.
        const proposed = ranked.find((candidate) => isProposable(candidate) && found.candidates.includes(candidate));
        const resolution: SymbolResolution = {
          isin,
          candidates: ranked,
          chosen: mine
            ? { symbol: mine, source: 'saved' }
            : proposed
              ? { symbol: proposed.symbol, source: 'lookup' }
              : shipped
                ? { symbol: shipped, source: 'table' }
                : null,
        };
        if (found.problem) resolution.problem = found.problem;
        return resolution;
      });
    },
  };
}
