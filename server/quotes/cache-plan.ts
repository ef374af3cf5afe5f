/**
 * What to ask Yahoo for, given what the cache already covers. A repeated request asks only for the
 * missing tail, starting `healSeconds` before the end of the coverage so that corrected recent bars
 * (and the day's live bar) are replaced. The coverage stays one span without holes: a request before
 * it is fetched up to its start, a request past it from its end.
 */
import { SECONDS_PER_DAY } from '../../src/model/days';
import type { CacheCoverage } from '../storage/quote-cache';

export interface FetchWindow {
  startSeconds: number;
  endSeconds: number;
}

export interface PlanInput {
  coverage: CacheCoverage | null;
  startSeconds: number;
  endSeconds: number;
  nowSeconds: number;
  /** How long coverage that reached the present counts as current (no fetch at all). */
  freshSeconds: number;
  /** How far before the end of the coverage a tail fetch starts. */
  healSeconds: number;
}

/** The window to fetch, or null when the cache answers the request alone. */
export function planFetch(input: PlanInput): FetchWindow | null {
  const { coverage, startSeconds, endSeconds, nowSeconds } = input;
  if (!coverage) return { startSeconds, endSeconds };
  const reachedPresent = coverage.endSeconds >= coverage.fetchedAtSeconds;
  const fresh = reachedPresent && nowSeconds - coverage.fetchedAtSeconds < input.freshSeconds;
  const needsTail = Math.min(endSeconds, nowSeconds) > coverage.endSeconds && !fresh;
  const needsHead = startSeconds < coverage.startSeconds;
  if (needsHead) {
    return { startSeconds, endSeconds: needsTail ? endSeconds : coverage.startSeconds + SECONDS_PER_DAY };
  }
  if (needsTail) return { startSeconds: coverage.endSeconds - input.healSeconds, endSeconds };
  return null;
}

/** The coverage after `window` was fetched at `nowSeconds` and stored. */
export function coverageAfter(coverage: CacheCoverage | null, window: FetchWindow, nowSeconds: number): CacheCoverage {
  const fetchedEnd = Math.min(window.endSeconds, nowSeconds);
  if (!coverage) return { startSeconds: window.startSeconds, endSeconds: fetchedEnd, fetchedAtSeconds: nowSeconds };
  const movesEnd = fetchedEnd >= coverage.endSeconds;
  return {
    startSeconds: Math.min(coverage.startSeconds, window.startSeconds),
    endSeconds: Math.max(coverage.endSeconds, fetchedEnd),
    fetchedAtSeconds: movesEnd ? nowSeconds : coverage.fetchedAtSeconds,
  };
}
