/**
 * A fake Yahoo chart endpoint on loopback: serves recorded charts sliced to `period1`/`period2`, records
 * every request (symbol, period1, period2, user agent), and misbehaves on demand: 500, 429 (optionally
 * with `Retry-After`), an HTML page, JSON that is not a chart, a chart of another symbol, or no answer.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { YahooChart, YahooChartResult } from '../../../../../src/model/quotes';

export type FakeBehaviour =
  | 'ok'
  | 'status-500'
  | 'status-429'
  | 'status-429-retry-after-1s'
  | 'html-page'
  | 'json-not-a-chart'
  | 'columns-of-unequal-length'
  | 'another-symbol'
  | 'hang';

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

/** Bars and events of `result` stamped within [period1, period2). */
export function sliceChartResult(result: YahooChartResult, period1: number, period2: number): YahooChartResult {
  const timestamps = result.timestamp ?? [];
  const keep = timestamps.map((t) => t >= period1 && t < period2);
  const pick = <T>(values: T[] | undefined) => values?.filter((_, index) => keep[index]);
  const inRange = <E extends { date: number }>(events: Record<string, E> | undefined) => {
    const kept = Object.entries(events ?? {}).filter(([, event]) => event.date >= period1 && event.date < period2);
    return kept.length > 0 ? Object.fromEntries(kept) : undefined;
  };
  const dividends = inRange(result.events?.dividends);
  const splits = inRange(result.events?.splits);
  const quote = result.indicators.quote[0] ?? {};
  const sliced = pick(timestamps) ?? [];
  if (sliced.length === 0) {
    return { meta: result.meta, indicators: { quote: [{}], adjclose: [{}] } };
  }
  return {
    meta: result.meta,
    timestamp: sliced,
    // Yahoo leaves out what has no event, and `events` itself when there is none.
    ...(dividends || splits ? { events: { ...(dividends && { dividends }), ...(splits && { splits }) } } : {}),
    indicators: {
      quote: [Object.fromEntries(Object.entries(quote).map(([column, values]) => [column, pick(values)]))],
      adjclose: result.indicators.adjclose?.map((column) => ({ adjclose: pick(column.adjclose) })),
    },
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
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
  const sockets = new Set<Socket>();

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const match = /^\/v8\/finance\/chart\/([^/]+)$/.exec(url.pathname);
    if (!match) return sendJson(response, 404, { message: 'not a chart URL' });
    const symbol = decodeURIComponent(match[1]!);
    const period1 = Number(url.searchParams.get('period1'));
    const period2 = Number(url.searchParams.get('period2'));
    requests.push({ symbol, period1, period2, userAgent: request.headers['user-agent'] });
    const behaviour = pending.shift() ?? 'ok';
    const result = bySymbol.get(symbol.toUpperCase());
    switch (behaviour) {
      case 'hang':
        return;
      case 'status-500':
        return sendJson(response, 500, { chart: { result: null, error: { code: 'Internal Server Error', description: 'boom' } } });
      case 'status-429':
        return sendJson(response, 429, { message: 'Too Many Requests' });
      case 'status-429-retry-after-1s':
        return sendJson(response, 429, { message: 'Too Many Requests' }, { 'retry-after': '1' });
      case 'html-page':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<!doctype html><html><body>Will be right back…</body></html>');
      case 'json-not-a-chart':
        return sendJson(response, 200, { finance: { result: [] } });
      case 'columns-of-unequal-length':
        return sendJson(response, 200, {
          chart: { result: [{ meta: { symbol }, timestamp: [period1, period1 + 86_400], indicators: { quote: [{ close: [1] }] } }], error: null },
        });
      case 'another-symbol':
        return sendJson(response, 200, {
          chart: { result: [{ meta: { symbol: 'NOT-' + symbol }, timestamp: [period1], indicators: { quote: [{ close: [1] }] } }], error: null },
        });
      case 'ok':
        if (!result) {
          return sendJson(response, 404, {
            chart: { result: null, error: { code: 'Not Found', description: 'No data found, symbol may be delisted' } },
          });
        }
        return sendJson(response, 200, { chart: { result: [sliceChartResult(result, period1, period2)], error: null } });
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    queue: (...behaviours) => pending.push(...behaviours),
    setChart,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback URL on which nothing listens: connecting is refused at once. */
export async function refusedBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
