/**
 * One demo symbol's offline series: its real recording where there is one, and around it (or alone)
 * generated bars on the venue's trading days, stamped as Yahoo stamps them, joined to the recording's
 * first and last closes by Brownian bridges, with the scheduled dividends on generated days. Marked
 * `sample`, with `recordedRanges` saying which span is real.
 */
import { join } from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { epochDayFromIso, isoFromEpochDay } from '../../src/model/days';
import type { YahooChart } from '../../src/model/quotes';
import { chartFromSeries } from './chart-from-series';
import type { RecordedRange } from '../../server/quotes/files-provider';
import type { QuoteBar, QuoteDividend, QuoteSeries } from '../../server/quotes/series';
import { LAST_SAMPLE_DAY, scheduledDividends, type DemoSymbol } from './demo-symbols';
import { bridge, normal, seededRandom, TRADING_DAYS_PER_YEAR } from './random-walk';
import { readYahooRecording, readYfinanceCsv } from './recordings';
import { barTimestamp, tradingDays, venueTimeZone } from './trading-calendar';

export interface SampleSeries {
  series: QuoteSeries;
  recordedRanges: RecordedRange[];
}

function readRecording(
  spec: DemoSymbol,
  sourcesDir: string,
): Pick<QuoteSeries, 'bars' | 'dividends' | 'splits'> | null {
  if (!spec.recording) return null;
  const path = join(sourcesDir, spec.recording.file);
  if (spec.recording.format === 'yfinance-csv') return { ...readYfinanceCsv(path, spec.venue), splits: [] };
  return readYahooRecording(path, spec.symbol);
}

const closes = (bars: readonly QuoteBar[]) =>
  bars.map((bar) => bar.close).filter((close): close is number => close !== null);

/** Bars for `days` with the given closes; open, high, low and volume drawn around them. */
function generatedBars(
  spec: DemoSymbol,
  days: readonly string[],
  dayCloses: readonly number[],
  random: () => number,
): QuoteBar[] {
  const dailyVolatility = spec.annualVolatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
  const scale = 10 ** spec.priceDecimals;
  const round = (price: number) => Math.round(price * scale) / scale;
  return days.map((day, index) => {
    const close = dayCloses[index]!;
    const previous = dayCloses[index - 1] ?? close;
    const open = previous * Math.exp(0.25 * dailyVolatility * normal(random));
    const high = Math.max(open, close) * (1 + 0.5 * dailyVolatility * Math.abs(normal(random)));
    const low = Math.min(open, close) * (1 - 0.5 * dailyVolatility * Math.abs(normal(random)));
    const volume = Math.round(spec.typicalVolume * Math.exp(0.35 * normal(random)));
    return {
      timestampSeconds: barTimestamp(spec.venue, day),
      epochDay: epochDayFromIso(day),
      open: round(open),
      high: round(high),
      low: round(low),
      close: round(close),
      volume,
    };
  });
}

export function buildSampleSeries(spec: DemoSymbol, sourcesDir: string): SampleSeries {
  const random = seededRandom(`investments-tracker sample ${spec.symbol}`);
  const recording = readRecording(spec, sourcesDir);
  const recorded = recording?.bars ?? [];
  const firstRecordedDay = recorded.length > 0 ? isoFromEpochDay(recorded[0]!.epochDay) : null;
  const lastRecordedDay = recorded.length > 0 ? isoFromEpochDay(recorded[recorded.length - 1]!.epochDay) : null;
  const firstDay = firstRecordedDay && firstRecordedDay < spec.firstDay ? firstRecordedDay : spec.firstDay;
  const days = tradingDays(spec.venue, firstDay, LAST_SAMPLE_DAY);

  let before: string[];
  let after: string[];
  let beforeCloses: number[];
  let afterCloses: number[];
  if (firstRecordedDay && lastRecordedDay) {
    before = days.filter((day) => day < firstRecordedDay);
    after = days.filter((day) => day > lastRecordedDay);
    beforeCloses = bridge(random, spec.startPrice, closes(recorded)[0]!, before.length, spec.annualVolatility).slice(
      0,
      before.length,
    );
    afterCloses = bridge(random, closes(recorded).at(-1)!, spec.endPrice, after.length, spec.annualVolatility).slice(1);
  } else {
    before = days;
    after = [];
    beforeCloses = bridge(random, spec.startPrice, spec.endPrice, days.length - 1, spec.annualVolatility);
    afterCloses = [];
  }
  const bars = [
    ...generatedBars(spec, before, beforeCloses, random),
    ...recorded,
    ...generatedBars(spec, after, afterCloses, random),
  ];

  const generatedDays = new Set([...before, ...after]);
  const scheduled: QuoteDividend[] = spec.dividends
    ? scheduledDividends(spec.dividends, days)
        .filter(({ day }) => generatedDays.has(day))
        .map(({ day, amount }) => ({
          dateSeconds: barTimestamp(spec.venue, day),
          epochDay: epochDayFromIso(day),
          amount,
        }))
    : [];
  const dividends = [...scheduled, ...(recording?.dividends ?? [])].sort((a, b) => a.dateSeconds - b.dateSeconds);

  const timeZone = venueTimeZone(spec.venue);
  const last = bars[bars.length - 1]!;
  const lastZoned = Temporal.Instant.fromEpochMilliseconds(last.timestampSeconds * 1000).toZonedDateTimeISO(timeZone);
  const series: QuoteSeries = {
    meta: {
      ...spec.meta,
      symbol: spec.symbol,
      exchangeTimezoneName: timeZone,
      gmtoffset: lastZoned.offsetNanoseconds / 1e9,
      regularMarketTime: last.timestampSeconds,
      regularMarketPrice: last.close ?? undefined,
      chartPreviousClose: bars[0]!.close,
      dataGranularity: '1d',
    },
    bars,
    dividends,
    splits: recording?.splits ?? [],
  };
  const recordedRanges =
    recorded.length > 0
      ? [{ start: recorded[0]!.timestampSeconds, end: recorded[recorded.length - 1]!.timestampSeconds }]
      : [];
  return { series, recordedRanges };
}

/** The file content: v8 chart JSON marked `sample`, with the recorded spans in `meta.recordedRanges`. */
export function sampleChart({ series, recordedRanges }: SampleSeries): YahooChart {
  const chart = chartFromSeries(series, 'sample');
  if (recordedRanges.length > 0) chart.chart.result![0]!.meta.recordedRanges = recordedRanges;
  return chart;
}
