import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { YahooChart } from '#src/model/quotes';
import type { QuoteCache, QuotesService } from '#server/quotes';
import { startFakeYahoo, type FakeYahoo } from '#helpers/quotes/fake-yahoo-chart';
import { barsIn, columnsOf, dayIn, memoryCache, recordedChart, testQuotesService, utc } from '#helpers/quotes/harness';

const DAY = 86_400;
const msft = recordedChart('MSFT-1y-dividends.recorded.json');
const msftResult = msft.chart.result![0]!;

let fake: FakeYahoo;
let cache: QuoteCache;
let service: QuotesService;

beforeEach(async () => {
  fake = await startFakeYahoo([msft]);
  cache = await memoryCache();
  service = testQuotesService({ yahooBaseUrl: fake.baseUrl, cache });
});
afterEach(() => fake.close());

const ask = async (start: number, end: number) => columnsOf((await service.getQuotes(['MSFT'], start, end))[0]);

describe('the quotes cache fetches only what it lacks', () => {
  it('asks the upstream for the missing tail only, from five days before what it holds', async () => {
    const first = await ask(utc('2021-02-01'), utc('2021-06-01'));
    expect(first.meta.dataSource).toBe('yahoo');
    expect(fake.requests).toEqual([
      expect.objectContaining({ symbol: 'MSFT', period1: utc('2021-02-01'), period2: utc('2021-06-01') }),
    ]);

    const whole = await ask(utc('2021-02-01'), utc('2022-01-31'));
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]).toMatchObject({ period1: utc('2021-06-01') - 5 * DAY, period2: utc('2022-01-31') });
    expect(whole.meta.dataSource).toBe('yahoo');
    expect({ days: whole.days, closes: whole.closes }).toEqual(barsIn(msft, 0, utc('2100-01-01')));
    const dividends = Object.values(msftResult.events!.dividends!);
    expect(whole.dividends).toEqual({
      days: dividends.map((event) => dayIn(event.date, msftResult.meta.exchangeTimezoneName)),
      amounts: dividends.map((event) => event.amount),
    });
    expect(whole.dividends.days.length).toBeGreaterThan(0);
  });

  it('answers a repeated request from the cache alone, marked cache', async () => {
    await ask(utc('2021-02-01'), utc('2021-06-01'));
    const again = await ask(utc('2021-03-01'), utc('2021-04-01'));
    expect(fake.requests).toHaveLength(1);
    expect(again.meta.dataSource).toBe('cache');
    expect({ days: again.days, closes: again.closes }).toEqual(barsIn(msft, utc('2021-03-01'), utc('2021-04-01')));
    expect(again.meta).toEqual({ currency: 'USD', exchangeTimezoneName: 'America/New_York', dataSource: 'cache' });
  });

  it('fetches an earlier head up to where the cache starts, not the whole range again', async () => {
    await ask(utc('2021-06-01'), utc('2021-09-01'));
    await ask(utc('2021-03-01'), utc('2021-09-01'));
    expect(fake.requests[1]).toMatchObject({ period1: utc('2021-03-01'), period2: utc('2021-06-01') + DAY });
  });

  it('replaces corrected bars of the last five days with the upstream values', async () => {
    await ask(utc('2021-02-01'), utc('2021-06-01'));
    const correctedDay = msftResult.timestamp!.findLast((t) => t < utc('2021-06-01'))!;
    const index = msftResult.timestamp!.indexOf(correctedDay);
    const closes = [...msftResult.indicators.quote[0]!.close!];
    closes[index] = 250.5;
    const corrected: YahooChart = structuredClone(msft);
    corrected.chart.result![0]!.indicators.quote[0]!.close = closes;
    fake.setChart(corrected);

    const healed = await ask(utc('2021-02-01'), utc('2021-07-01'));
    const at = healed.days.indexOf(dayIn(correctedDay, msftResult.meta.exchangeTimezoneName));
    expect(at).toBeGreaterThan(0);
    expect(healed.closes[at]).toBe(250.5);
  });

  it('sends one upstream request when two requests for a symbol arrive together', async () => {
    await Promise.all([ask(utc('2021-02-01'), utc('2021-06-01')), ask(utc('2021-02-01'), utc('2021-06-01'))]);
    expect(fake.requests).toHaveLength(1);
  });
});
