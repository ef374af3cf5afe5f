/**
 * Remembers an outage of Yahoo for a while, so that when the machine is offline (or Yahoo hangs or
 * throttles us) every request does not pay a DNS failure or a timeout again: calls fail at once until
 * `outageMs` has passed. Then one call probes; the others keep failing fast until the probe tells.
 */

export type CircuitDecision = { allowed: true } | { allowed: false; reason: string; retryInMs: number };

export interface CircuitBreaker {
  /** Whether a call may go out now. An allowed call must end in `succeeded` or `failed`. */
  check(): CircuitDecision;
  /** Yahoo answered (even "unknown symbol"): it is reachable. */
  succeeded(): void;
  /** The call showed an outage; remember it. */
  failed(reason: string): void;
}

type State = { name: 'closed' } | { name: 'open'; untilMs: number; reason: string } | { name: 'probing'; reason: string };

export function createCircuitBreaker(options: {
  outageMs: number;
  nowMs: () => number;
  onOpen?: (reason: string, forMs: number) => void;
}): CircuitBreaker {
  let state: State = { name: 'closed' };
  return {
    check() {
      if (state.name === 'closed') return { allowed: true };
      const nowMs = options.nowMs();
      if (state.name === 'open' && nowMs >= state.untilMs) {
        state = { name: 'probing', reason: state.reason };
        return { allowed: true };
      }
      const retryInMs = state.name === 'open' ? state.untilMs - nowMs : 0;
      return { allowed: false, reason: state.reason, retryInMs };
    },
    succeeded() {
      state = { name: 'closed' };
    },
    failed(reason) {
      state = { name: 'open', untilMs: options.nowMs() + options.outageMs, reason };
      options.onOpen?.(reason, options.outageMs);
    },
  };
}
