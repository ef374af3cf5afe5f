/**
 * How many sign-in and account-creation attempts the built-in provider takes, per account and per
 * client address, in a sliding window. An attempt counts from the moment it starts (so 300 parallel
 * posts cannot all slip through before the first failure is recorded); a successful sign-in takes its
 * attempt back and clears the account's failures. Once a limit is reached every attempt is refused,
 * the right password included, until the oldest attempt in the window leaves it: the refusal says when.
 *
 * Kept in memory, per server process: a restart forgets them, and with several instances each counts
 * on its own. The address is the TCP peer's: behind a reverse proxy that is the proxy's.
 */

export interface LimitRule {
  max: number;
  windowMs: number;
}

export const SIGN_IN_LIMITS = {
  /** Failed sign-ins of one account, whoever tries. */
  perAccount: { max: 10, windowMs: 15 * 60_000 },
  /** Failed sign-ins from one address, whichever accounts. */
  perAddress: { max: 50, windowMs: 15 * 60_000 },
  /** Account creations (tried) from one address. */
  createPerAddress: { max: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, LimitRule>;

/** Keys kept before expired ones are swept, so a flood of addresses cannot grow the map for long. */
const SWEEP_AT_KEYS = 10_000;

/** `releases[i]` takes back the attempt of `entries[i]`; `release` all of them. */
export type Taken = { ok: true; release: () => void; releases: Array<() => void> } | { ok: false; retryAtMs: number };

/** Attempts per key in a sliding window. */
export class AttemptWindow {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly rule: LimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** When the key may try again, or undefined when it may now. */
  blockedUntil(key: string): number | undefined {
    const times = this.current(key);
    return times.length >= this.rule.max ? times[0]! + this.rule.windowMs : undefined;
  }

  /** Records an attempt; `release` takes it back (a success). */
  record(key: string): () => void {
    const time = this.now();
    const times = this.current(key);
    times.push(time);
    this.attempts.set(key, times);
    if (this.attempts.size > SWEEP_AT_KEYS) this.sweep();
    return () => {
      const list = this.attempts.get(key);
      const at = list?.indexOf(time) ?? -1;
      if (list && at >= 0) list.splice(at, 1);
    };
  }

  clear(key: string): void {
    this.attempts.delete(key);
  }

  private current(key: string): number[] {
    const since = this.now() - this.rule.windowMs;
    const times = (this.attempts.get(key) ?? []).filter((time) => time > since);
    if (times.length === 0) this.attempts.delete(key);
    return times;
  }

  private sweep(): void {
    for (const key of [...this.attempts.keys()]) this.current(key);
  }
}

/** Takes one attempt in every window, or none when any of them is full (then: the latest "try again"). */
export function takeAll(entries: Array<[AttemptWindow, string]>): Taken {
  const blocked = entries
    .map(([window, key]) => window.blockedUntil(key))
    .filter((at): at is number => at !== undefined);
  if (blocked.length > 0) return { ok: false, retryAtMs: Math.max(...blocked) };
  const releases = entries.map(([window, key]) => window.record(key));
  return { ok: true, release: () => releases.forEach((release) => release()), releases };
}

/** The windows; `createsPerHour` replaces the default number of account creations per address (the operator's setting). */
export function createSignInLimits(
  now: () => number = Date.now,
  createsPerHour: number = SIGN_IN_LIMITS.createPerAddress.max,
) {
  return {
    account: new AttemptWindow(SIGN_IN_LIMITS.perAccount, now),
    address: new AttemptWindow(SIGN_IN_LIMITS.perAddress, now),
    create: new AttemptWindow({ ...SIGN_IN_LIMITS.createPerAddress, max: createsPerHour }, now),
  };
}
export type SignInLimits = ReturnType<typeof createSignInLimits>;

/** "Try again at 14:05 UTC" (or with the date when it is not today). */
export function tryAgainAt(retryAtMs: number, nowMs: number = Date.now()): string {
  const at = new Date(Math.ceil(retryAtMs / 60_000) * 60_000);
  const time = at.toISOString().slice(11, 16);
  const sameDay = at.toISOString().slice(0, 10) === new Date(nowMs).toISOString().slice(0, 10);
  return `Try again at ${time} UTC${sameDay ? '' : ` on ${at.toISOString().slice(0, 10)}`}.`;
}
