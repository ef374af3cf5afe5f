/**
 * `rates` in a quotes request (the client's base currency): the answer brings, after the symbols asked for,
 * the exchange rates their quotes' currencies need into that base, once each, so that a visit's prices come
 * in one request; a held rate's validator is answered "unchanged" like any symbol's. Over the real routes
 * with the recorded files (`data/market`: AAPL and MSFT in USD, VWCE.DE in EUR, ULVR.L in GBp).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteAnswerEntry } from '#src/model/quotes';
import { serveQuotes, TEST_TUNING, utc, type RunningQuotes } from '#helpers/quotes/harness';

const marketDataDir = join(import.meta.dirname, '../../../../data/market');
const start = utc('2024-01-01');
const end = utc('2024-07-01');
let quotes: RunningQuotes;

beforeAll(async () => {
  quotes = await serveQuotes({ provider: 'files', marketDataDir, cache: null, tuning: TEST_TUNING });
});
afterAll(() => quotes.close());

async function answered(body: object): Promise<QuoteAnswerEntry[]> {
  const response = await quotes.post(body);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as QuoteAnswerEntry[];
}

const symbolsOf = (entries: QuoteAnswerEntry[]) => entries.map((entry) => entry.symbol);

describe('a quotes request with rates', () => {
  it('answers the rates the quotes need into the base, after the symbols asked for, once each', async () => {
    const entries = await answered({ symbols: ['AAPL', 'MSFT', 'VWCE.DE', 'ULVR.L'], start, end, rates: 'EUR' });
    expect(symbolsOf(entries)).toEqual(['AAPL', 'MSFT', 'VWCE.DE', 'ULVR.L', 'EUR=X', 'GBPEUR=X']);
    const rate = entries[4]!;
    expect('days' in rate && rate.days.length).toBeGreaterThan(100);
    expect('meta' in rate && rate.meta.currency).toBe('EUR');
  });

  it('into another base: the base itself needs no rate, and a rate asked for is not answered twice', async () => {
    expect(symbolsOf(await answered({ symbols: ['AAPL', 'VWCE.DE'], start, end, rates: 'USD' }))).toEqual([
      'AAPL',
      'VWCE.DE',
      'EURUSD=X',
    ]);
    expect(symbolsOf(await answered({ symbols: ['AAPL', 'EUR=X'], start, end, rates: 'EUR' }))).toEqual([
      'AAPL',
      'EUR=X',
    ]);
  });

  it('without rates, the symbols asked for alone, as before', async () => {
    expect(symbolsOf(await answered({ symbols: ['AAPL'], start, end }))).toEqual(['AAPL']);
  });

  it('a held rate named with its validator is answered unchanged', async () => {
    const [, rate] = await answered({ symbols: ['AAPL'], start, end, rates: 'EUR' });
    if (!rate || !('validator' in rate)) throw new Error(`expected the rate's series: ${JSON.stringify(rate)}`);
    const again = await answered({ symbols: ['AAPL'], start, end, rates: 'EUR', held: { 'EUR=X': rate.validator } });
    expect(again[1]).toEqual({ symbol: 'EUR=X', unchanged: true });
  });

  it('refuses a base that is not a code, and a held rate without rates', async () => {
    const refused = async (body: object, path: string) => {
      const response = await quotes.post(body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { issues: Array<{ path: string }> };
      expect(answer.issues.map((issue) => issue.path)).toContain(path);
    };
    await refused({ symbols: ['AAPL'], start, end, rates: 'eur' }, 'rates');
    await refused(
      { symbols: ['AAPL'], start, end, held: { 'EUR=X': `${'a'.repeat(16)}.1.${'b'.repeat(16)}` } },
      'held.EUR=X',
    );
  });
});
