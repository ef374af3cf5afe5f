/** A chart whose bars are not in time order is read in time order, not misread; unusable bars are skipped either way. */
import { describe, expect, it } from 'vitest';
import { epochDayFromIso, type QuoteEntry } from '#src/model';
import { parseQuoteEntry } from '#src/worker/engine/market-series';
import { TimeZoneDays } from '#src/worker/engine/time-zone-days';
import { fixtureEntry } from '#helpers/worker/portfolio';

/** MUV2.DE (recorded, XETRA) with its bars re-ordered by `order`, a list of indices into the recorded ones. */
function reordered(order: (bars: number) => number[]): QuoteEntry {
  const entry = fixtureEntry('MUV2.DE-null-close.json', 'MUV2.DE');
  if (!('data' in entry) || !entry.data) throw new Error('the fixture holds a chart');
  const result = entry.data.chart.result![0];
  const quote = result.indicators!.quote![0];
  const indices = order(result.timestamp!.length);
  const timestamps = result.timestamp!;
  const closes = quote.close!;
  result.timestamp = indices.map((index) => timestamps[index]);
  quote.close = indices.map((index) => closes[index]);
  return entry;
}

const barsOf = (entry: QuoteEntry) => {
  const parsed = parseQuoteEntry(entry, new TimeZoneDays(null));
  if (!parsed.ok) throw new Error(parsed.error);
  return { days: Array.from(parsed.series.barDays), closes: Array.from(parsed.series.closes) };
};

describe('bars out of time order', () => {
  const inOrder = barsOf(reordered((bars) => Array.from({ length: bars }, (_, index) => index)));

  it('reads the recorded chart: its one null close (of 124 bars) skipped, days ascending', () => {
    expect(inOrder.days).toHaveLength(123);
    expect(inOrder.days.every((day, k) => k === 0 || day > inOrder.days[k - 1])).toBe(true);
    expect(inOrder.closes.every(Number.isFinite)).toBe(true);
    expect(inOrder.days[0]).toBeGreaterThan(epochDayFromIso('2000-01-01'));
  });

  it('reads reversed bars as the same days and closes', () => {
    expect(barsOf(reordered((bars) => Array.from({ length: bars }, (_, index) => bars - 1 - index)))).toEqual(inOrder);
  });

  it('reads bars with the last moved first as the same days and closes', () => {
    expect(barsOf(reordered((bars) => [bars - 1, ...Array.from({ length: bars - 1 }, (_, index) => index)]))).toEqual(
      inOrder,
    );
  });
});
