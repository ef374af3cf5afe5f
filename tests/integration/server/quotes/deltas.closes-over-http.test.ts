/**
 * `closes: "deltas"` over the real routes: every recorded series (stocks and exchange rates) decodes to the
 * very doubles of the plain answer, with the same validators; a request without the flag gets today's
 * answer; a tail and "unchanged" work the same with the flag; a series no scale gives back travels plain.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { QuoteAnswerEntry, QuoteFullEntry, QuoteTailEntry, QuoteWireEntry } from '#src/model/quotes';
import { plainCloses } from '#src/model/closes-encoding';
import { SETTLE_DAYS } from '#server/quotes/quote-revision';
import { startFakeYahoo, type FakeYahoo } from '#helpers/quotes/fake-yahoo-chart';
import {
  recordedChart,
  RECORDED_AT_MS,
  serveQuotes,
  TEST_TUNING,
  utc,
  type RunningQuotes,
} from '#helpers/quotes/harness';
import type { QuotesServiceOptions } from '#server/quotes';

const MARKET = join(import.meta.dirname, '../../../../data/market');
const recorded = readdirSync(MARKET)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

let fake: FakeYahoo | null = null;
let quotes: RunningQuotes | null = null;
afterEach(async () => {
  await quotes?.close();
  await fake?.close();
  quotes = fake = null;
});

async function serve(options: Partial<QuotesServiceOptions>): Promise<void> {
  quotes = await serveQuotes({
    provider: 'files',
    marketDataDir: MARKET,
    cache: null,
    ...options,
    tuning: { ...TEST_TUNING, nowMs: () => RECORDED_AT_MS },
  });
}

async function ask(body: object): Promise<{ entries: QuoteWireEntry[]; bytes: number }> {
  const response = await quotes!.post(body);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return { entries: JSON.parse(text) as QuoteWireEntry[], bytes: Buffer.byteLength(text) };
}

const bits = (values: readonly number[]) => [...new BigUint64Array(new Float64Array(values).buffer)];

describe('closes as integer deltas over HTTP', () => {
  it('every recorded series decodes to the bits of the plain answer, same validators, fewer bytes', async () => {
    await serve({});
    const body = { symbols: recorded, start: utc('1995-01-01'), end: utc('2025-02-21') };
    const plain = await ask(body);
    const deltas = await ask({ ...body, closes: 'deltas' });
    expect(
      plain.entries.some((entry) => 'closesScale' in entry),
      'without the flag: no encoding',
    ).toBe(false);
    const scaled = deltas.entries.filter((entry) => 'closesScale' in entry);
    expect(scaled.length).toBeGreaterThan(recorded.length / 2);
    expect(deltas.entries.map((entry) => entry.symbol)).toEqual(plain.entries.map((entry) => entry.symbol));
    deltas.entries.forEach((entry, k) => {
      const decoded = plainCloses(entry) as QuoteFullEntry;
      const expected = plain.entries[k] as QuoteFullEntry;
      expect(decoded.validator, entry.symbol).toBe(expected.validator);
      expect(bits(decoded.closes), entry.symbol).toEqual(bits(expected.closes));
      expect(decoded).toEqual(expected);
    });
    expect(deltas.bytes).toBeLessThan(plain.bytes * 0.9);
  });

  it('a held series is "unchanged" with the flag; a tail after the settled day comes encoded and decodes', async () => {
    // Recorded from Yahoo, the closes are float32s widened (239.64999389648438): at cents here.
    const msft = recordedChart('MSFT-1y-dividends.recorded.json');
    const quote = msft.chart.result![0]!.indicators.quote[0]!;
    quote.close = quote.close!.map((close) => (close === null ? null : Math.round(close * 100) / 100));
    fake = await startFakeYahoo([msft]);
    await serve({ provider: 'yahoo', yahooBaseUrl: fake.baseUrl, marketDataDir: '/nonexistent' });
    const start = utc('2021-02-01');
    const end = utc('2022-01-29');
    const first = plainCloses((await ask({ symbols: ['MSFT'], start, end, closes: 'deltas' })).entries[0]!);
    const { validator } = first as QuoteFullEntry;
    const again = await ask({ symbols: ['MSFT'], start, end, closes: 'deltas', held: { MSFT: validator } });
    expect(again.entries).toEqual([{ symbol: 'MSFT', unchanged: true }]);

    const earlier = plainCloses(
      (await ask({ symbols: ['MSFT'], start, end: utc('2021-12-01'), closes: 'deltas' })).entries[0]!,
    ) as QuoteFullEntry;
    const held = { MSFT: earlier.validator };
    const [tailWire] = (await ask({ symbols: ['MSFT'], start, end, closes: 'deltas', held })).entries;
    expect(tailWire).toHaveProperty('closesScale', 2);
    expect(tailWire).not.toHaveProperty('closesFloat32');
    const [tailPlain] = (await ask({ symbols: ['MSFT'], start, end, held })).entries as QuoteAnswerEntry[];
    const tail = plainCloses(tailWire!) as QuoteTailEntry;
    expect(tail.after).toBe(earlier.days.at(-1)! - SETTLE_DAYS);
    expect(bits(tail.closes)).toEqual(bits((tailPlain as QuoteTailEntry).closes));
    expect(tail).toEqual(tailPlain);
  });

  it("Yahoo's float32 closes come as cents with closesFloat32 and decode to the same bits", async () => {
    const msft = recordedChart('MSFT-1y-dividends.recorded.json');
    fake = await startFakeYahoo([msft]);
    await serve({ provider: 'yahoo', yahooBaseUrl: fake.baseUrl, marketDataDir: '/nonexistent' });
    const body = { symbols: ['MSFT'], start: utc('2021-02-01'), end: utc('2022-01-29') };
    const deltas = await ask({ ...body, closes: 'deltas' });
    const plain = await ask(body);
    expect(deltas.entries[0]).toMatchObject({ closesScale: 2, closesFloat32: true });
    const expected = plain.entries[0] as QuoteFullEntry;
    expect(expected.closes[0]).toBe(239.64999389648438);
    const decoded = plainCloses(deltas.entries[0]!) as QuoteFullEntry;
    expect(bits(decoded.closes)).toEqual(bits(expected.closes));
    expect(decoded).toEqual(expected);
    expect(deltas.bytes).toBeLessThan(plain.bytes * 0.7);
  });

  it('a series with a close no scale 0..6 gives back travels plain', async () => {
    const msft = recordedChart('MSFT-1y-dividends.recorded.json');
    msft.chart.result![0]!.indicators.quote[0]!.close![5] = 1 / 3;
    fake = await startFakeYahoo([msft]);
    await serve({ provider: 'yahoo', yahooBaseUrl: fake.baseUrl, marketDataDir: '/nonexistent' });
    const body = { symbols: ['MSFT'], start: utc('2021-02-01'), end: utc('2022-01-29') };
    const [wire] = (await ask({ ...body, closes: 'deltas' })).entries;
    expect(wire).not.toHaveProperty('closesScale');
    expect(wire).toEqual((await ask(body)).entries[0]);
    expect((wire as QuoteFullEntry).closes).toContain(1 / 3);
  });

  it.each([
    ['closes', { closes: 'plain' }],
    ['format', { format: 'xml' }],
  ])('refuses any other encoding, naming the field (%s)', async (field, change) => {
    await serve({});
    const response = await quotes!.post({ symbols: ['AAPL'], start: 0, end: 1, ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues: Array<{ path: string }> };
    expect(body.issues.map((issue) => issue.path)).toContain(field);
  });
});
