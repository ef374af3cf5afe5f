import YahooFinance from 'yahoo-finance2';
import { describe, expect, it } from 'vitest';
import { epochDayFromIso } from '#src/model/days';
import type { YahooChart } from '#src/model/quotes';
import { parseChart } from '#server/quotes/chart-json';
import { columnsFromSeries } from '#server/quotes/quote-columns';
import { chartJsonFromYahooFinance2 } from '#server/quotes/reshape-yahoo-finance2';
import { recordedChart } from '#helpers/quotes/harness';

const silent = { info() {}, warn() {}, error() {}, debug() {}, dir() {} };

/** What yahoo-finance2's `chart()` returns when Yahoo answers with `recorded`. */
async function chartResultFor(
  recorded: YahooChart,
  symbol: string,
  period1: number,
  period2: number,
): Promise<unknown> {
  const yahooFinance = new YahooFinance({
    versionCheck: false,
    logger: silent,
    fetch: (async () =>
      new Response(JSON.stringify(recorded), { headers: { 'content-type': 'application/json' } })) as typeof fetch,
  });
  return yahooFinance.chart(
    symbol,
    { period1, period2, interval: '1d', events: 'div|split', return: 'object' },
    { validateResult: false },
  );
}

describe('reshaping a yahoo-finance2 chart() result', () => {
  const aapl = recordedChart('AAPL-dividend-split.recorded.json');

  it('gives back the v8 chart JSON Yahoo sent, with every Date turned back into unix seconds', async () => {
    const result = await chartResultFor(aapl, 'AAPL', 1598832000, 1604707200);
    expect((result as { meta: { regularMarketTime: unknown } }).meta.regularMarketTime).toBeInstanceOf(Date);
    expect(chartJsonFromYahooFinance2(result)).toEqual({ chart: { result: [aapl.chart.result![0]], error: null } });
  });

  it('answers what the engine reads: meta, days and closes, the split and the dividend on their New York days', async () => {
    const parsed = parseChart(
      chartJsonFromYahooFinance2(await chartResultFor(aapl, 'AAPL', 1598832000, 1604707200)),
      'AAPL',
    );
    if (!parsed.ok) throw new Error(parsed.reason);
    const served = columnsFromSeries('AAPL', parsed.series, 'yahoo');
    expect(served.meta).toEqual({ currency: 'USD', exchangeTimezoneName: 'America/New_York', dataSource: 'yahoo' });
    expect(served.days).toHaveLength(49);
    expect(served.closes).toHaveLength(49);
    expect(served.days[0]).toBe(epochDayFromIso('2020-08-31'));
    expect(served.closes[0]).toBeCloseTo(129.04, 2);
    expect(served.splits).toEqual({ days: [epochDayFromIso('2020-08-31')], numerators: [4], denominators: [1] });
    expect(served.dividends).toEqual({ days: [epochDayFromIso('2020-11-06')], amounts: [0.205] });
    // The other columns Yahoo sends stay on the server (in its cache), as the meta it does not send on.
    expect(parsed.series.bars[0]).toMatchObject({
      open: expect.any(Number),
      high: expect.any(Number),
      volume: expect.any(Number),
    });
    expect(parsed.series.meta).toMatchObject({ symbol: 'AAPL' });
    expect(parsed.series.splits[0]!.epochDay).toBe(epochDayFromIso('2020-08-31'));
    expect(parsed.series.dividends[0]!.epochDay).toBe(epochDayFromIso('2020-11-06'));
  });

  it('gives an empty range an empty quote, as Yahoo does, and parses it as no bars', async () => {
    const empty: YahooChart = {
      chart: {
        result: [{ meta: { ...aapl.chart.result![0]!.meta }, indicators: { quote: [{}], adjclose: [{}] } }],
        error: null,
      },
    };
    const reshaped = chartJsonFromYahooFinance2(await chartResultFor(empty, 'AAPL', 1598832000, 1598918400));
    expect(reshaped.chart.result![0]!.indicators.quote).toEqual([{}]);
    const parsed = parseChart(reshaped, 'AAPL');
    expect(parsed.ok && parsed.series.bars).toEqual([]);
  });

  it('puts an FX bar stamped at midnight London time in summer on the London day', () => {
    const chart: YahooChart = {
      chart: {
        result: [
          {
            meta: { symbol: 'EUR=X', currency: 'EUR', exchangeTimezoneName: 'Europe/London' },
            timestamp: [Date.parse('2024-07-01T23:00:00Z') / 1000],
            indicators: { quote: [{ close: [0.93] }] },
          },
        ],
        error: null,
      },
    };
    const parsed = parseChart(chart, 'EUR=X');
    expect(parsed.ok && parsed.series.bars[0]!.epochDay).toBe(epochDayFromIso('2024-07-02'));
  });

  it('keeps one bar per exchange day: the later one, unless it has no close and the earlier one has', () => {
    const at = (iso: string) => Date.parse(iso) / 1000;
    const chart = (closes: Array<number | null>): YahooChart => ({
      chart: {
        result: [
          {
            meta: { symbol: 'EUR=X', currency: 'EUR', exchangeTimezoneName: 'Europe/London' },
            // Two stamps on the London day 2024-07-02 (the second a live bar), then one on 2024-07-03.
            timestamp: [at('2024-07-01T23:00:00Z'), at('2024-07-02T15:00:00Z'), at('2024-07-02T23:00:00Z')],
            indicators: { quote: [{ close: closes }] },
          },
        ],
        error: null,
      },
    });
    const served = (closes: Array<number | null>) => {
      const parsed = parseChart(chart(closes), 'EUR=X');
      if (!parsed.ok) throw new Error(parsed.reason);
      const { days, closes: kept } = columnsFromSeries('EUR=X', parsed.series, 'yahoo');
      return { days, closes: kept };
    };
    const days = [epochDayFromIso('2024-07-02'), epochDayFromIso('2024-07-03')];
    expect(served([0.93, 0.94, 0.95])).toEqual({ days, closes: [0.94, 0.95] });
    expect(served([0.93, null, 0.95])).toEqual({ days, closes: [0.93, 0.95] });
    expect(served([null, null, 0.95])).toEqual({ days: [days[1]], closes: [0.95] });
  });
});
