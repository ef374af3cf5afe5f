/**
 * Live daily charts from Yahoo through yahoo-finance2 (which knows Yahoo's URLs and cookie handling),
 * with our transport underneath (timeout, retries, user agent, `baseUrl` redirection) and a circuit
 * breaker in front. Every answer is reshaped to v8 JSON and passes `parseChart` before it is returned.
 */
import { parseChart } from './chart-json';
import { chartJsonFromYahooFinance2 } from './reshape-yahoo-finance2';
import type { QuoteSeries } from './series';
import { failureOf, type UpstreamFailure } from '../yahoo/upstream-failure';
import { SERVER_CALLER, type UpstreamCaller } from '../yahoo/upstream-guard';
import { createGuardedYahoo, type YahooUpstreamOptions } from '../yahoo/yahoo-client';

export type SeriesResult = { ok: true; series: QuoteSeries } | { ok: false; failure: UpstreamFailure };

export interface UpstreamCharts {
  /**
   * Daily bars, dividends and splits of `symbol` between the two unix times, for `caller` (whose budget
   * pays for the call, see `yahoo/upstream-guard.ts`); without one, the server's own call.
   */
  fetchSeries(symbol: string, startSeconds: number, endSeconds: number, caller?: UpstreamCaller): Promise<SeriesResult>;
}

export function createYahooProvider(options: YahooUpstreamOptions): UpstreamCharts {
  const { log } = options;
  const { yahooFinance, guard } = createGuardedYahoo(options, { events: 'quotes', what: 'quote charts' });

  async function call(symbol: string, startSeconds: number, endSeconds: number): Promise<SeriesResult> {
    try {
      // Our `parseChart` validates; yahoo-finance2's schema would also reject harmless changes in meta.
      const result = await yahooFinance.chart(
        symbol,
        {
          period1: startSeconds,
          period2: endSeconds,
          interval: '1d',
          events: 'div|split',
          includePrePost: false,
          return: 'object',
        },
        { validateResult: false },
      );
      const parsed = parseChart(chartJsonFromYahooFinance2(result), symbol);
      if (!parsed.ok)
        return {
          ok: false,
          failure: { kind: 'bad-response', message: `unusable answer from Yahoo: ${parsed.reason}` },
        };
      return { ok: true, series: parsed.series };
    } catch (error) {
      return { ok: false, failure: failureOf(error, 'Yahoo') };
    }
  }

  /** The call, timed and logged. */
  async function logged(
    symbol: string,
    startSeconds: number,
    endSeconds: number,
    caller: UpstreamCaller,
  ): Promise<SeriesResult> {
    const startedMs = Date.now();
    const result = await call(symbol, startSeconds, endSeconds);
    log({
      event: 'quotes.upstream',
      level: result.ok ? 'info' : 'warn',
      symbol,
      period1: startSeconds,
      period2: endSeconds,
      user: caller.userId,
      ms: Date.now() - startedMs,
      outcome: result.ok ? 'ok' : result.failure.kind,
      ...(result.ok ? { bars: result.series.bars.length } : { message: result.failure.message }),
    });
    return result;
  }

  return {
    fetchSeries(symbol, startSeconds, endSeconds, caller = SERVER_CALLER) {
      return guard.run(`${symbol}|${startSeconds}|${endSeconds}`, caller, () =>
        logged(symbol, startSeconds, endSeconds, caller),
      );
    },
  };
}
