/**
 * The series a quotes service read from the database cache is kept under the write token stored beside
 * it (server/quotes/series-memo.ts): a repeated request gets the very same entry (so its validator is
 * not computed again), and never once the stored series changed: a corrected close fetched by this
 * instance, one fetched and written by another instance on the same database, a new split. On SQLite
 * and, with DATABASE_URL, on PostgreSQL; Yahoo is a fake serving a recorded chart.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { YahooChart } from '#src/model/quotes';
import type { QuoteCache, QuotesService } from '#server/quotes';
import { answerFor, validatorOf } from '#server/quotes/quote-revision';
import { createPgQuoteCache } from '#server/storage/postgres/quote-cache';
import { migratePostgres } from '#server/storage/postgres/postgres-storage';
import { migrateSqlite } from '#server/storage/sqlite/sqlite-storage';
import { createSqliteQuoteCache } from '#server/storage/sqlite/quote-cache';
import { startFakeYahoo, type FakeYahoo } from '#helpers/quotes/fake-yahoo-chart';
import { columnsOf, recordedChart, testQuotesService, utc } from '#helpers/quotes/harness';

const FRESH_MS = 15 * 60 * 1000;
const original = recordedChart('MSFT-1y-dividends.recorded.json');
const timestamps = original.chart.result![0]!.timestamp!;
const start = utc('2021-03-01');
/** The services stand a day after the chart's last bar: a fetch past the freshness heals its last days. */
const TODAY_MS = (timestamps.at(-1)! + 86_400) * 1000;
const end = TODAY_MS / 1000 + 86_400;

/** The chart with its close on `index` (negative: from the end) set to `close`. */
function withClose(chart: YahooChart, index: number, close: number): YahooChart {
  const copy = structuredClone(chart);
  const closes = copy.chart.result![0]!.indicators.quote[0]!.close!;
  closes[index < 0 ? closes.length + index : index] = close;
  return copy;
}

/** The chart after a 2:1 split on its last bar but one: the closes before it halved. */
function afterASplit(chart: YahooChart): YahooChart {
  const copy = structuredClone(chart);
  const result = copy.chart.result![0]!;
  const splitSeconds = timestamps.at(-2)!;
  const quote = result.indicators.quote[0]!;
  quote.close = quote.close!.map((close, i) => (timestamps[i]! < splitSeconds && close !== null ? close / 2 : close));
  result.events = {
    ...result.events,
    splits: { [splitSeconds]: { date: splitSeconds, numerator: 2, denominator: 1, splitRatio: '2:1' } },
  };
  return copy;
}

interface Backend {
  /** A cache on the one database of the test: each call is another instance's connection to it. */
  open(): QuoteCache;
  close(): Promise<void>;
}

async function sqliteBackend(): Promise<Backend> {
  const dir = mkdtempSync(path.join(tmpdir(), 'series-memo-'));
  const file = path.join(dir, 'data.sqlite');
  const handles: Database.Database[] = [];
  const first = new Database(file);
  migrateSqlite(first);
  handles.push(first);
  return {
    open: () => {
      const db = new Database(file);
      handles.push(db);
      return createSqliteQuoteCache(db);
    },
    close: async () => {
      for (const db of handles) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const databaseUrl = process.env.DATABASE_URL;
const schema = `series_memo_test_${process.pid}_${Date.now()}`;
const admin = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 1 }) : null;
afterAll(async () => {
  if (!admin) return;
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

async function postgresBackend(): Promise<Backend> {
  await admin!.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin!.query(`CREATE SCHEMA ${schema}`);
  const pool = new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
  await migratePostgres(pool);
  return { open: () => createPgQuoteCache(pool), close: () => pool.end() };
}

const backends: Array<[string, () => Promise<Backend>]> = [['SQLite', sqliteBackend]];
if (databaseUrl) backends.push(['PostgreSQL', postgresBackend]);

describe.each(backends)('the series kept beside the cache on %s', (_name, openBackend) => {
  let fake: FakeYahoo;
  let backend: Backend;
  let nowMs = TODAY_MS;
  const instance = (): QuotesService =>
    testQuotesService({ yahooBaseUrl: fake.baseUrl, cache: backend.open(), tuning: { nowMs: () => nowMs } });
  const msft = async (service: QuotesService) => columnsOf((await service.getQuotes(['MSFT'], start, end))[0]);

  beforeEach(async () => {
    nowMs = TODAY_MS;
    fake = await startFakeYahoo([original]);
    backend = await openBackend();
  });
  afterEach(async () => {
    await fake.close();
    await backend.close();
  });

  it('hands a repeated request the same entry while the stored series stands, read from the cache', async () => {
    const service = instance();
    const fetched = await msft(service);
    const again = await msft(service);
    const third = await msft(service);
    expect(fake.requests).toHaveLength(1);
    expect(third).toBe(again);
    expect(again).toEqual({ ...fetched, meta: { ...fetched.meta, dataSource: 'cache' } });
    expect(answerFor(third, validatorOf(fetched))).toEqual({ symbol: 'MSFT', unchanged: true });
    // An earlier end that cuts bars off is not the kept series: it is read and sliced as before.
    const shorter = columnsOf((await service.getQuotes(['MSFT'], start, timestamps[timestamps.length - 3]!))[0]);
    expect(shorter.days).toEqual(again.days.slice(0, -2));
  });

  it('answers a close corrected upstream once this instance fetched and stored it', async () => {
    const service = instance();
    await msft(service);
    const held = await msft(service);
    fake.setChart(withClose(original, -2, 123.25));
    nowMs += FRESH_MS + 1000;
    await msft(service);
    const after = await msft(service);
    expect(after).not.toBe(held);
    expect(after.closes.at(-2)).toBe(123.25);
    expect(after.closes.slice(0, -2)).toEqual(held.closes.slice(0, -2));
    expect(answerFor(after, validatorOf(held))).not.toHaveProperty('unchanged');
  });

  it('answers what another instance wrote to the same database, never the series this one kept', async () => {
    const one = instance();
    const other = instance();
    await msft(one);
    const kept = await msft(one);
    // The other instance fetches the correction (its coverage then reaches the present, fresh for both).
    fake.setChart(withClose(original, -1, 321.5));
    nowMs += FRESH_MS + 1000;
    expect((await msft(other)).closes.at(-1)).toBe(321.5);
    const requests = fake.requests.length;
    const seen = await msft(one);
    expect(fake.requests).toHaveLength(requests);
    expect(seen.closes.at(-1)).toBe(321.5);
    expect(answerFor(seen, validatorOf(kept))).not.toHaveProperty('unchanged');
  });

  it('answers the re-scaled closes after a new split made the cache forget the series', async () => {
    const service = instance();
    await msft(service);
    const kept = await msft(service);
    const split = afterASplit(original);
    fake.setChart(split);
    nowMs += FRESH_MS + 1000;
    await msft(service);
    const after = await msft(service);
    expect(after.splits.numerators).toEqual([2]);
    expect(after.closes[0]).toBeCloseTo(kept.closes[0]! / 2, 10);
    expect(answerFor(after, validatorOf(kept))).not.toHaveProperty('unchanged');
  });
});
