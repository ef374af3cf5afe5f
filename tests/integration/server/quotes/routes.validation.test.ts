import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYahoo, type FakeYahoo } from '#helpers/quotes/fake-yahoo-chart';
import {
  barsIn,
  columnsOf,
  recordedChart,
  serveQuotes,
  TEST_TUNING,
  utc,
  type RunningQuotes,
} from '#helpers/quotes/harness';

let fake: FakeYahoo;
let quotes: RunningQuotes;
const start = utc('2021-03-01');
const end = utc('2021-04-01');

beforeAll(async () => {
  fake = await startFakeYahoo([
    recordedChart('MSFT-1y-dividends.recorded.json'),
    recordedChart('AAPL-dividend-split.recorded.json'),
  ]);
  quotes = await serveQuotes({
    provider: 'yahoo',
    marketDataDir: '/nonexistent',
    yahooBaseUrl: fake.baseUrl,
    cache: null,
    tuning: TEST_TUNING,
  });
});
afterAll(async () => {
  await quotes.close();
  await fake.close();
});

async function expectRefused(body: unknown, paths: string[]) {
  const before = fake.requests.length;
  const response = await quotes.post(body);
  expect(response.status).toBe(400);
  const answer = (await response.json()) as { message: string; issues: Array<{ path: string; message: string }> };
  expect(answer.message).toBe('Invalid quotes request.');
  expect(answer.issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(paths));
  expect(fake.requests.length).toBe(before);
}

describe('a quotes request that breaks the contract is refused with 400 and reaches no upstream', () => {
  it('refuses a symbol Yahoo cannot have', () =>
    expectRefused({ symbols: ['MSFT', 'MS FT', '../etc'], start, end }, ['symbols.1', 'symbols.2']));
  it('refuses a symbol longer than 20 characters', () =>
    expectRefused({ symbol: 'A'.repeat(21), start, end }, ['symbol']));
  it('refuses an empty list and more than 100 symbols', async () => {
    await expectRefused({ symbols: [], start, end }, ['symbols']);
    await expectRefused({ symbols: Array.from({ length: 101 }, (_, i) => `S${i}`), start, end }, ['symbols']);
  });
  it('refuses the same symbol twice, whatever its case', () =>
    expectRefused({ symbols: ['MSFT', 'AAPL', 'msft'], start, end }, ['symbols.2']));
  it('refuses a start that is not before the end', () =>
    expectRefused({ symbol: 'MSFT', start: end, end: start }, ['end']));
  it('refuses an end more than two days in the future', () =>
    expectRefused({ symbol: 'MSFT', start, end: Math.floor(Date.now() / 1000) + 3 * 86_400 }, ['end']));
  it('refuses times before 1970, fractions and strings', () =>
    expectRefused({ symbols: ['MSFT'], start: -86_400, end: '1617235200' }, ['start', 'end']));
  it('refuses fractional seconds', () => expectRefused({ symbol: 'MSFT', start: start + 0.5, end }, ['start']));
  it('refuses unknown keys and both shapes at once', () =>
    expectRefused({ symbols: ['MSFT'], symbol: 'MSFT', start, end }, ['']));
  it('refuses a body that is not JSON', async () => {
    const response = await quotes.post(undefined, { rawBody: '{"symbols": [' });
    expect(response.status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('transport limits', () => {
  it('answers 415 to a body that is not declared JSON', async () => {
    const response = await quotes.post(undefined, {
      contentType: 'text/plain',
      rawBody: JSON.stringify({ symbol: 'MSFT', start, end }),
    });
    expect(response.status).toBe(415);
    expect(fake.requests).toHaveLength(0);
  });
  it('answers 413 to a body over the limit', async () => {
    const response = await quotes.post({ symbols: ['MSFT'], start, end, padding: 'x'.repeat(20_000) });
    expect(response.status).toBe(413);
    expect(fake.requests).toHaveLength(0);
  });
  it('answers 405 with Allow: POST to a GET', async () => {
    const response = await fetch(quotes.url);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('a valid request', () => {
  it('answers {symbol} with one entry and {symbols} with entries in the order asked, errors included', async () => {
    const one = await quotes.post({ symbol: 'MSFT', start, end });
    expect(one.status).toBe(200);
    const entry = (await one.json()) as { symbol: string };
    expect(entry.symbol).toBe('MSFT');
    expect(columnsOf(entry as never).meta.dataSource).toBe('yahoo');

    const many = await quotes.post({
      symbols: ['aapl', 'NOPE', 'MSFT'],
      start: utc('2020-09-01'),
      end: utc('2020-10-01'),
    });
    expect(many.status).toBe(200);
    const entries = (await many.json()) as Array<{ symbol: string; error?: string }>;
    expect(entries.map((e) => e.symbol)).toEqual(['aapl', 'NOPE', 'MSFT']);
    const aapl = columnsOf(entries[0] as never);
    expect({ days: aapl.days, closes: aapl.closes }).toEqual(
      barsIn(recordedChart('AAPL-dividend-split.recorded.json'), utc('2020-09-01'), utc('2020-10-01')),
    );
    expect(aapl.days.length).toBeGreaterThan(0);
    expect(entries[1]!.error).toContain('No data found');
    // MSFT's recording starts in 2021: no bar in the range, and no event either.
    expect(columnsOf(entries[2] as never)).toMatchObject({
      days: [],
      closes: [],
      dividends: { days: [], amounts: [] },
      splits: { days: [], numerators: [], denominators: [] },
    });
  });
});
