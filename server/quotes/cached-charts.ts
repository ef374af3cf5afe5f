/**
 * Yahoo through the database cache. Per symbol, one request at a time (a second one waits and then
 * finds the cache current, or the symbol remembered as unknown: concurrent requests make one call). Only a response that passed `parseChart` is written, so a failed or garbage
 * upstream answer leaves the cache as it was; the caller then gets the failure and whatever the cache
 * holds for the range, to serve or not.
 */
import { SECONDS_PER_DAY } from '../../src/model/days';
import { coverageAfter, planFetch, type FetchWindow } from './cache-plan';
import type { CacheCoverage, QuoteCache } from '../storage/quote-cache';
import { sliceSeries, type QuoteSeries } from './series';
import { lastSecondsOf, SeriesMemo } from './series-memo';
import type { UpstreamFailure } from '../yahoo/upstream-failure';
import type { UpstreamCaller } from '../yahoo/upstream-guard';
import type { UpstreamCharts } from './yahoo-provider';

export type CachedResult =
  | { ok: true; series: QuoteSeries; source: 'yahoo' | 'cache' }
  | { ok: false; failure: UpstreamFailure; cached: QuoteSeries | null };

export interface CachedCharts {
  /**
   * `symbol` as stored: the service passes it upper-cased. A fetch is made for `userId` (their budget
   * pays); a symbol with something cached counts as one Yahoo knows (`yahoo/upstream-guard.ts`).
   */
  get(symbol: string, startSeconds: number, endSeconds: number, userId: string): Promise<CachedResult>;
}

export const HEAL_SECONDS = 5 * SECONDS_PER_DAY;

export function createCachedCharts(options: {
  cache: QuoteCache;
  upstream: UpstreamCharts;
  nowSeconds: () => number;
  freshSeconds: number;
  log: (event: Record<string, unknown>) => void;
}): CachedCharts {
  const { cache, upstream, log } = options;
  const queues = new Map<string, Promise<unknown>>();
  /** The series last read from the cache, under the stored coverage and write token they were read with. */
  const memo = new SeriesMemo();

  /**
   * What the cache holds for the range, the very series read before while the stored one is the same (its
   * write token and coverage): nothing read again. A series stored before migration 12 has no token: read.
   */
  async function readStored(
    symbol: string,
    coverage: CacheCoverage,
    startSeconds: number,
    endSeconds: number,
  ): Promise<QuoteSeries> {
    if (!coverage.written) return (await cache.read(symbol, startSeconds, endSeconds))!;
    const version = [coverage.written, coverage.startSeconds, coverage.endSeconds, coverage.fetchedAtSeconds].join();
    const kept = memo.get(symbol, version, startSeconds, endSeconds);
    if (kept) return kept;
    // Read to the end, so the memo knows the series' last bar: a later request's end past it gets the same.
    const fromStart = (await cache.read(symbol, startSeconds, Number.MAX_SAFE_INTEGER))!;
    if (endSeconds < lastSecondsOf(fromStart)) return sliceSeries(fromStart, startSeconds, endSeconds);
    memo.put(symbol, version, startSeconds, fromStart);
    return fromStart;
  }

  /** Runs `work` after every earlier call for the same symbol has finished. */
  function oneAtATime<T>(symbol: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(symbol) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    queues.set(symbol, settled);
    void settled.then(() => {
      if (queues.get(symbol) === settled) queues.delete(symbol);
    });
    return next;
  }

  /**
   * A split the cache does not know yet, after some stored bar: Yahoo has re-scaled every close before
   * it, so the stored ones are stale.
   */
  async function hasNewSplit(
    symbol: string,
    fetched: QuoteSeries,
    coverage: CacheCoverage,
    window: FetchWindow,
  ): Promise<boolean> {
    const later = fetched.splits.filter((split) => split.dateSeconds > coverage.startSeconds);
    if (later.length === 0) return false;
    const stored = await cache.read(symbol, window.startSeconds, window.endSeconds);
    const knownDays = new Set((stored?.splits ?? []).map((split) => split.epochDay));
    return later.some((split) => !knownDays.has(split.epochDay));
  }

  async function get(symbol: string, startSeconds: number, endSeconds: number, userId: string): Promise<CachedResult> {
    const nowSeconds = options.nowSeconds();
    const coverage = await cache.coverage(symbol);
    const window = planFetch({
      coverage,
      startSeconds,
      endSeconds,
      nowSeconds,
      freshSeconds: options.freshSeconds,
      healSeconds: HEAL_SECONDS,
    });
    if (!window)
      return { ok: true, series: await readStored(symbol, coverage!, startSeconds, endSeconds), source: 'cache' };

    const caller: UpstreamCaller = { userId, known: coverage !== null };
    const fetched = await upstream.fetchSeries(symbol, window.startSeconds, window.endSeconds, caller);
    if (!fetched.ok) {
      return {
        ok: false,
        failure: fetched.failure,
        cached: coverage ? await cache.read(symbol, startSeconds, endSeconds) : null,
      };
    }
    if (coverage && (await hasNewSplit(symbol, fetched.series, coverage, window))) {
      log({ event: 'quotes.cache-reset', level: 'info', symbol, reason: 'a new split re-scaled the stored closes' });
      const full = { startSeconds, endSeconds };
      const refetched = await upstream.fetchSeries(symbol, full.startSeconds, full.endSeconds, caller);
      if (!refetched.ok) return { ok: false, failure: refetched.failure, cached: null };
      memo.forget(symbol);
      await cache.forget(symbol);
      await cache.write(symbol, refetched.series, coverageAfter(null, full, nowSeconds));
    } else {
      memo.forget(symbol);
      await cache.write(symbol, fetched.series, coverageAfter(coverage, window, nowSeconds));
    }
    return { ok: true, series: (await cache.read(symbol, startSeconds, endSeconds))!, source: 'yahoo' };
  }

  return {
    get: (symbol, startSeconds, endSeconds, userId) =>
      oneAtATime(symbol, () => get(symbol, startSeconds, endSeconds, userId)),
  };
}
