/**
 * Where the limits on calls to Yahoo keep their state (issue 36): each user's budget (a token bucket)
 * and the circuit breaker, per kind of call (`quotes`, `symbols`). In the database (table
 * `upstream_limits`, migration 11), so every instance on one database counts against one budget and sees
 * one breaker, and a restart forgets neither; in memory only for a service built without storage (tests).
 *
 * One row per (`scope`, `user_id`): a budget's row belongs to its user (`USER_DATA_TABLES`), a breaker's
 * row has the user `''` (everyone). The state is JSON, read and written only by `yahoo/`.
 */

export interface UpstreamLimitsStore {
  /**
   * Gives the state kept under (`scope`, `userId`) (`undefined`: none) to `change` and keeps the state it
   * returns (`undefined`: forget it), one change at a time across every instance on the database.
   */
  change<T>(
    scope: string,
    userId: string,
    nowMs: number,
    change: (state: string | undefined) => { state: string | undefined; result: T },
  ): Promise<T>;
}

/** The same in this process's memory: for services built without storage (unit tests). */
export function createMemoryUpstreamLimits(): UpstreamLimitsStore {
  const states = new Map<string, string>();
  return {
    async change(scope, userId, _nowMs, change) {
      const key = `${scope}\u0000${userId}`;
      const { state, result } = change(states.get(key));
      if (state === undefined) states.delete(key);
      else states.set(key, state);
      return result;
    },
  };
}

export const UPSTREAM_LIMITS_SQL = `
  CREATE TABLE upstream_limits (
    scope TEXT NOT NULL,
    user_id TEXT NOT NULL,
    state TEXT NOT NULL,
    updated_at_ms BIGINT NOT NULL,
    PRIMARY KEY (scope, user_id)
  )`;
