/**
 * A stand-in for Yahoo on loopback, for a real server started with `QUOTES_PROVIDER=yahoo` and
 * `YAHOO_BASE_URL` pointing here. It serves the demo portfolio's charts from `data/market/` sliced to the
 * range asked for, counts every request that reaches it (whatever the path), and misbehaves on demand
 * until told otherwise: refuses (resets the connection), hangs, answers 500 or 429, or sends garbage.
 *
 *   const yahoo = await startFakeYahooUpstream();
 *   const server = await startTestServer({ QUOTES_PROVIDER: 'yahoo', YAHOO_BASE_URL: yahoo.baseUrl });
 *   yahoo.setMode('status-500');   …   yahoo.setMode('ok');   yahoo.requestCount();
 */
import fs from 'node:fs';
import path from 'node:path';
import type { YahooChart, YahooChartResult } from '#src/model/quotes';
import { answerChart, chartSymbolOf, sendJson, serveOnLoopback } from '../fake-yahoo';
import { PROJECT_ROOT } from '../test-server';

export const UPSTREAM_MODES = [
  'ok',
  'reset',
  'hang',
  'status-500',
  'status-429',
  'html-page',
  'json-not-a-chart',
  'truncated-json',
  'another-symbol',
  'columns-of-unequal-length',
] as const;
export type UpstreamMode = (typeof UPSTREAM_MODES)[number];

/** Modes whose answer is garbage under a 200: they must never reach the cache. */
export const GARBAGE_MODES: readonly UpstreamMode[] = [
  'html-page',
  'json-not-a-chart',
  'truncated-json',
  'another-symbol',
  'columns-of-unequal-length',
];

export interface UpstreamRequest {
  path: string;
  symbol: string | null;
  mode: UpstreamMode;
}

export interface FakeYahooUpstream {
  baseUrl: string;
  setMode(mode: UpstreamMode): void;
  /** Every request that reached the fake, chart or not. */
  requests(): readonly UpstreamRequest[];
  requestCount(): number;
  close(): Promise<void>;
}

export const MARKET_DATA_DIR = path.join(PROJECT_ROOT, 'data/market');

/** The charts of `data/market/`, by upper-case symbol. */
export function marketCharts(dir: string = MARKET_DATA_DIR): Map<string, YahooChartResult> {
  const charts = new Map<string, YahooChartResult>();
  for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.json'))) {
    const chart = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as YahooChart;
    const result = chart.chart.result?.[0];
    if (result) charts.set(String(result.meta.symbol).toUpperCase(), result);
  }
  return charts;
}

export async function startFakeYahooUpstream(
  charts: Map<string, YahooChartResult> = marketCharts(),
): Promise<FakeYahooUpstream> {
  let mode: UpstreamMode = 'ok';
  const seen: UpstreamRequest[] = [];
  const server = await serveOnLoopback((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const symbol = chartSymbolOf(url);
    seen.push({ path: url.pathname, symbol, mode });
    if (!symbol && mode !== 'reset' && mode !== 'hang') return sendJson(response, 404, { message: 'not a chart URL' });
    answerChart(request, response, mode, charts, symbol ?? '', url);
  });
  return {
    ...server,
    setMode: (next) => {
      mode = next;
    },
    requests: () => seen,
    requestCount: () => seen.length,
  };
}
