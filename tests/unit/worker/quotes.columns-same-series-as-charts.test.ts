/**
 * The columnar answer gives the engine the series the Yahoo chart JSON gave it before (issue 35): for every
 * recorded file of `data/market` and every Yahoo fixture under `tests/fixtures/yahoo`, the server's columns,
 * through JSON and the worker's check as they travel, parse into the same days, closes, dividends and
 * splits as the chart read the old way (helpers/worker/chart-reference.ts), with both day sources.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import type { YahooChart } from '#src/model';
import { quoteEntries } from '#src/model/quotes-schema';
import { parseQuoteEntry } from '#src/worker/engine/market-series';
import { columnsFromChart } from '#server/quotes/quote-columns';
import { recordedChart } from '#helpers/quotes/harness';
import { seriesFromChart } from '#helpers/worker/chart-reference';
import { TimeZoneDays } from '#helpers/worker/time-zone-days';

const MARKET = join(import.meta.dirname, '../../../data/market');
const marketFiles = readdirSync(MARKET).filter((file) => file.endsWith('.json'));
const fixtures = readdirSync(join(import.meta.dirname, '../../fixtures/yahoo')).filter(
  (file) => file.endsWith('.json') && !file.startsWith('search-'),
);

const CHARTS: Array<[string, YahooChart]> = [
  ...marketFiles.map((file): [string, YahooChart] => [
    `data/market/${file}`,
    JSON.parse(readFileSync(join(MARKET, file), 'utf8')) as YahooChart,
  ]),
  ...fixtures.map((file): [string, YahooChart] => [`tests/fixtures/yahoo/${file}`, recordedChart(file)]),
];

const plain = (series: Record<string, unknown>) =>
  Object.fromEntries(
    ['currency', 'barDays', 'closes', 'dividendDays', 'dividendAmounts', 'splitDays', 'splitRatios'].map((key) => [
      key,
      ArrayBuffer.isView(series[key]) ? Array.from(series[key] as unknown as ArrayLike<number>) : series[key],
    ]),
  );

describe('the columns and the chart give the engine the same series', () => {
  it('covers every recorded file and fixture', () => {
    expect(marketFiles.length).toBeGreaterThanOrEqual(8);
    expect(fixtures.length).toBeGreaterThanOrEqual(6);
  });

  it.each(CHARTS)('%s', (_name, chart) => {
    const symbol = chart.chart.result![0]!.meta.symbol!;
    const answer: unknown = JSON.parse(JSON.stringify([columnsFromChart(symbol, chart, 'files')]));
    expect(quoteEntries.accepts(answer)).toBe(true);
    const parsed = parseQuoteEntry((answer as Parameters<typeof parseQuoteEntry>[0][])[0]!);
    if (!parsed.ok) throw new Error(parsed.error);
    const columns = plain(parsed.series as unknown as Record<string, unknown>);
    expect(columns.barDays).not.toEqual([]);
    for (const source of [Temporal, null]) {
      expect(columns).toEqual(
        plain(seriesFromChart(chart, new TimeZoneDays(source)) as unknown as Record<string, unknown>),
      );
    }
  });
});
