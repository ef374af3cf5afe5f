import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuoteCache, QuotesService } from '#server/quotes';
import { startFakeYahoo, type FakeBehaviour, type FakeYahoo } from '#helpers/quotes/fake-yahoo-chart';
import { columnsOf, memoryCache, recordedChart, testQuotesService, utc } from '#helpers/quotes/harness';

const primedStart = utc('2021-02-01');
const primedEnd = utc('2021-06-01');

let fake: FakeYahoo;
let cache: QuoteCache;
let auto: QuotesService;

beforeEach(async () => {
  fake = await startFakeYahoo([recordedChart('MSFT-1y-dividends.recorded.json')]);
  cache = await memoryCache();
  auto = testQuotesService({ yahooBaseUrl: fake.baseUrl, cache, tuning: { retryDelaysMs: [] } });
  await auto.getQuotes(['MSFT'], primedStart, primedEnd);
});
afterEach(() => fake.close());

const garbage: FakeBehaviour[] = [
  'html-page',
  'json-not-a-chart',
  'columns-of-unequal-length',
  'another-symbol',
  'status-500',
];

describe('a bad upstream answer never reaches the cache', () => {
  it.each(garbage)('after %s the cache holds what it held, and auto serves it marked cache', async (behaviour) => {
    const coverageBefore = await cache.coverage('MSFT');
    const barsBefore = (await cache.read('MSFT', 0, 2 ** 31))!.bars;

    fake.queue(behaviour);
    const entry = (await auto.getQuotes(['MSFT'], primedStart, utc('2022-01-31')))[0];

    expect(fake.requests).toHaveLength(2);
    expect(columnsOf(entry).meta.dataSource).toBe('cache');
    expect(columnsOf(entry).days).toEqual(barsBefore.map((bar) => bar.epochDay));
    expect(columnsOf(entry).closes).toEqual(barsBefore.map((bar) => bar.close));
    expect(await cache.coverage('MSFT')).toEqual(coverageBefore);
    expect((await cache.read('MSFT', 0, 2 ** 31))!.bars).toEqual(barsBefore);
  });

  it('fetches the tail again once the upstream answers well', async () => {
    fake.queue('json-not-a-chart');
    await auto.getQuotes(['MSFT'], primedStart, utc('2022-01-31'));
    const healed = columnsOf((await auto.getQuotes(['MSFT'], primedStart, utc('2022-01-31')))[0]);
    expect(healed.meta.dataSource).toBe('yahoo');
    expect(healed.days).toHaveLength(252);
  });

  it('gives an error entry, not stale data, when the provider is yahoo only', async () => {
    const yahooOnly = testQuotesService({ provider: 'yahoo', yahooBaseUrl: fake.baseUrl, cache });
    fake.queue('another-symbol');
    const [entry] = await yahooOnly.getQuotes(['MSFT'], primedStart, utc('2022-01-31'));
    expect(entry).toEqual({ symbol: 'MSFT', error: expect.stringContaining('chart is for NOT-MSFT, not MSFT') });
  });
});
