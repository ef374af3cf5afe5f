/**
 * Yahoo's search (yahoo-finance2's `search()`; an ISIN is a valid query) through the same transport as
 * the quotes (timeout per attempt, retries of 429/5xx, `baseUrl` redirection, browser user agent) and a
 * circuit breaker of its own with the quotes' outage time. Only an ISIN ever reaches it: the service
 * checks every query first, so it cannot be used to send anything else upstream.
 */
import type { SymbolCandidate } from '../../src/model';
import { failureOf, type UpstreamFailure } from '../yahoo/upstream-failure';
import { SERVER_CALLER, type UpstreamCaller } from '../yahoo/upstream-guard';
import { createGuardedYahoo, type YahooUpstreamOptions } from '../yahoo/yahoo-client';
import { listingsFromSearch } from './listings';

export type SearchResult = { ok: true; candidates: SymbolCandidate[] } | { ok: false; failure: UpstreamFailure };

export interface SymbolSearch {
  /**
   * The listings Yahoo finds for the ISIN, in Yahoo's order (unranked), for `caller` (whose budget pays
   * for the call, see `yahoo/upstream-guard.ts`); without one, the server's own call.
   */
  search(isin: string, caller?: UpstreamCaller): Promise<SearchResult>;
}

/** Listings asked of Yahoo per ISIN: an ISIN has a handful; more would be other products. */
const QUOTES_COUNT = 10;

export function createYahooSearch(options: YahooUpstreamOptions): SymbolSearch {
  const { log } = options;
  const { yahooFinance, guard } = createGuardedYahoo(options, { events: 'symbols', what: 'symbol searches' });

  async function call(isin: string): Promise<SearchResult> {
    try {
      // Our own parsing validates; yahoo-finance2's schema would refuse an answer for a harmless new field.
      const answer: unknown = await yahooFinance.search(
        isin,
        { quotesCount: QUOTES_COUNT, newsCount: 0, enableFuzzyQuery: false, enableNavLinks: false, enableCb: false },
        { validateResult: false },
      );
      const parsed = listingsFromSearch(answer);
      if (!parsed.ok)
        return {
          ok: false,
          failure: { kind: 'bad-response', message: `unusable answer from Yahoo's search: ${parsed.reason}` },
        };
      return { ok: true, candidates: parsed.candidates };
    } catch (error) {
      return { ok: false, failure: failureOf(error, "Yahoo's search") };
    }
  }

  /** The call, timed and logged. */
  async function logged(isin: string, caller: UpstreamCaller): Promise<SearchResult> {
    const startedMs = Date.now();
    const result = await call(isin);
    log({
      event: 'symbols.upstream',
      level: result.ok ? 'info' : 'warn',
      isin,
      user: caller.userId,
      ms: Date.now() - startedMs,
      outcome: result.ok ? 'ok' : result.failure.kind,
      ...(result.ok ? { listings: result.candidates.length } : { message: result.failure.message }),
    });
    return result;
  }

  return {
    search: (isin, caller = SERVER_CALLER) => guard.run(isin, caller, () => logged(isin, caller)),
  };
}
