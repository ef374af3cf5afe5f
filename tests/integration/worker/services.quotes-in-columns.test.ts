/**
 * The worker asks for the quotes in bytes (`format: "binary"`, src/model/quote-columns-binary.ts) and
 * hands on the very series of the JSON answer, days and closes bit for bit, in typed arrays: against the
 * real quotes routes over the recorded files (stocks and rates). A held series comes back "unchanged".
 * Answers the worker must refuse come from a stand-in (the real server never sends them).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuoteFullEntry, QuoteTypedEntry } from '#src/model/quotes';
import { QUOTE_COLUMNS_TYPE, quoteColumnsAnswer, seriesColumns } from '#src/model/quote-columns-binary';
import { HttpError, setServiceOrigin, type Credentials } from '#src/worker/services/http';
import { requestQuoteUpdates } from '#src/worker/services/quotes-api';
import { RECORDED_AT_MS, serveQuotes, TEST_TUNING, utc, type RunningQuotes } from '#helpers/quotes/harness';
import { sendJson, serveOnLoopback, type LoopbackServer } from '#helpers/fake-yahoo';

const MARKET = join(import.meta.dirname, '../../../data/market');
const stocks = readdirSync(MARKET)
  .filter((name) => name.endsWith('.json') && !name.includes('=X'))
  .map((name) => name.slice(0, -'.json'.length));
const credentials: Credentials = { idToken: 'token', xsrfToken: null };
const range = { startSeconds: utc('1995-01-01'), endSeconds: utc('2025-02-21') };
const bits = (values: ArrayLike<number>) => [...new BigUint64Array(Float64Array.from(values).buffer)];

let quotes: RunningQuotes | null = null;
let standIn: LoopbackServer | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  setServiceOrigin(undefined);
  await quotes?.close();
  await standIn?.close();
  quotes = standIn = null;
});

/** The bodies the worker posts to /api/quotes, and the content types of the answers. */
function watchQuotes(): { bodies: Array<Record<string, unknown>>; types: Array<string | null> } {
  const seen = { bodies: [] as Array<Record<string, unknown>>, types: [] as Array<string | null> };
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (typeof init?.body === 'string') seen.bodies.push(JSON.parse(init.body) as Record<string, unknown>);
    const response = await realFetch(input, init);
    seen.types.push(response.headers.get('Content-Type'));
    return response;
  });
  return seen;
}

/** A stand-in that answers every request with `bytes` as quotes in columns. */
async function standInAnswering(bytes: Uint8Array): Promise<void> {
  standIn = await serveOnLoopback((_request, response) => {
    response.writeHead(200, { 'Content-Type': QUOTE_COLUMNS_TYPE, 'Content-Length': bytes.byteLength });
    response.end(bytes);
  });
  setServiceOrigin(standIn.baseUrl);
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

const META = { currency: 'EUR', exchangeTimezoneName: 'Europe/Berlin', dataSource: 'yahoo' };
const NO_EVENTS = { dividends: { days: [], amounts: [] }, splits: { days: [], numerators: [], denominators: [] } };
const VALIDATOR = 'AAAAAAAAAAAAAAAA.1.AAAAAAAAAAAAAAAA';

describe('the worker reads the quotes in columns', () => {
  it('asks for them and gets the very series of the JSON answer, rates included; a held one stays unchanged', async () => {
    quotes = await serveQuotes({
      provider: 'files',
      marketDataDir: MARKET,
      cache: null,
      tuning: { ...TEST_TUNING, nowMs: () => RECORDED_AT_MS },
    });
    const jsonResponse = await quotes.post({
      symbols: stocks,
      rates: 'EUR',
      start: range.startSeconds,
      end: range.endSeconds,
    });
    const json = (await jsonResponse.json()) as QuoteFullEntry[];
    setServiceOrigin(new URL(quotes.url).origin);
    const seen = watchQuotes();

    const read = await requestQuoteUpdates(credentials, { symbols: stocks, rates: 'EUR', ...range }, new Map());
    expect(seen.bodies[0]).toMatchObject({ format: 'binary', closes: 'deltas' });
    expect(seen.types[0]).toBe(QUOTE_COLUMNS_TYPE);
    expect(read.map((entry) => entry.symbol)).toEqual(json.map((entry) => entry.symbol));
    expect(read.some((entry) => entry.symbol.endsWith('=X'))).toBe(true);
    read.forEach((entry, k) => {
      if (!('days' in entry)) throw new Error(`${entry.symbol}: ${JSON.stringify(entry)}`);
      const { days, closes, ...rest } = entry;
      const { days: jsonDays, closes: jsonCloses, ...jsonRest } = json[k]!;
      expect(days).toBeInstanceOf(Int32Array);
      expect(closes).toBeInstanceOf(Float64Array);
      expect([...days], entry.symbol).toEqual(jsonDays);
      expect(bits(closes), entry.symbol).toEqual(bits(jsonCloses));
      expect(rest).toEqual(jsonRest);
    });

    const held = new Map(read.map((entry) => [entry.symbol, 'validator' in entry ? entry.validator : '']));
    const again = await requestQuoteUpdates(credentials, { symbols: stocks, rates: 'EUR', ...range }, held);
    expect(again.every((entry) => 'unchanged' in entry)).toBe(true);
  });

  it('reads float32 closes at a scale, and plain float64 closes, the days as their running sums', async () => {
    const float32 = [Math.fround(239.65), Math.fround(241.1), Math.fround(240)];
    const plain = [0.1 + 0.2, 1 / 3, 1e300];
    const header = JSON.stringify([
      { symbol: 'A', meta: META, ...NO_EVENTS, validator: VALIDATOR, closesScale: 2, closesFloat32: true, bars: 3 },
      { symbol: 'B', unchanged: true },
      { symbol: 'C', error: 'No data' },
      { symbol: 'D', meta: META, ...NO_EVENTS, validator: VALIDATOR, after: 19_000, bars: 3 },
    ]);
    await standInAnswering(
      quoteColumnsAnswer(header, [
        seriesColumns([19_000, 19_001, 19_004], [23_965, 145, -110], true)!,
        seriesColumns([19_001, 19_002, 19_005], plain, false)!,
      ]),
    );
    const [a, b, c, d] = await requestQuoteUpdates(credentials, { symbols: ['A', 'B', 'C', 'D'], ...range }, new Map());
    expect([...(a as QuoteTypedEntry).days]).toEqual([19_000, 19_001, 19_004]);
    expect(bits((a as QuoteTypedEntry).closes)).toEqual(bits(float32));
    expect(a).not.toHaveProperty('closesScale');
    expect(b).toEqual({ symbol: 'B', unchanged: true });
    expect(c).toEqual({ symbol: 'C', error: 'No data' });
    expect(d).toMatchObject({ symbol: 'D', after: 19_000 });
    expect(bits((d as QuoteTypedEntry).closes)).toEqual(bits(plain));
  });

  it.each([
    [
      'a scale the encoding does not have',
      [{ closesScale: 7 }],
      /unexpected response: its header is not the expected shape at 0/,
    ],
    ['a series without a validator', [{ validator: undefined }], /header is not the expected shape at 0/],
    ['columns cut short', [{}, 'short'], /columns end early/],
    ['bytes after the last series', [{}, 'long'], /bytes after its last series/],
  ] as const)('refuses %s', async (_name, [change, cut], message) => {
    const series = { symbol: 'A', meta: META, ...NO_EVENTS, validator: VALIDATOR, closesScale: 2, bars: 2, ...change };
    const columns = seriesColumns([19_000, 19_001], [100, 1], true)!;
    const bytes = quoteColumnsAnswer(JSON.stringify([series]), [
      cut === 'short' ? columns.subarray(0, 3) : cut === 'long' ? Uint8Array.of(...columns, 0) : columns,
    ]);
    await standInAnswering(bytes);
    const refused = await refusalOf(requestQuoteUpdates(credentials, { symbols: ['A'], ...range }, new Map()));
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).message).toMatch(
      /^Prices could not be loaded: The server sent an unexpected response/,
    );
    expect((refused as HttpError).message).toMatch(message);
  });

  it('refuses an answer that is not in columns, and passes on the server’s own refusal in its words', async () => {
    let status = 200;
    standIn = await serveOnLoopback((_request, response) =>
      status === 200
        ? sendJson(response, 200, [])
        : sendJson(response, status, { message: 'Yahoo is busy: wait a minute.' }),
    );
    setServiceOrigin(standIn.baseUrl);
    const json = await refusalOf(requestQuoteUpdates(credentials, { symbols: ['A'], ...range }, new Map()));
    expect(json).toBeInstanceOf(HttpError);
    expect((json as HttpError).message).toMatch(/unexpected response: application\/json, not application\/vnd/);
    status = 429;
    const refused = await refusalOf(requestQuoteUpdates(credentials, { symbols: ['A'], ...range }, new Map()));
    expect(refused).toMatchObject({
      status: 429,
      message: 'Prices could not be loaded: Yahoo is busy: wait a minute.',
    });
  });
});
