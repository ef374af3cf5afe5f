/**
 * A fake Yahoo chart endpoint on loopback: serves recorded charts sliced to `period1`/`period2`, records
 * every request (symbol, period1, period2, user agent), and misbehaves on demand: 500, 429 (optionally
 * with `Retry-After`), an HTML page, JSON that is not a chart, a chart of another symbol, or no answer.
 * The answers are the shared fake Yahoo's (tests/helpers/fake-yahoo.ts).
 */
import type { YahooChart, YahooChartResult } from '#src/model/quotes';
import { answerChart, chartSymbolOf, sendJson, serveOnLoopback, type ChartBehaviour } from '../fake-yahoo';

export { refusedBaseUrl, sliceChartResult } from '../fake-yahoo';

export type FakeBehaviour = Exclude<ChartBehaviour, 'reset' | 'truncated-json'>;

export interface FakeRequest {
  symbol: string;
  period1: number;
  period2: number;
  userAgent: string | undefined;
}

export interface FakeYahoo {
  baseUrl: string;
  requests: FakeRequest[];
  /** Behaviours for the next requests, one each, in order; `ok` after them. */
  queue(...behaviours: FakeBehaviour[]): void;
  /** Serve `chart` for its symbol from now on (a corrected or re-scaled history). */
  setChart(chart: YahooChart): void;
  close(): Promise<void>;
}

export async function startFakeYahoo(charts: YahooChart[]): Promise<FakeYahoo> {
  const bySymbol = new Map<string, YahooChartResult>();
  const setChart = (chart: YahooChart) => {
    const result = chart.chart.result![0]!;
    bySymbol.set(String(result.meta.symbol).toUpperCase(), result);
  };
  charts.forEach(setChart);
  const requests: FakeRequest[] = [];
  const pending: FakeBehaviour[] = [];

  const server = await serveOnLoopback((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const symbol = chartSymbolOf(url);
    if (!symbol) return sendJson(response, 404, { message: 'not a chart URL' });
    requests.push({
      symbol,
      period1: Number(url.searchParams.get('period1')),
      period2: Number(url.searchParams.get('period2')),
      userAgent: request.headers['user-agent'],
    });
    answerChart(request, response, pending.shift() ?? 'ok', bySymbol, symbol, url);
  });
  return { ...server, requests, queue: (...behaviours) => pending.push(...behaviours), setChart };
}
