import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { marketFileName, type QuoteCache, type QuotesServiceOptions } from '#server/quotes';
import { refusedBaseUrl, startFakeYahoo, type FakeYahoo } from '#helpers/quotes/fake-yahoo-chart';
import { barsIn, columnsOf, dayIn, memoryCache, recordedChart, testQuotesService, utc } from '#helpers/quotes/harness';

const msft = recordedChart('MSFT-1y-dividends.recorded.json');
const start = utc('2021-03-01');
const end = utc('2021-04-01');

let fake: FakeYahoo;
let refused: string;
let cache: QuoteCache;
let marketDataDir: string;

beforeEach(async () => {
  fake = await startFakeYahoo([msft]);
  refused = await refusedBaseUrl();
  cache = await memoryCache();
  marketDataDir = mkdtempSync(join(tmpdir(), 'market-'));
  writeFileSync(join(marketDataDir, marketFileName('MSFT')), JSON.stringify(msft));
});
afterEach(() => fake.close());

function service(options: Partial<QuotesServiceOptions>) {
  return testQuotesService({ marketDataDir, cache, ...options });
}
const sourceOf = async (options: Partial<QuotesServiceOptions>, symbol = 'MSFT') =>
  columnsOf((await service(options).getQuotes([symbol], start, end))[0]).meta.dataSource;

describe('auto: yahoo through the cache, then whatever the cache has, then the files', () => {
  it('serves Yahoo when it answers', async () => {
    expect(await sourceOf({ yahooBaseUrl: fake.baseUrl })).toBe('yahoo');
  });

  it('serves the cache when Yahoo is out of reach and the cache holds the range', async () => {
    await service({ yahooBaseUrl: fake.baseUrl }).getQuotes(['MSFT'], utc('2021-02-01'), utc('2021-03-15'));
    const entry = (await service({ yahooBaseUrl: refused }).getQuotes(['MSFT'], start, end))[0];
    expect(columnsOf(entry).meta.dataSource).toBe('cache');
    expect(columnsOf(entry).days.at(-1)).toBeLessThan(dayIn(utc('2021-03-15'), 'UTC'));
  });

  it('serves the files when Yahoo is out of reach and nothing is cached', async () => {
    const entry = (await service({ yahooBaseUrl: refused }).getQuotes(['MSFT'], start, end))[0];
    expect(columnsOf(entry).meta.dataSource).toBe('files');
    const { days, closes } = columnsOf(entry);
    expect({ days, closes }).toEqual(barsIn(msft, start, end));
  });

  it('serves the files when there is no cache at all and Yahoo is out of reach', async () => {
    expect(await sourceOf({ yahooBaseUrl: refused, cache: null })).toBe('files');
    expect(await sourceOf({ yahooBaseUrl: fake.baseUrl, cache: null })).toBe('yahoo');
  });

  it('says why in the error entry when nothing has the symbol', async () => {
    const [entry] = await service({ yahooBaseUrl: refused }).getQuotes(['VWCE.DE'], start, end);
    expect(entry).toEqual({
      symbol: 'VWCE.DE',
      error: expect.stringMatching(/connection refused.*nothing cached for the range.*no recorded data for VWCE\.DE/),
    });
  });

  it('goes on as if there were no cache when the database fails', async () => {
    const broken: QuoteCache = { ...cache, coverage: () => Promise.reject(new Error('database is locked')) };
    const events: Array<Record<string, unknown>> = [];
    const entry = (
      await service({ yahooBaseUrl: fake.baseUrl, cache: broken, log: (e) => events.push(e) }).getQuotes(
        ['MSFT'],
        start,
        end,
      )
    )[0];
    expect(columnsOf(entry).meta.dataSource).toBe('yahoo');
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'quotes.cache-error', message: 'database is locked' }),
    );
  });
});

describe('the other providers', () => {
  it('files never calls out', async () => {
    expect(await sourceOf({ provider: 'files', yahooBaseUrl: fake.baseUrl })).toBe('files');
    expect(fake.requests).toHaveLength(0);
  });

  it('yahoo gives an error entry rather than recorded data when Yahoo is out of reach', async () => {
    const [entry] = await service({ provider: 'yahoo', yahooBaseUrl: refused }).getQuotes(['MSFT'], start, end);
    expect(entry).toEqual({ symbol: 'MSFT', error: expect.stringContaining('connection refused') });
  });
});
