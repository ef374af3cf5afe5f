import { afterEach, beforeEach, expect, it } from 'vitest';
import type { YahooChart } from '#src/model/quotes';
import type { QuotesService } from '#server/quotes';
import { startFakeYahoo, type FakeYahoo } from '#helpers/quotes/fake-yahoo-chart';
import { barsIn, columnsOf, dayIn, memoryCache, recordedChart, testQuotesService, utc } from '#helpers/quotes/harness';

const DAY = 86_400;
const asFirstServed = recordedChart('MSFT-1y-dividends.recorded.json');
const splitSeconds = asFirstServed.chart.result![0]!.timestamp!.find((t) => t >= utc('2021-06-01'))!;

/** The same history as Yahoo would serve it after a 2:1 split on `splitSeconds`: earlier closes halved. */
function afterASplit(chart: YahooChart): YahooChart {
  const copy = structuredClone(chart);
  const result = copy.chart.result![0]!;
  const quote = result.indicators.quote[0]!;
  quote.close = quote.close!.map((close, i) =>
    result.timestamp![i]! < splitSeconds && close !== null ? close / 2 : close,
  );
  result.events = {
    ...result.events,
    splits: { [splitSeconds]: { date: splitSeconds, numerator: 2, denominator: 1, splitRatio: '2:1' } },
  };
  return copy;
}

let fake: FakeYahoo;
let service: QuotesService;
beforeEach(async () => {
  fake = await startFakeYahoo([asFirstServed]);
  service = testQuotesService({ yahooBaseUrl: fake.baseUrl, cache: await memoryCache() });
});
afterEach(() => fake.close());

it('drops the stored closes and fetches the whole range again when the tail brings a split it did not know', async () => {
  const start = utc('2021-02-01');
  await service.getQuotes(['MSFT'], start, utc('2021-05-01'));
  const adjusted = afterASplit(asFirstServed);
  fake.setChart(adjusted);

  const end = utc('2021-09-01');
  const after = columnsOf((await service.getQuotes(['MSFT'], start, end))[0]);

  expect(fake.requests.map((r) => r.period1)).toEqual([start, utc('2021-05-01') - 5 * DAY, start]);
  expect({ days: after.days, closes: after.closes }).toEqual(barsIn(adjusted, start, end));
  const timeZone = adjusted.chart.result![0]!.meta.exchangeTimezoneName;
  expect(after.splits).toEqual({ days: [dayIn(splitSeconds, timeZone)], numerators: [2], denominators: [1] });
});
