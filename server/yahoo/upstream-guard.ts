/**
 * What stands between a user's request and a call to Yahoo, for the charts and the search alike:
 * - coalescing: a call identical to one still under way (same `key`) waits for that one's answer
 *   instead of going out again, and costs nothing;
 * - the circuit breaker (`circuit-breaker.ts`): fail fast during an outage, for everyone or for the one
 *   user whose calls failed;
 * - the user's budget of calls (`upstream-budget.ts`).
 * A call refused by the breaker or the budget is a failure value (`circuit-open`, `over-budget`).
 * The budgets and the breaker keep their state in `options.limits` (the database: one budget and one
 * breaker for every instance, across restarts). When the database cannot be asked, no call goes out:
 * a failure value (`offline`) that says so.
 */
import { createCircuitBreaker, type FailureScope } from './circuit-breaker';
import { createUpstreamBudget, type BudgetLimits } from './upstream-budget';
import { isOutage, type UpstreamFailure } from './upstream-failure';
import type { UpstreamLimitsStore } from '../storage/upstream-limits';

export interface UpstreamCaller {
  /** The signed-in user the call is made for (their `sub`). */
  userId: string;
  /**
   * Whether Yahoo has answered for this symbol (or ISIN) before: then a 5xx or a timeout is Yahoo's
   * trouble, not the symbol's, and opens the breaker for everyone.
   */
  known: boolean;
}

/** The server's own calls (no user asked): a known symbol, counted for everyone. */
export const SERVER_CALLER: UpstreamCaller = { userId: '', known: true };

export type Outcome = { ok: true } | { ok: false; failure: UpstreamFailure };
type Refused = { ok: false; failure: UpstreamFailure };

export interface UpstreamGuard {
  run<T extends Outcome>(key: string, caller: UpstreamCaller, call: () => Promise<T>): Promise<T | Refused>;
}

export interface UpstreamGuardOptions {
  outageMs: number;
  nowMs: () => number;
  budget: BudgetLimits;
  /** What a call fetches, for the budget's message ("quote charts", "symbol searches"). */
  what: string;
  onOpen: (reason: string, forMs: number, scope: FailureScope) => void;
  /** Where the budgets and the breaker are kept, and under which name (`quotes`, `symbols`). */
  limits: UpstreamLimitsStore;
  scope: string;
}

/** Offline and throttled say nothing of the symbol asked; a 5xx or timeout does not for a known one. */
function scopeOf(failure: UpstreamFailure, caller: UpstreamCaller): FailureScope {
  return failure.kind === 'offline' || failure.kind === 'rate-limited' || caller.known ? 'everyone' : 'caller';
}

export function createUpstreamGuard(options: UpstreamGuardOptions): UpstreamGuard {
  const store = { limits: options.limits, scope: options.scope };
  const circuit = createCircuitBreaker({
    outageMs: options.outageMs,
    nowMs: options.nowMs,
    onOpen: options.onOpen,
    store,
  });
  const budget = createUpstreamBudget(options.budget, options.nowMs, options.what, store);
  const inFlight = new Map<string, Promise<Outcome>>();

  /** The breaker's and the budget's word on a new call; null when it may go out. */
  async function refusal(caller: UpstreamCaller): Promise<Refused | null> {
    const allowance = await budget.take(caller.userId);
    if (!allowance.ok)
      return {
        ok: false,
        failure: { kind: 'over-budget', message: allowance.message, retryInMs: allowance.retryInMs },
      };
    const decision = await circuit.check(caller.userId);
    if (decision.allowed) return null;
    await budget.giveBack(caller.userId);
    const retryIn = decision.retryInMs > 0 ? `; next try in ${Math.ceil(decision.retryInMs / 1000)} s` : '';
    return {
      ok: false,
      failure: { kind: 'circuit-open', message: `Yahoo is unreachable: ${decision.reason}${retryIn}` },
    };
  }

  async function accounted<T extends Outcome>(caller: UpstreamCaller, call: () => Promise<T>): Promise<T> {
    const result = await call();
    // The answer stands even if the breaker's state cannot be stored just now (the database away).
    const told =
      result.ok || !isOutage(result.failure.kind)
        ? circuit.succeeded(caller.userId)
        : circuit.failed(caller.userId, result.failure.message, scopeOf(result.failure, caller));
    await told.catch(() => undefined);
    return result;
  }

  return {
    async run<T extends Outcome>(key: string, caller: UpstreamCaller, call: () => Promise<T>): Promise<T | Refused> {
      const joined = inFlight.get(key);
      if (joined) return joined as Promise<T>;
      let refused: Refused | null;
      try {
        refused = await refusal(caller);
      } catch (error) {
        const message = `the limits on calls to Yahoo could not be read (${(error as Error).message}); nothing was asked`;
        return { ok: false, failure: { kind: 'offline', message } };
      }
      if (refused) return refused;
      // The same call may have started while the limits were read: join it, the call taken given back.
      const started = inFlight.get(key);
      if (started) {
        await budget.giveBack(caller.userId).catch(() => undefined);
        return started as Promise<T>;
      }
      const running = accounted(caller, call);
      inFlight.set(key, running);
      const done = () => {
        if (inFlight.get(key) === running) inFlight.delete(key);
      };
      void running.then(done, done);
      return running;
    },
  };
}
