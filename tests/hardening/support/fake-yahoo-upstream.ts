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
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import type { YahooChart, YahooChartResult } from '../../../src/model/quotes';
import { PROJECT_ROOT } from '../../helpers/test-server';
import { sliceChartResult } from '../../unit/server/quotes/support/fake-yahoo';

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
export const GARBAGE_MODES: readonly UpstreamMode[] = ['html-page', 'json-not-a-chart', 'truncated-json', 'another-symbol', 'columns-of-unequal-length'];

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

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  response.end(JSON.stringify(body));
}

export async function startFakeYahooUpstream(charts: Map<string, YahooChartResult> = marketCharts()): Promise<FakeYahooUpstream> {
  let mode: UpstreamMode = 'ok';
  const seen: UpstreamRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const match = /^\/v8\/finance\/chart\/([^/]+)$/.exec(url.pathname);
    const symbol = match ? decodeURIComponent(match[1]!) : null;
    seen.push({ path: url.pathname, symbol, mode });
    if (mode === 'reset') return request.socket.destroy();
    if (mode === 'hang') return;
    if (!symbol) return sendJson(response, 404, { message: 'not a chart URL' });
    const period1 = Number(url.searchParams.get('period1'));
    const period2 = Number(url.searchParams.get('period2'));
    const result = charts.get(symbol.toUpperCase());
    switch (mode) {
      case 'status-500':
        return sendJson(response, 500, { chart: { result: null, error: { code: 'Internal Server Error', description: 'boom' } } });
      case 'status-429':
        return sendJson(response, 429, { message: 'Too Many Requests' });
      case 'html-page':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<!doctype html><html><body>Will be right back…</body></html>');
      case 'json-not-a-chart':
        return sendJson(response, 200, { finance: { result: [] } });
      case 'truncated-json': {
        const whole = JSON.stringify({ chart: { result: result ? [sliceChartResult(result, period1, period2)] : [], error: null } });
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(whole.slice(0, Math.floor(whole.length / 2)));
      }
      case 'another-symbol':
        return sendJson(response, 200, {
          chart: { result: [{ meta: { symbol: `NOT-${symbol}` }, timestamp: [period1], indicators: { quote: [{ close: [1] }] } }], error: null },
        });
      case 'columns-of-unequal-length':
        return sendJson(response, 200, {
          chart: { result: [{ meta: { symbol }, timestamp: [period1, period1 + 86_400], indicators: { quote: [{ close: [1] }] } }], error: null },
        });
      case 'ok':
        if (!result) {
          return sendJson(response, 404, { chart: { result: null, error: { code: 'Not Found', description: 'No data found, symbol may be delisted' } } });
        }
        return sendJson(response, 200, { chart: { result: [sliceChartResult(result, period1, period2)], error: null } });
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setMode: (next) => {
      mode = next;
    },
    requests: () => seen,
    requestCount: () => seen.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
