/**
 * The per-user budget of Yahoo calls (a token bucket) and the circuit breaker's scopes, on a clock the
 * test moves. The real server's behaviour is in tests/hardening/security.quotes-budget-and-breaker.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createCircuitBreaker } from '#server/yahoo/circuit-breaker';
import { createUpstreamBudget } from '#server/yahoo/upstream-budget';

describe('the budget of calls per user', () => {
  it('allows the burst, then one call per refill interval, and says when the next one comes', () => {
    let nowMs = 0;
    const budget = createUpstreamBudget({ burst: 3, perMinute: 6 }, () => nowMs, 'quote charts');
    expect([1, 2, 3].map(() => budget.take('ann').ok)).toEqual([true, true, true]);
    const refused = budget.take('ann');
    expect(refused).toEqual({
      ok: false,
      retryInMs: 10_000,
      message: 'You have used your quote charts from Yahoo for now (3 at once, then 6 a minute); try again in 10 s',
    });
    nowMs = 9_999;
    expect(budget.take('ann').ok).toBe(false);
    nowMs = 10_000;
    expect(budget.take('ann').ok).toBe(true);
    expect(budget.take('ann').ok).toBe(false);
    // An hour later the bucket is full again, never fuller.
    nowMs += 3_600_000;
    expect([1, 2, 3, 4].map(() => budget.take('ann').ok)).toEqual([true, true, true, false]);
  });

  it('keeps users apart, and takes back a call that did not go out', () => {
    const budget = createUpstreamBudget({ burst: 1, perMinute: 1 }, () => 0, 'symbol searches');
    expect(budget.take('ann').ok).toBe(true);
    expect(budget.take('ann').ok).toBe(false);
    expect(budget.take('bob').ok).toBe(true);
    budget.giveBack('ann');
    expect(budget.take('ann').ok).toBe(true);
  });
});

describe('the circuit breaker', () => {
  const breaker = (nowMs: () => number) => createCircuitBreaker({ outageMs: 60_000, nowMs, usersToOpen: 3 });

  it("opens for everyone on a failure for everyone, for the caller alone on the caller's, and for everyone at the third user", () => {
    const circuit = breaker(() => 0);
    circuit.failed('mallory', 'Yahoo answered 500', 'caller');
    expect(circuit.check('mallory')).toEqual({ allowed: false, reason: 'Yahoo answered 500 (for your recent requests)', retryInMs: 60_000 });
    expect(circuit.check('ann')).toEqual({ allowed: true });
    circuit.succeeded('ann');
    circuit.failed('trent', 'Yahoo answered 500', 'caller');
    expect(circuit.check('ann')).toEqual({ allowed: true });
    circuit.succeeded('ann');
    circuit.failed('eve', 'Yahoo answered 500', 'caller');
    expect(circuit.check('ann')).toEqual({ allowed: false, reason: 'Yahoo answered 500 (and for 2 other users)', retryInMs: 60_000 });

    const offline = breaker(() => 0);
    offline.failed('ann', 'connection refused', 'everyone');
    expect(offline.check('bob')).toMatchObject({ allowed: false, reason: 'connection refused' });
  });

  it("forgets a user's failures after the outage time, and a probe that fails for its caller lets the next call probe", () => {
    let nowMs = 0;
    const circuit = breaker(() => nowMs);
    circuit.failed('mallory', 'no answer', 'caller');
    nowMs = 60_000;
    expect(circuit.check('mallory')).toEqual({ allowed: true });
    circuit.succeeded('mallory');

    circuit.failed('ann', 'connection refused', 'everyone');
    nowMs = 120_000;
    expect(circuit.check('mallory')).toEqual({ allowed: true }); // the probe
    expect(circuit.check('bob')).toMatchObject({ allowed: false }); // while it runs
    circuit.failed('mallory', 'Yahoo answered 500', 'caller');
    expect(circuit.check('bob')).toEqual({ allowed: true }); // the next probe
    circuit.succeeded('bob');
    expect(circuit.check('ann')).toEqual({ allowed: true });
    expect(circuit.check('mallory')).toMatchObject({ allowed: false, reason: 'Yahoo answered 500 (for your recent requests)' });
  });
});
