/** Recorded charts, a quotes service on a bare Hono app over real HTTP, and a SQLite cache in memory. */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { Temporal } from 'temporal-polyfill';
import { epochDayFromIso } from '#src/model/days';
import type { QuoteColumnsEntry, QuoteEntry, YahooChart } from '#src/model/quotes';
import {
  createQuotesRoutes,
  createQuotesService,
  type QuoteCache,
  type QuotesService,
  type QuotesServiceOptions,
} from '#server/quotes';
import type { AppEnv } from '#server/http/app-env';
import { createSqliteQuoteCache } from '#server/storage/sqlite/quote-cache';
import { migrateSqlite } from '#server/storage/sqlite/sqlite-storage';

const FIXTURES = join(import.meta.dirname, '../../fixtures/yahoo');

/** The v8 chart JSON of a fixture in `tests/fixtures/yahoo/` (recorded exchanges keep it under `response.bodyJson`). */
export function recordedChart(fileName: string): YahooChart {
  const json = JSON.parse(readFileSync(join(FIXTURES, fileName), 'utf8')) as
    YahooChart | { response: { bodyJson: YahooChart } };
  return 'response' in json ? json.response.bodyJson : json;
}

export function columnsOf(entry: QuoteEntry | undefined): QuoteColumnsEntry {
  if (!entry || 'error' in entry) throw new Error(`expected quotes, got ${JSON.stringify(entry)}`);
  return entry;
}

/** The date of `unixSeconds` in `timeZone` (UTC without one) as an epoch day, by Temporal: an oracle apart from the server's. */
export function dayIn(unixSeconds: number, timeZone: string | undefined): number {
  const instant = Temporal.Instant.fromEpochMilliseconds(unixSeconds * 1000);
  return epochDayFromIso(
    instant
      .toZonedDateTimeISO(timeZone ?? 'UTC')
      .toPlainDate()
      .toString(),
  );
}

/** The bars with a close of a recorded chart stamped within [start, end], as days and closes. */
export function barsIn(chart: YahooChart, start: number, end: number): { days: number[]; closes: number[] } {
  const result = chart.chart.result![0]!;
  const closes = result.indicators.quote[0]!.close!;
  const kept = (result.timestamp ?? []).flatMap((t, i) => {
    const close = closes[i];
    return t >= start && t <= end && typeof close === 'number' ? [{ t, close }] : [];
  });
  return {
    days: kept.map(({ t }) => dayIn(t, result.meta.exchangeTimezoneName)),
    closes: kept.map(({ close }) => close),
  };
}

/** Unix seconds of 00:00 UTC on an ISO date. */
export const utc = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 1000;

/** A cache on a SQLite database in memory, its tables made by the storage's migrations. */
export async function memoryCache(): Promise<QuoteCache> {
  const db = new Database(':memory:');
  migrateSqlite(db);
  return createSqliteQuoteCache(db);
}

/** Fast waits so that retries and timeouts fit in a test. */
export const TEST_TUNING = { timeoutMs: 300, retryDelaysMs: [20, 40], maxRetryAfterMs: 1_500, outageMs: 60_000 };

/** The recorded fixtures were fetched on 2025-02-22; a service under test stands on that day. */
export const RECORDED_AT_MS = Date.parse('2025-02-22T10:00:00Z');

/** A quotes service for tests: `auto`, no market data, test waits, the fixtures' clock; `options` override. */
export function testQuotesService(options: Partial<QuotesServiceOptions>): QuotesService {
  return createQuotesService({
    provider: 'auto',
    marketDataDir: '/nonexistent',
    cache: null,
    ...options,
    tuning: { ...TEST_TUNING, nowMs: () => RECORDED_AT_MS, ...options.tuning },
  });
}

export interface RunningQuotes {
  url: string;
  post(body: unknown, init?: { contentType?: string; rawBody?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** The quotes routes on a bare Hono app served on a free loopback port. */
export async function serveQuotes(options: QuotesServiceOptions): Promise<RunningQuotes> {
  const app = new Hono<AppEnv>();
  // The server's ID-token check sets the user; here every request is one test user's.
  app.use('*', async (c, next) => {
    c.set('user', { sub: 'quotes-test-user' });
    await next();
  });
  app.route('/api/quotes', createQuotesRoutes(createQuotesService(options)));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/quotes`;
  return {
    url,
    post: (body, init = {}) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': init.contentType ?? 'application/json' },
        body: init.rawBody ?? JSON.stringify(body),
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
