/**
 * Incremental quotes over the real routes and a fake Yahoo on loopback: a second request that names the
 * validator it was given gets "nothing new" in a few bytes; bars appended upstream come alone (the tail
 * after the settled day); a corrected close and a new split bring the whole series; the recorded files
 * (the demo's and the sample data's path) answer the same way.
 */
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteAnswerEntry, QuoteFullEntry, QuoteTailEntry, YahooChart } from '#src/model/quotes';
import { SETTLE_DAYS } from '#server/quotes/quote-revision';
import { startFakeYahoo, type FakeYahoo } from '#helpers/quotes/fake-yahoo-chart';
import {
  barsIn,
  memoryCache,
  recordedChart,
  RECORDED_AT_MS,
  serveQuotes,
  TEST_TUNING,
  utc,
  type RunningQuotes,
} from '#helpers/quotes/harness';
import type { QuotesServiceOptions } from '#server/quotes';

const msft = recordedChart('MSFT-1y-dividends.recorded.json');
const start = utc('2021-02-01');
const end = utc('2022-01-29');

let fake: FakeYahoo | null = null;
let quotes: RunningQuotes | null = null;
afterEach(async () => {
  await quotes?.close();
  await fake?.close();
  quotes = fake = null;
});

async function serve(options: Partial<QuotesServiceOptions>): Promise<RunningQuotes> {
  quotes = await serveQuotes({
    provider: 'yahoo',
    marketDataDir: '/nonexistent',
    cache: null,
    ...options,
    tuning: { ...TEST_TUNING, nowMs: () => RECORDED_AT_MS },
  });
  return quotes;
}

/** One symbol's answer and the bytes of the body. */
async function ask(body: object): Promise<{ entry: QuoteAnswerEntry; bytes: number }> {
  const response = await quotes!.post(body);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return { entry: (JSON.parse(text) as QuoteAnswerEntry[])[0]!, bytes: Buffer.byteLength(text) };
}

function whole(entry: QuoteAnswerEntry): QuoteFullEntry {
  if (!('validator' in entry) || 'after' in entry) throw new Error(`expected a whole series: ${JSON.stringify(entry)}`);
  return entry;
}

/** The chart with the closes before `beforeSeconds` changed by `change`. */
function withCloses(chart: YahooChart, beforeSeconds: number, change: (close: number) => number): YahooChart {
  const copy = structuredClone(chart);
  const result = copy.chart.result![0]!;
  const quote = result.indicators.quote[0]!;
  quote.close = quote.close!.map((close, i) =>
    result.timestamp![i]! < beforeSeconds && close !== null ? change(close) : close,
  );
  return copy;
}

describe('incremental quotes from Yahoo', () => {
  it('a second request with the validator gets nothing new, in a few bytes (the first from Yahoo, the next from the cache)', async () => {
    fake = await startFakeYahoo([msft]);
    await serve({ yahooBaseUrl: fake.baseUrl, cache: await memoryCache() });
    const first = await ask({ symbols: ['MSFT'], start, end });
    const full = whole(first.entry);
    expect({ days: full.days, closes: full.closes }).toEqual(barsIn(msft, start, end));
    const second = await ask({ symbols: ['MSFT'], start, end, held: { MSFT: full.validator } });
    expect(second.entry).toEqual({ symbol: 'MSFT', unchanged: true });
    expect(second.bytes).toBeLessThan(50);
    expect(first.bytes).toBeGreaterThan(100 * second.bytes);
  });

  it('bars appended upstream come alone: the tail after the settled day, through the cache', async () => {
    fake = await startFakeYahoo([msft]);
    await serve({ yahooBaseUrl: fake.baseUrl, cache: await memoryCache() });
    const earlierEnd = utc('2021-12-01');
    const firstAnswer = await ask({ symbols: ['MSFT'], start, end: earlierEnd });
    const first = whole(firstAnswer.entry);
    const next = await ask({ symbols: ['MSFT'], start, end, held: { MSFT: first.validator } });
    const tail = next.entry as QuoteTailEntry;
    const through = first.days.at(-1)! - SETTLE_DAYS;
    expect(tail.after).toBe(through);
    const expected = barsIn(msft, start, end);
    const kept = expected.days.filter((day) => day <= through).length;
    expect({ days: tail.days, closes: tail.closes }).toEqual({
      days: expected.days.slice(kept),
      closes: expected.closes.slice(kept),
    });
    expect(tail.days.length).toBeLessThan(50);
    expect(next.bytes).toBeLessThan(firstAnswer.bytes / 3);
  });

  it('a corrected close before the settled day comes back whole (Yahoo asked each time, no cache)', async () => {
    fake = await startFakeYahoo([msft]);
    await serve({ yahooBaseUrl: fake.baseUrl });
    const first = whole((await ask({ symbols: ['MSFT'], start, end })).entry);
    const corrected = structuredClone(msft);
    corrected.chart.result![0]!.indicators.quote[0]!.close![20] = 999.5;
    fake.setChart(corrected);
    const next = whole((await ask({ symbols: ['MSFT'], start, end, held: { MSFT: first.validator } })).entry);
    expect(next.closes[20]).toBe(999.5);
    expect({ days: next.days, closes: next.closes }).toEqual(barsIn(corrected, start, end));
    expect(next.validator).not.toBe(first.validator);
  });

  it('a new split upstream comes back whole with its re-scaled closes, through the cache', async () => {
    fake = await startFakeYahoo([msft]);
    await serve({ yahooBaseUrl: fake.baseUrl, cache: await memoryCache() });
    const earlierEnd = utc('2021-12-01');
    const first = whole((await ask({ symbols: ['MSFT'], start, end: earlierEnd })).entry);
    const splitSeconds = msft.chart.result![0]!.timestamp!.find((t) => t >= utc('2021-12-10'))!;
    const split = withCloses(msft, splitSeconds, (close) => close / 2);
    split.chart.result![0]!.events = {
      ...split.chart.result![0]!.events,
      splits: { [splitSeconds]: { date: splitSeconds, numerator: 2, denominator: 1, splitRatio: '2:1' } },
    };
    fake.setChart(split);
    const next = whole((await ask({ symbols: ['MSFT'], start, end, held: { MSFT: first.validator } })).entry);
    expect(next.splits.numerators).toEqual([2]);
    expect({ days: next.days, closes: next.closes }).toEqual(barsIn(split, start, end));
    expect(next.closes[0]).toBe(first.closes[0]! / 2);
  });

  it('refuses a validator it did not give and one for a symbol not asked for, naming where', async () => {
    fake = await startFakeYahoo([msft]);
    await serve({ yahooBaseUrl: fake.baseUrl });
    for (const held of [{ MSFT: 'not a validator' }, { AAPL: 'AAAAAAAAAAAAAAAA.1.AAAAAAAAAAAAAAAA' }]) {
      const response = await quotes!.post({ symbols: ['MSFT'], start, end, held });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { issues: Array<{ path: string }> };
      expect(body.issues[0]!.path).toMatch(/^held\./);
    }
    expect(fake.requests).toEqual([]);
  });
});

describe('incremental quotes from the recorded files (demo and sample data)', () => {
  it('answers nothing new to the validator it gave, the whole series to a stale one and after the file was corrected', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'market-'));
    writeFileSync(join(dir, 'MSFT.json'), JSON.stringify(msft));
    await serve({ provider: 'files', marketDataDir: dir });
    const first = whole((await ask({ symbols: ['MSFT'], start, end })).entry);
    expect(first.meta.dataSource).toBe('files');
    const again = await ask({ symbols: ['MSFT'], start, end, held: { MSFT: first.validator } });
    expect(again.entry).toEqual({ symbol: 'MSFT', unchanged: true });
    const stale = `${first.validator.slice(0, 16)}.${first.days[100]}.AAAAAAAAAAAAAAAA`;
    const other = whole((await ask({ symbols: ['MSFT'], start, end, held: { MSFT: stale.replace(/^./, 'Z') } })).entry);
    expect(other.days).toEqual(first.days);

    // The file corrected on disk (a close in March 2021): read again, and the whole series comes back.
    const corrected = structuredClone(msft);
    corrected.chart.result![0]!.indicators.quote[0]!.close![30] = 123.25;
    writeFileSync(join(dir, 'MSFT.json'), JSON.stringify(corrected));
    utimesSync(join(dir, 'MSFT.json'), new Date(), new Date(Date.now() + 60_000));
    const next = whole((await ask({ symbols: ['MSFT'], start, end, held: { MSFT: first.validator } })).entry);
    expect(next.closes[30]).toBe(123.25);
    expect({ days: next.days, closes: next.closes }).toEqual(barsIn(corrected, start, end));
  });
});
