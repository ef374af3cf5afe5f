/**
 * The symbols service against a misbehaving Yahoo search (a fake on loopback) with short waits, on a real
 * SQLite file: refused, hanging, 429, 5xx, garbage → a clear problem per ISIN, the shipped table or the
 * recorded answers still answer, and nothing is cached from a failed lookup.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStorage } from '#server/storage/sqlite/sqlite-storage';
import type { Storage } from '#server/storage/types';
import { createSymbolsService, type SymbolsServiceOptions } from '#server/symbols';
import { refusedBaseUrl } from '#helpers/fake-yahoo';
import {
  PROJECT_DATA,
  searchAnswers,
  startFakeYahooSearch,
  type FakeYahooSearch,
} from '#helpers/symbols/fake-yahoo-search';

let dir: string;
let storage: Storage;
let fake: FakeYahooSearch;
let clockMs: number;
const events: Array<Record<string, unknown>> = [];

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'symbols-faults-'));
  storage = openSqliteStorage(path.join(dir, 'investments.sqlite'));
  fake = await startFakeYahooSearch(searchAnswers());
  clockMs = Date.parse('2026-03-01T10:00:00Z');
  events.length = 0;
});
afterEach(async () => {
  await fake.close();
  await storage.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function service(options: Partial<SymbolsServiceOptions> = {}) {
  return createSymbolsService({
    provider: 'yahoo',
    searchDir: '/nonexistent',
    yahooBaseUrl: fake.baseUrl,
    store: storage.symbols,
    log: (event) => events.push(event),
    ...options,
    tuning: {
      timeoutMs: 300,
      retryDelaysMs: [20, 40],
      maxRetryAfterMs: 500,
      outageMs: 60_000,
      nowMs: () => clockMs,
      ...options.tuning,
    },
  });
}

// VWCE: in the shipped table (VWCE.DE) and answered by the fake. Siemens likewise (SIE.DE).
const vwce = { isin: 'IE00BK5BQT80', currency: 'EUR' };

async function cachedIsins(): Promise<string[]> {
  return [...(await storage.symbols.lookups(['IE00BK5BQT80', 'DE0007236101'])).keys()];
}

describe('when Yahoo misbehaves', () => {
  it('says the connection was refused, proposes the table’s symbol, caches nothing', async () => {
    const [result] = await service({ yahooBaseUrl: await refusedBaseUrl() }).resolve('u', [vwce]);
    expect(result).toEqual({
      isin: 'IE00BK5BQT80',
      candidates: [expect.objectContaining({ symbol: 'VWCE.DE' })],
      chosen: { symbol: 'VWCE.DE', source: 'table' },
      problem: expect.stringContaining('connection refused'),
    });
    expect(await cachedIsins()).toEqual([]);
  });

  it('gives up on a hanging search after its timeout', async () => {
    fake.always('hang');
    const startedMs = performance.now();
    const [result] = await service().resolve('u', [vwce]);
    expect(performance.now() - startedMs).toBeLessThan(3_000);
    expect(result!.problem).toMatch(/no answer from 127\.0\.0\.1:\d+ within 300 ms/);
    expect(result!.chosen).toEqual({ symbol: 'VWCE.DE', source: 'table' });
    expect(await cachedIsins()).toEqual([]);
  });

  it('retries a 429, then says it was throttled, and stops asking for the outage time', async () => {
    fake.always('status-429');
    const yahoo = service();
    const [first] = await yahoo.resolve('u', [vwce]);
    expect(first!.problem).toBe('Yahoo answered 429 (after 3 tries)');
    expect(fake.queries).toHaveLength(3);
    const [second] = await yahoo.resolve('u', [{ isin: 'DE0007236101', currency: 'EUR' }]);
    expect(second!.problem).toMatch(/^Yahoo is unreachable: Yahoo answered 429.*next try in 60 s$/);
    expect(second!.chosen).toEqual({ symbol: 'SIE.DE', source: 'table' });
    expect(fake.queries).toHaveLength(3);
    expect(await cachedIsins()).toEqual([]);
  });

  it('recovers once the outage time has passed, and caches the answer then', async () => {
    fake.queue('status-500', 'status-500', 'status-500');
    const yahoo = service();
    expect((await yahoo.resolve('u', [vwce]))[0]!.problem).toBe('Yahoo answered 500 (after 3 tries)');
    clockMs += 61_000;
    const [later] = await yahoo.resolve('u', [vwce]);
    expect(later!.problem).toBeUndefined();
    expect(later!.chosen).toEqual({ symbol: 'VWCE.DE', source: 'lookup' });
    expect(await cachedIsins()).toEqual(['IE00BK5BQT80']);
  });

  it.each(['html-page', 'json-without-quotes', 'yahoo-error'] as const)(
    'reports garbage (%s) as an unusable answer and caches nothing',
    async (behaviour) => {
      fake.always(behaviour);
      const [result] = await service().resolve('u', [vwce]);
      expect(result!.problem).toMatch(/unusable answer from Yahoo's search|Invalid Search Query/);
      expect(result!.chosen).toEqual({ symbol: 'VWCE.DE', source: 'table' });
      expect(await cachedIsins()).toEqual([]);
    },
  );

  it('in auto mode answers from the recorded searches when Yahoo is out of reach', async () => {
    const [result] = await service({
      provider: 'auto',
      searchDir: PROJECT_DATA,
      yahooBaseUrl: await refusedBaseUrl(),
    }).resolve('u', [vwce]);
    expect(result!.chosen).toEqual({ symbol: 'VWCE.DE', source: 'lookup' });
    expect(result!.candidates.map((c) => c.symbol)).toEqual(['VWCE.DE', 'VWCE.MI', 'VWCE.F', 'VWRP.L']);
    expect(result!.problem).toContain('connection refused');
    expect(events).toContainEqual(expect.objectContaining({ event: 'symbols.fallback', to: 'files' }));
  });

  it('uses a stale cached lookup rather than nothing when Yahoo fails', async () => {
    await service().resolve('u', [vwce]);
    clockMs += 40 * 24 * 3600 * 1000;
    fake.always('status-429');
    const [result] = await service().resolve('u', [vwce]);
    expect(result!.chosen).toEqual({ symbol: 'VWCE.DE', source: 'lookup' });
    expect(result!.problem).toContain('429');
  });

  it('offline (files) never opens a connection', async () => {
    const [result] = await service({ provider: 'files', searchDir: PROJECT_DATA }).resolve('u', [
      vwce,
      { isin: 'XS2314659447' },
    ]);
    expect(result!.chosen).toEqual({ symbol: 'VWCE.DE', source: 'lookup' });
    expect(fake.queries).toEqual([]);
  });
});
