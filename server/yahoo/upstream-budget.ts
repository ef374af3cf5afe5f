/**
 * Each user's budget of calls to Yahoo, a token bucket: `burst` calls at once, then `perMinute` more
 * a minute. Answers from the cache, the recorded files or the unknown-symbol memory cost nothing; only a
 * call that goes out does. So one user (or one script) cannot make the server hammer Yahoo.
 * The buckets are kept in the database (`storage/upstream-limits.ts`): every instance on it takes from
 * the same bucket, and a restart does not refill it.
 */
import type { UpstreamLimitsStore } from '../storage/upstream-limits';

export interface BudgetLimits {
  /** Calls a user may make at once (the bucket's size). */
  burst: number;
  /** Calls the bucket gains a minute. */
  perMinute: number;
}

export type BudgetDecision = { ok: true } | { ok: false; retryInMs: number; message: string };

export interface UpstreamBudget {
  /** Takes one call from `userId`'s bucket, or says when the next one is there. */
  take(userId: string): Promise<BudgetDecision>;
  /** Returns a call taken for one that did not go out after all. */
  giveBack(userId: string): Promise<void>;
}

interface Bucket {
  tokens: number;
  atMs: number;
}

/** A stored bucket, or a full one when there is none (or it is not one: never trust the row blindly). */
function bucketOf(state: string | undefined, limits: BudgetLimits, atMs: number): Bucket {
  const parsed = state === undefined ? undefined : (JSON.parse(state) as Partial<Bucket>);
  return typeof parsed?.tokens === 'number' && typeof parsed.atMs === 'number' && Number.isFinite(parsed.tokens)
    ? { tokens: parsed.tokens, atMs: Math.min(parsed.atMs, atMs) }
    : { tokens: limits.burst, atMs };
}

export function createUpstreamBudget(
  limits: BudgetLimits,
  nowMs: () => number,
  what: string,
  store: { limits: UpstreamLimitsStore; scope: string },
): UpstreamBudget {
  const msPerCall = 60_000 / limits.perMinute;
  const scope = `${store.scope}.budget`;
  const tokensAt = (bucket: Bucket, atMs: number) =>
    Math.min(limits.burst, bucket.tokens + (atMs - bucket.atMs) / msPerCall);

  return {
    take(userId) {
      const atMs = nowMs();
      return store.limits.change(scope, userId, atMs, (state): { state: string; result: BudgetDecision } => {
        const tokens = tokensAt(bucketOf(state, limits, atMs), atMs);
        if (tokens >= 1) return { state: JSON.stringify({ tokens: tokens - 1, atMs }), result: { ok: true } };
        const retryInMs = Math.ceil((1 - tokens) * msPerCall);
        const message =
          `You have used your ${what} from Yahoo for now (${limits.burst} at once, then ${limits.perMinute} a minute); ` +
          `try again in ${Math.ceil(retryInMs / 1000)} s`;
        return { state: JSON.stringify({ tokens, atMs }), result: { ok: false, retryInMs, message } };
      });
    },
    giveBack(userId) {
      const atMs = nowMs();
      return store.limits.change(scope, userId, atMs, (state) => {
        const bucket = bucketOf(state, limits, atMs);
        return {
          state: JSON.stringify({ tokens: Math.min(limits.burst, bucket.tokens + 1), atMs: bucket.atMs }),
          result: undefined,
        };
      });
    },
  };
}
