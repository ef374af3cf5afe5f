/**
 * What every fake Yahoo of the tests shares (the chart fakes of the quotes tests and of the hardening
 * suite, the search fake of the symbols tests): a loopback server that can be closed with its open
 * connections, JSON answers, the ways Yahoo fails (500, 429, an HTML page, a reset, no answer), and the
 * chart endpoint's answers, a recorded chart sliced to the range asked for or one of its garbage shapes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { YahooChartResult } from '#src/model/quotes';

export interface LoopbackServer {
  baseUrl: string;
  /** Closes the server and every connection still open (a hanging answer included). */
  close(): Promise<void>;
}

/** Serves `handle` on a free loopback port. */
export async function serveOnLoopback(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const server = createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
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

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

/** The ways Yahoo fails whatever was asked. */
export type YahooFault = 'hang' | 'reset' | 'status-500' | 'status-429' | 'status-429-retry-after-1s' | 'html-page';

/**
 * Answers `behaviour` if it is one of Yahoo's failures (its 500 in the shape of the `api` asked, chart
 * or finance) and says whether it did.
 */
export function answerFault(
  request: IncomingMessage,
  response: ServerResponse,
  behaviour: string,
  api: 'chart' | 'finance',
): boolean {
  switch (behaviour as YahooFault) {
    case 'hang':
      return true;
    case 'reset':
      request.socket.destroy();
      return true;
    case 'status-500':
      sendJson(response, 500, {
        [api]: { result: null, error: { code: 'Internal Server Error', description: 'boom' } },
      });
      return true;
    case 'status-429':
      sendJson(response, 429, { message: 'Too Many Requests' });
      return true;
    case 'status-429-retry-after-1s':
      sendJson(response, 429, { message: 'Too Many Requests' }, { 'retry-after': '1' });
      return true;
    case 'html-page':
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><html><body>Will be right back…</body></html>');
      return true;
    default:
      return false;
  }
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

/** What the chart endpoint can answer: the chart, one of Yahoo's failures, or garbage under a 200. */
export type ChartBehaviour =
  'ok' | YahooFault | 'json-not-a-chart' | 'truncated-json' | 'columns-of-unequal-length' | 'another-symbol';

/** `/v8/finance/chart/SYMBOL`'s symbol, or null for any other path. */
export function chartSymbolOf(url: URL): string | null {
  const match = /^\/v8\/finance\/chart\/([^/]+)$/.exec(url.pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** Answers a chart request for `symbol` (`period1`/`period2` of `url`) from `charts` (by upper-case symbol), as `behaviour` says. */
export function answerChart(
  request: IncomingMessage,
  response: ServerResponse,
  behaviour: ChartBehaviour,
  charts: ReadonlyMap<string, YahooChartResult>,
  symbol: string,
  url: URL,
): void {
  if (answerFault(request, response, behaviour, 'chart')) return;
  const period1 = Number(url.searchParams.get('period1'));
  const period2 = Number(url.searchParams.get('period2'));
  const result = charts.get(symbol.toUpperCase());
  switch (behaviour) {
    case 'json-not-a-chart':
      return sendJson(response, 200, { finance: { result: [] } });
    case 'truncated-json': {
      const whole = JSON.stringify({
        chart: { result: result ? [sliceChartResult(result, period1, period2)] : [], error: null },
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(whole.slice(0, Math.floor(whole.length / 2)));
      return;
    }
    case 'columns-of-unequal-length':
      return sendJson(response, 200, {
        chart: {
          result: [
            { meta: { symbol }, timestamp: [period1, period1 + 86_400], indicators: { quote: [{ close: [1] }] } },
          ],
          error: null,
        },
      });
    case 'another-symbol':
      return sendJson(response, 200, {
        chart: {
          result: [
            { meta: { symbol: `NOT-${symbol}` }, timestamp: [period1], indicators: { quote: [{ close: [1] }] } },
          ],
          error: null,
        },
      });
    default:
      if (!result)
        return sendJson(response, 404, {
          chart: { result: null, error: { code: 'Not Found', description: 'No data found, symbol may be delisted' } },
        });
      return sendJson(response, 200, { chart: { result: [sliceChartResult(result, period1, period2)], error: null } });
  }
}
