/**
 * The worker asks for closes as integer deltas (`closes: "deltas"`) and hands on the same series, bit for
 * bit, as a plain answer gives: against the real quotes routes over the recorded files (stocks and rates).
 * A scale the encoding does not have is refused, from a stand-in (the real server never sends one).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuoteAnswerEntry, QuoteFullEntry } from '#src/model/quotes';
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
const bits = (values: readonly number[]) => [...new BigUint64Array(new Float64Array(values).buffer)];

let quotes: RunningQuotes | null = null;
let standIn: LoopbackServer | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  setServiceOrigin(undefined);
  await quotes?.close();
  await standIn?.close();
  quotes = standIn = null;
});

/** The bodies the worker posts to /api/quotes, and the raw answers. */
function watchQuotes(): { bodies: Array<Record<string, unknown>>; answers: unknown[] } {
  const seen = { bodies: [] as Array<Record<string, unknown>>, answers: [] as unknown[] };
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (typeof init?.body === 'string') seen.bodies.push(JSON.parse(init.body) as Record<string, unknown>);
    const response = await realFetch(input, init);
    seen.answers.push(await response.clone().json());
    return response;
  });
  return seen;
}

describe('the worker reads closes sent as integer deltas', () => {
  it('asks for them and gets the very series of the plain answer, rates included; a held one stays unchanged', async () => {
    quotes = await serveQuotes({
      provider: 'files',
      marketDataDir: MARKET,
      cache: null,
      tuning: { ...TEST_TUNING, nowMs: () => RECORDED_AT_MS },
    });
    const plainResponse = await quotes.post({
      symbols: stocks,
      rates: 'EUR',
      start: range.startSeconds,
      end: range.endSeconds,
    });
    const plain = (await plainResponse.json()) as QuoteFullEntry[];
    setServiceOrigin(new URL(quotes.url).origin);
    const seen = watchQuotes();

    const decoded = (
      await requestQuoteUpdates(credentials, { symbols: stocks, rates: 'EUR', ...range }, new Map())
    ).map((entry) => entry as QuoteFullEntry);
    expect(seen.bodies[0]).toMatchObject({ closes: 'deltas' });
    const wire = seen.answers[0] as Array<Record<string, unknown>>;
    expect(wire.filter((entry) => 'closesScale' in entry).length).toBeGreaterThan(stocks.length / 2);
    expect(decoded.map((entry) => entry.symbol)).toEqual(plain.map((entry) => entry.symbol));
    expect(decoded.some((entry) => entry.symbol.endsWith('=X'))).toBe(true);
    decoded.forEach((entry, k) => {
      expect(entry).not.toHaveProperty('closesScale');
      expect(bits(entry.closes), entry.symbol).toEqual(bits(plain[k]!.closes));
      expect(entry).toEqual(plain[k]);
    });

    const held = new Map(decoded.map((entry) => [entry.symbol, entry.validator]));
    const again: QuoteAnswerEntry[] = await requestQuoteUpdates(
      credentials,
      { symbols: stocks, rates: 'EUR', ...range },
      held,
    );
    expect(again.every((entry) => 'unchanged' in entry)).toBe(true);
  });

  it('refuses a scale the encoding does not have', async () => {
    standIn = await serveOnLoopback((_request, response) =>
      sendJson(response, 200, [
        {
          symbol: 'VWCE.DE',
          meta: { currency: 'EUR', exchangeTimezoneName: 'Europe/Berlin', dataSource: 'yahoo' },
          days: [19000, 19001],
          closes: [1000, 5],
          closesScale: 7,
          dividends: { days: [], amounts: [] },
          splits: { days: [], numerators: [], denominators: [] },
          validator: 'AAAAAAAAAAAAAAAA.1.AAAAAAAAAAAAAAAA',
        },
      ]),
    );
    setServiceOrigin(standIn.baseUrl);
    const refused = await requestQuoteUpdates(credentials, { symbols: ['VWCE.DE'], ...range }, new Map()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).message).toMatch(/unexpected response at 0/);
  });
});
