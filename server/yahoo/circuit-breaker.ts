/**
 * Remembers an outage of Yahoo for a while, so that when the machine is offline (or Yahoo hangs or
 * throttles us) every request does not pay a DNS failure or a timeout again: calls fail at once until
 * `outageMs` has passed. Then one call probes; the others keep failing fast until the probe tells (or,
 * should the instance that probes die, until `outageMs` more has passed).
 *
 * One user must not be able to switch everybody to this fail-fast mode with symbols of their own
 * choosing (a made-up symbol Yahoo answers with a 500 or never answers). So a failure has a scope:
 * - `everyone`: it says nothing about what was asked (offline, throttled, or a 5xx/timeout for a symbol
 *   Yahoo has answered before): the breaker opens for every user;
 * - `caller`: it may be the symbol's fault: only that user's own calls fail fast for `outageMs`, and the
 *   breaker opens for everyone only once `usersToOpen` different users failed so within `outageMs`.
 *
 * The state is kept in the database (`storage/upstream-limits.ts`, the user `''`): every instance sees
 * one breaker, and a restart does not forget an outage.
 */
import type { UpstreamLimitsStore } from '../storage/upstream-limits';

export type CircuitDecision = { allowed: true } | { allowed: false; reason: string; retryInMs: number };

export type FailureScope = 'everyone' | 'caller';

export interface CircuitBreaker {
  /** Whether a call for `userId` may go out now. An allowed call must end in `succeeded` or `failed`. */
  check(userId: string): Promise<CircuitDecision>;
  /** Yahoo answered (even "unknown symbol"): it is reachable. */
  succeeded(userId: string): Promise<void>;
  /** The call showed an outage; remember it for everyone or only for `userId` (see above). */
  failed(userId: string, reason: string, scope: FailureScope): Promise<void>;
}

interface State {
  name: 'closed' | 'open' | 'probing';
  /** Open: until when calls fail fast; probing: until when the probe may run before another one goes. */
  untilMs: number;
  reason: string;
  /** Users whose own calls fail fast, until when and why. */
  perUser: Record<string, { untilMs: number; reason: string }>;
}

/** Different users whose own failures open the breaker for everyone. */
export const USERS_TO_OPEN_FOR_EVERYONE = 3;

const CLOSED: State = { name: 'closed', untilMs: 0, reason: '', perUser: {} };

function stateOf(stored: string | undefined): State {
  if (stored === undefined) return { ...CLOSED, perUser: {} };
  const parsed = JSON.parse(stored) as Partial<State>;
  const name = parsed.name === 'open' || parsed.name === 'probing' ? parsed.name : 'closed';
  return {
    name,
    untilMs: typeof parsed.untilMs === 'number' ? parsed.untilMs : 0,
    reason: typeof parsed.reason === 'string' ? parsed.reason : '',
    perUser: typeof parsed.perUser === 'object' && parsed.perUser !== null ? parsed.perUser : {},
  };
}

export function createCircuitBreaker(options: {
  outageMs: number;
  nowMs: () => number;
  store: { limits: UpstreamLimitsStore; scope: string };
  usersToOpen?: number;
  onOpen?: (reason: string, forMs: number, scope: FailureScope) => void;
}): CircuitBreaker {
  const usersToOpen = options.usersToOpen ?? USERS_TO_OPEN_FOR_EVERYONE;
  const scope = `${options.store.scope}.breaker`;
  /** One change of the shared state: `step` changes it in place and says what to answer. */
  const change = <T>(step: (state: State, nowMs: number) => T): Promise<T> => {
    const nowMs = options.nowMs();
    return options.store.limits.change(scope, '', nowMs, (stored) => {
      const state = stateOf(stored);
      for (const [userId, own] of Object.entries(state.perUser)) if (own.untilMs <= nowMs) delete state.perUser[userId];
      const result = step(state, nowMs);
      const idle = state.name === 'closed' && Object.keys(state.perUser).length === 0;
      return { state: idle ? undefined : JSON.stringify(state), result };
    });
  };
  const openForEveryone = (state: State, nowMs: number, reason: string) => {
    Object.assign(state, { name: 'open', untilMs: nowMs + options.outageMs, reason, perUser: {} });
  };

  return {
    check: (userId) =>
      change((state, nowMs): CircuitDecision => {
        const own = state.perUser[userId];
        if (own)
          return { allowed: false, reason: `${own.reason} (for your recent requests)`, retryInMs: own.untilMs - nowMs };
        if (state.name === 'closed') return { allowed: true };
        if (nowMs >= state.untilMs) {
          Object.assign(state, { name: 'probing', untilMs: nowMs + options.outageMs });
          return { allowed: true };
        }
        return { allowed: false, reason: state.reason, retryInMs: state.name === 'open' ? state.untilMs - nowMs : 0 };
      }),
    succeeded: (userId) =>
      change((state) => {
        Object.assign(state, { name: 'closed', untilMs: 0, reason: '' });
        delete state.perUser[userId];
      }),
    async failed(userId, reason, failure) {
      const opened = await change((state, nowMs): [string, FailureScope] => {
        if (failure === 'everyone') {
          openForEveryone(state, nowMs, reason);
          return [reason, 'everyone'];
        }
        state.perUser[userId] = { untilMs: nowMs + options.outageMs, reason };
        const users = Object.keys(state.perUser).length;
        if (users >= usersToOpen) {
          const widened = `${reason} (and for ${users - 1} other users)`;
          openForEveryone(state, nowMs, widened);
          return [widened, 'everyone'];
        }
        // A probe that failed in a way that may be its symbol's fault tells nothing: the next call probes again.
        if (state.name === 'probing') Object.assign(state, { name: 'open', untilMs: nowMs });
        return [reason, 'caller'];
      });
      if (failure === 'caller') options.onOpen?.(reason, options.outageMs, 'caller');
      if (opened[1] === 'everyone') options.onOpen?.(opened[0], options.outageMs, 'everyone');
    },
  };
}
