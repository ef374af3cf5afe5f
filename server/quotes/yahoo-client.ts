/**
 * One yahoo-finance2 client setup for every Yahoo call (charts and search): our transport underneath
 * (timeout per attempt, retries of 429/5xx, `baseUrl` redirection, browser user agent), no version
 * check or notices, and its warnings and errors in our log under `event`.
 */
import YahooFinance from 'yahoo-finance2';
import { BROWSER_USER_AGENT, createYahooFetch } from './yahoo-transport';

export interface YahooUpstreamOptions {
  baseUrl?: string;
  /** Per attempt, body included. */
  timeoutMs: number;
  retryDelaysMs: readonly number[];
  maxRetryAfterMs: number;
  /** How long an outage is remembered before Yahoo is tried again. */
  outageMs: number;
  nowMs: () => number;
  log: (event: Record<string, unknown>) => void;
}

export function createYahooFinance(options: YahooUpstreamOptions, event: string): InstanceType<typeof YahooFinance> {
  const ignore = () => {};
  const forward = (level: string) => (...args: unknown[]) =>
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
