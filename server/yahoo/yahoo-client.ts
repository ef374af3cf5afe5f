/**
 * One yahoo-finance2 client setup for every Yahoo call (charts and search): our transport underneath
 * (timeout per attempt, retries of 429/5xx, `baseUrl` redirection, browser user agent), no version
 * check or notices, and its warnings and errors in our log under `event`; the limits both services keep,
 * and the guard (budget and breaker) in front of each.
 */
import YahooFinance from 'yahoo-finance2';
import type { UpstreamLimitsStore } from '../storage/upstream-limits';
import type { BudgetLimits } from './upstream-budget';
import { createUpstreamGuard, type UpstreamGuard } from './upstream-guard';
import { BROWSER_USER_AGENT, createYahooFetch } from './yahoo-transport';

/** The limits every call to Yahoo keeps, charts and searches alike, so that Yahoo sees one well-behaved client. */
export interface UpstreamLimits {
  /** Per attempt, body included. */
  timeoutMs: number;
  /** Waits before the retries of a 429/5xx; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  maxRetryAfterMs: number;
  /** How long an outage (offline, timeout, throttled) is remembered: calls fail fast meanwhile. */
  outageMs: number;
  /** Calls to Yahoo (symbols, ISINs) worked on at once for one request. */
  concurrency: number;
}

export const DEFAULT_UPSTREAM_LIMITS: UpstreamLimits = {
  timeoutMs: 8_000,
  retryDelaysMs: [500, 2_000],
  maxRetryAfterMs: 5_000,
  outageMs: 60_000,
  concurrency: 4,
};

export interface YahooUpstreamOptions extends Omit<UpstreamLimits, 'concurrency'> {
  baseUrl?: string;
  /** Each user's calls to Yahoo: what goes beyond is refused (see `upstream-budget.ts`). */
  userBudget: BudgetLimits;
  /** Where the budgets and the breaker are kept: the database, shared by every instance. */
  limits: UpstreamLimitsStore;
  nowMs: () => number;
  log: (event: Record<string, unknown>) => void;
}

/** The options of a service's Yahoo client, from the service's tuning. */
export function yahooUpstreamOptions(
  tuning: UpstreamLimits & { userBudget: BudgetLimits; nowMs: () => number },
  baseUrl: string | undefined,
  log: (event: Record<string, unknown>) => void,
  limits: UpstreamLimitsStore,
): YahooUpstreamOptions {
  const { timeoutMs, retryDelaysMs, maxRetryAfterMs, outageMs, userBudget, nowMs } = tuning;
  return { baseUrl, timeoutMs, retryDelaysMs, maxRetryAfterMs, outageMs, userBudget, limits, nowMs, log };
}

/**
 * A yahoo-finance2 client and the guard in front of it for one kind of call: `events` prefixes the log
 * events (`quotes.yahoo-finance2`, `quotes.yahoo-outage`), `what` names the calls in the budget's message.
 */
export function createGuardedYahoo(
  options: YahooUpstreamOptions,
  names: { events: 'quotes' | 'symbols'; what: string },
): { yahooFinance: InstanceType<typeof YahooFinance>; guard: UpstreamGuard } {
  const { log } = options;
  return {
    yahooFinance: createYahooFinance(options, `${names.events}.yahoo-finance2`),
    guard: createUpstreamGuard({
      outageMs: options.outageMs,
      nowMs: options.nowMs,
      budget: options.userBudget,
      what: names.what,
      limits: options.limits,
      scope: names.events,
      onOpen: (reason, forMs, scope) =>
        log({
          event: `${names.events}.yahoo-outage`,
          level: 'warn',
          reason,
          rememberedForMs: forMs,
          for: scope === 'everyone' ? 'everyone' : 'one user',
        }),
    }),
  };
}

export function createYahooFinance(options: YahooUpstreamOptions, event: string): InstanceType<typeof YahooFinance> {
  const ignore = () => {};
  const forward =
    (level: string) =>
    (...args: unknown[]) =>
      options.log({ event, level, message: args.map(String).join(' ').slice(0, 300) });
  return new YahooFinance({
    fetch: createYahooFetch({
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      retryDelaysMs: options.retryDelaysMs,
      maxRetryAfterMs: options.maxRetryAfterMs,
      userAgent: BROWSER_USER_AGENT,
    }),
    versionCheck: false,
    suppressNotices: ['yahooSurvey', 'ripHistorical'],
    validation: { logErrors: false, logOptionsErrors: false },
    logger: { info: ignore, debug: ignore, dir: ignore, warn: forward('warn'), error: forward('error') },
  });
}
