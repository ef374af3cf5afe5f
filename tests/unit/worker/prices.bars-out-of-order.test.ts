/**
 * Bars out of time order are read in time order, not misread, on both sides of the wire: the server
 * sorts a chart's bars before it answers (unusable bars skipped either way), and the worker sorts
 * columns that arrive out of day order.
 */
import { describe, expect, it } from 'vitest';
import { epochDayFromIso, type QuoteColumnsEntry, type QuoteEntry, type YahooChart } from '#src/model';
import { parseQuoteEntry } from '#src/worker/engine/market-series';
import { columnsFromChart } from '#server/quotes/quote-columns';
import { recordedChart } from '#helpers/quotes/harness';

/** MUV2.DE (recorded, XETRA) with its bars re-ordered by `order`, a list of indices into the recorded ones. */
function reordered(order: (bars: number) => number[]): YahooChart {
  const chart = structuredClone(recordedChart('MUV2.DE-null-close.json'));
  const result = chart.chart.result![0]!;
  const quote = result.indicators.quote[0]!;
  const timestamps = result.timestamp!;
  const indices = order(timestamps.length);
  for (const column of ['open', 'high', 'low', 'close', 'volume'] as const) {
    const values = quote[column];
    if (values) quote[column] = indices.map((index) => values[index]!);
  }
  result.timestamp = indices.map((index) => timestamps[index]!);
  return chart;
}

const served = (chart: YahooChart): QuoteColumnsEntry => {
  const entry = columnsFromChart('MUV2.DE', chart, 'yahoo');
  if ('error' in entry) throw new Error(entry.error);
  return entry;
};

const barsOf = (entry: QuoteEntry) => {
  const parsed = parseQuoteEntry(entry);
  if (!parsed.ok) throw new Error(parsed.error);
  return { days: Array.from(parsed.series.barDays), closes: Array.from(parsed.series.closes) };
};

const inOrder = served(reordered((bars) => Array.from({ length: bars }, (_, index) => index)));

describe('bars out of time order, on the server', () => {
  it('answers the recorded chart: its one null close (of 124 bars) left out, days ascending', () => {
    expect(inOrder.days).toHaveLength(123);
    expect(inOrder.days.every((day, k) => k === 0 || day > inOrder.days[k - 1]!)).toBe(true);
    expect(inOrder.closes.every(Number.isFinite)).toBe(true);
    expect(inOrder.days[0]).toBeGreaterThan(epochDayFromIso('2000-01-01'));
  });

  it('answers reversed bars as the same days and closes', () => {
    expect(served(reordered((bars) => Array.from({ length: bars }, (_, index) => bars - 1 - index)))).toEqual(inOrder);
  });

  it('answers bars with the last moved first as the same days and closes', () => {
    expect(served(reordered((bars) => [bars - 1, ...Array.from({ length: bars - 1 }, (_, index) => index)]))).toEqual(
      inOrder,
    );
  });
});

describe('columns out of day order, in the worker', () => {
  const expected = barsOf(inOrder);

  it('reads the answer in order as it came', () => {
    expect(expected).toEqual({ days: inOrder.days, closes: inOrder.closes });
  });

  it('reads reversed columns as the same days and closes', () => {
    const reversed = { ...inOrder, days: [...inOrder.days].reverse(), closes: [...inOrder.closes].reverse() };
    expect(barsOf(reversed)).toEqual(expected);
  });

  it('reads dividends and splits out of order by day, each amount and ratio with its day', () => {
    const entry: QuoteColumnsEntry = {
      ...inOrder,
      dividends: { days: [300, 100, 200], amounts: [3, 1, 2] },
      splits: { days: [500, 400], numerators: [3, 4], denominators: [1, 1] },
    };
    const parsed = parseQuoteEntry(entry);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(Array.from(parsed.series.dividendDays)).toEqual([100, 200, 300]);
    expect(Array.from(parsed.series.dividendAmounts)).toEqual([1, 2, 3]);
    expect(Array.from(parsed.series.splitDays)).toEqual([400, 500]);
    expect(Array.from(parsed.series.splitRatios)).toEqual([4, 3]);
  });

  it('reports columns of unequal length, or a split of no shares, as the ticker’s error, not a misread', () => {
    expect(parseQuoteEntry({ ...inOrder, closes: inOrder.closes.slice(1) })).toMatchObject({
      ok: false,
      symbol: 'MUV2.DE',
      error: expect.stringMatching(/differ/),
    });
    const noShares = { ...inOrder, splits: { days: [400], numerators: [0], denominators: [1] } };
    expect(parseQuoteEntry(noShares)).toMatchObject({ ok: false, error: expect.stringMatching(/split/) });
  });
});
