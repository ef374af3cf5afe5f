/**
 * The per-user budget of Yahoo calls (a token bucket) and the circuit breaker's scopes, on a clock the
 * test moves, their state kept in memory (`createMemoryUpstreamLimits`; the server keeps it in the
 * database: tests/integration/server/upstream-limits.shared-by-instances.test.ts). The real server's
 * behaviour is in tests/hardening/security.quotes-budget-and-breaker.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createCircuitBreaker } from '#server/yahoo/circuit-breaker';
import { createUpstreamBudget } from '#server/yahoo/upstream-budget';
import { createMemoryUpstreamLimits } from '#server/storage/upstream-limits';

const store = () => ({ limits: createMemoryUpstreamLimits(), scope: 'quotes' });

/** `n` calls one after the other: whether each was allowed. */
async function takes(budget: ReturnType<typeof createUpstreamBudget>, userId: string, n: number): Promise<boolean[]> {
  const allowed: boolean[] = [];
  for (let i = 0; i < n; i++) allowed.push((await budget.take(userId)).ok);
  return allowed;
}

describe('the budget of calls per user', () => {
  it('allows the burst, then one call per refill interval, and says when the next one comes', async () => {
    let nowMs = 0;
    const budget = createUpstreamBudget({ burst: 3, perMinute: 6 }, () => nowMs, 'quote charts', store());
    expect(await takes(budget, 'ann', 3)).toEqual([true, true, true]);
    const refused = await budget.take('ann');
    expect(refused).toEqual({
      ok: false,
      retryInMs: 10_000,
      message: 'You have used your quote charts from Yahoo for now (3 at once, then 6 a minute); try again in 10 s',
    });
    nowMs = 9_999;
    expect((await budget.take('ann')).ok).toBe(false);
    nowMs = 10_000;
    expect((await budget.take('ann')).ok).toBe(true);
    expect((await budget.take('ann')).ok).toBe(false);
    // An hour later the bucket is full again, never fuller.
    nowMs += 3_600_000;
    expect(await takes(budget, 'ann', 4)).toEqual([true, true, true, false]);
  });

  it('keeps users apart, and takes back a call that did not go out', async () => {
    const budget = createUpstreamBudget({ burst: 1, perMinute: 1 }, () => 0, 'symbol searches', store());
    expect((await budget.take('ann')).ok).toBe(true);
    expect((await budget.take('ann')).ok).toBe(false);
    expect((await budget.take('bob')).ok).toBe(true);
    await budget.giveBack('ann');
    expect((await budget.take('ann')).ok).toBe(true);
  });

  it('is one budget for every budget object on the same store (two instances on one database)', async () => {
    const shared = store();
    const a = createUpstreamBudget({ burst: 2, perMinute: 1 }, () => 0, 'quote charts', shared);
    const b = createUpstreamBudget({ burst: 2, perMinute: 1 }, () => 0, 'quote charts', shared);
    expect((await a.take('ann')).ok).toBe(true);
    expect((await b.take('ann')).ok).toBe(true);
    expect((await a.take('ann')).ok).toBe(false);
    expect((await b.take('ann')).ok).toBe(false);
  });
});

describe('the circuit breaker', () => {
  const breaker = (nowMs: () => number, shared = store()) =>
    createCircuitBreaker({ outageMs: 60_000, nowMs, usersToOpen: 3, store: shared });

  it("opens for everyone on a failure for everyone, for the caller alone on the caller's, and for everyone at the third user", async () => {
    const circuit = breaker(() => 0);
    await circuit.failed('mallory', 'Yahoo answered 500', 'caller');
    expect(await circuit.check('mallory')).toEqual({
      allowed: false,
      reason: 'Yahoo answered 500 (for your recent requests)',
      retryInMs: 60_000,
    });
    expect(await circuit.check('ann')).toEqual({ allowed: true });
    await circuit.succeeded('ann');
    await circuit.failed('trent', 'Yahoo answered 500', 'caller');
    expect(await circuit.check('ann')).toEqual({ allowed: true });
    await circuit.succeeded('ann');
    await circuit.failed('eve', 'Yahoo answered 500', 'caller');
    expect(await circuit.check('ann')).toEqual({
      allowed: false,
      reason: 'Yahoo answered 500 (and for 2 other users)',
      retryInMs: 60_000,
    });

    const offline = breaker(() => 0);
    await offline.failed('ann', 'connection refused', 'everyone');
    expect(await offline.check('bob')).toMatchObject({ allowed: false, reason: 'connection refused' });
  });

  it("forgets a user's failures after the outage time, and a probe that fails for its caller lets the next call probe", async () => {
    let nowMs = 0;
    const circuit = breaker(() => nowMs);
    await circuit.failed('mallory', 'no answer', 'caller');
    nowMs = 60_000;
    expect(await circuit.check('mallory')).toEqual({ allowed: true });
    await circuit.succeeded('mallory');

    await circuit.failed('ann', 'connection refused', 'everyone');
    nowMs = 120_000;
    expect(await circuit.check('mallory')).toEqual({ allowed: true }); // the probe
    expect(await circuit.check('bob')).toMatchObject({ allowed: false }); // while it runs
    await circuit.failed('mallory', 'Yahoo answered 500', 'caller');
    expect(await circuit.check('bob')).toEqual({ allowed: true }); // the next probe
    await circuit.succeeded('bob');
    expect(await circuit.check('ann')).toEqual({ allowed: true });
    expect(await circuit.check('mallory')).toMatchObject({
      allowed: false,
      reason: 'Yahoo answered 500 (for your recent requests)',
    });
  });

  it('is one breaker for every breaker on the same store, and a probe whose instance died is followed by another', async () => {
    let nowMs = 0;
    const shared = store();
    const a = breaker(() => nowMs, shared);
    const b = breaker(() => nowMs, shared);
    await a.failed('ann', 'connection refused', 'everyone');
    expect(await b.check('bob')).toMatchObject({ allowed: false, reason: 'connection refused' });
    nowMs = 60_000;
    expect(await a.check('ann')).toEqual({ allowed: true }); // A probes, and dies before it tells
    expect(await b.check('bob')).toMatchObject({ allowed: false });
    nowMs = 120_000;
    expect(await b.check('bob')).toEqual({ allowed: true }); // B probes in its place
    await b.succeeded('bob');
    expect(await a.check('ann')).toEqual({ allowed: true });
  });
});
