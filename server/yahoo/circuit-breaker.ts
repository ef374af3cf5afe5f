/**
 * Remembers an outage of Yahoo for a while, so that when the machine is offline (or Yahoo hangs or
 * throttles us) every request does not pay a DNS failure or a timeout again: calls fail at once until
 * `outageMs` has passed. Then one call probes; the others keep failing fast until the probe tells.
 *
 * One user must not be able to switch everybody to this fail-fast mode with symbols of their own
 * choosing (a made-up symbol Yahoo answers with a 500 or never answers). So a failure has a scope:
 * - `everyone`: it says nothing about what was asked (offline, throttled, or a 5xx/timeout for a symbol
 *   Yahoo has answered before): the breaker opens for every user;
 * - `caller`: it may be the symbol's fault: only that user's own calls fail fast for `outageMs`, and the
 *   breaker opens for everyone only once `usersToOpen` different users failed so within `outageMs`.
 */

export type CircuitDecision = { allowed: true } | { allowed: false; reason: string; retryInMs: number };

export type FailureScope = 'everyone' | 'caller';

export interface CircuitBreaker {
  /** Whether a call for `userId` may go out now. An allowed call must end in `succeeded` or `failed`. */
  check(userId: string): CircuitDecision;
  /** Yahoo answered (even "unknown symbol"): it is reachable. */
  succeeded(userId: string): void;
  /** The call showed an outage; remember it for everyone or only for `userId` (see above). */
  failed(userId: string, reason: string, scope: FailureScope): void;
}

type State = { name: 'closed' } | { name: 'open'; untilMs: number; reason: string } | { name: 'probing'; reason: string };

/** Different users whose own failures open the breaker for everyone. */
export const USERS_TO_OPEN_FOR_EVERYONE = 3;

export function createCircuitBreaker(options: {
  outageMs: number;
  nowMs: () => number;
  usersToOpen?: number;
  onOpen?: (reason: string, forMs: number, scope: FailureScope) => void;
}): CircuitBreaker {
  const usersToOpen = options.usersToOpen ?? USERS_TO_OPEN_FOR_EVERYONE;
  let state: State = { name: 'closed' };
  /** Users whose own calls fail fast, until when and why. */
  const perUser = new Map<string, { untilMs: number; reason: string }>();

  const openForEveryone = (reason: string) => {
    state = { name: 'open', untilMs: options.nowMs() + options.outageMs, reason };
    perUser.clear();
    options.onOpen?.(reason, options.outageMs, 'everyone');
  };
  const forgetExpired = (nowMs: number) => {
    for (const [userId, own] of perUser) if (own.untilMs <= nowMs) perUser.delete(userId);
  };

  return {
    check(userId) {
      const nowMs = options.nowMs();
      const own = perUser.get(userId);
      if (own && nowMs < own.untilMs) {
        return { allowed: false, reason: `${own.reason} (for your recent requests)`, retryInMs: own.untilMs - nowMs };
      }
      if (own) perUser.delete(userId);
      if (state.name === 'closed') return { allowed: true };
      if (state.name === 'open' && nowMs >= state.untilMs) {
        state = { name: 'probing', reason: state.reason };
        return { allowed: true };
      }
      const retryInMs = state.name === 'open' ? state.untilMs - nowMs : 0;
      return { allowed: false, reason: state.reason, retryInMs };
    },
    succeeded(userId) {
      state = { name: 'closed' };
      perUser.delete(userId);
    },
    failed(userId, reason, scope) {
      if (scope === 'everyone') return openForEveryone(reason);
      const nowMs = options.nowMs();
      forgetExpired(nowMs);
      perUser.set(userId, { untilMs: nowMs + options.outageMs, reason });
      options.onOpen?.(reason, options.outageMs, 'caller');
      if (perUser.size >= usersToOpen) return openForEveryone(`${reason} (and for ${perUser.size - 1} other users)`);
      // A probe that failed in a way that may be its symbol's fault tells nothing: the next call probes again.
      if (state.name === 'probing') state = { name: 'open', untilMs: nowMs, reason: state.reason };
    },
  };
}
