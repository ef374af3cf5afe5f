/**
 * Each user's budget of calls to Yahoo, a token bucket: `burst` calls at once, then `perMinute` more
 * a minute. Answers from the cache, the recorded files or the unknown-symbol memory cost nothing; only a
 * call that goes out does. So one user (or one script) cannot make the server hammer Yahoo.
 */

export interface BudgetLimits {
  /** Calls a user may make at once (the bucket's size). */
  burst: number;
  /** Calls the bucket gains a minute. */
  perMinute: number;
}

export type BudgetDecision = { ok: true } | { ok: false; retryInMs: number; message: string };

export interface UpstreamBudget {
  /** Takes one call from `userId`'s bucket, or says when the next one is there. */
  take(userId: string): BudgetDecision;
  /** Returns a call taken for one that did not go out after all. */
  giveBack(userId: string): void;
}

/** Buckets kept before full ones (users who have been quiet a while) are dropped. */
const MAX_TRACKED_USERS = 10_000;

export function createUpstreamBudget(limits: BudgetLimits, nowMs: () => number, what: string): UpstreamBudget {
  const msPerCall = 60_000 / limits.perMinute;
  const buckets = new Map<string, { tokens: number; atMs: number }>();

  const tokensAt = (bucket: { tokens: number; atMs: number }, atMs: number) =>
    Math.min(limits.burst, bucket.tokens + (atMs - bucket.atMs) / msPerCall);

  return {
    take(userId) {
      const atMs = nowMs();
      if (buckets.size >= MAX_TRACKED_USERS && !buckets.has(userId)) {
        for (const [id, bucket] of buckets) if (tokensAt(bucket, atMs) >= limits.burst) buckets.delete(id);
      }
      const tokens = tokensAt(buckets.get(userId) ?? { tokens: limits.burst, atMs }, atMs);
      if (tokens >= 1) {
        buckets.set(userId, { tokens: tokens - 1, atMs });
        return { ok: true };
      }
      buckets.set(userId, { tokens, atMs });
      const retryInMs = Math.ceil((1 - tokens) * msPerCall);
      return {
        ok: false,
        retryInMs,
        message:
          `You have used your ${what} from Yahoo for now (${limits.burst} at once, then ${limits.perMinute} a minute); ` +
          `try again in ${Math.ceil(retryInMs / 1000)} s`,
      };
    },
    giveBack(userId) {
      const bucket = buckets.get(userId);
      if (bucket) bucket.tokens = Math.min(limits.burst, bucket.tokens + 1);
    },
  };
}
