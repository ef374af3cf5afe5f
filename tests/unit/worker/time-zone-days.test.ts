/**
 * The engine's days before issue 35 (now the reference the columns are held to: helpers/worker/time-zone-days.ts):
 * a bar's day is its date in the exchange's time zone, from the runtime's Temporal where it has one and
 * from Intl where it has none; the runtime is asked a few times per offset change, not per bar.
 */
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { epochDayFromIso, isoFromEpochDay } from '#src/model';
import { recordedChart } from '#helpers/quotes/harness';
import { seriesFromChart } from '#helpers/worker/chart-reference';
import { TimeZoneDays, type ZoneSource } from '#helpers/worker/time-zone-days';

const seconds = (isoInstant: string): number => Date.parse(isoInstant) / 1000;
const dayIn = (zones: TimeZoneDays, timeZone: string, isoInstant: string): string =>
  isoFromEpochDay(zones.forZone(timeZone).epochDay(seconds(isoInstant)));

// temporal-polyfill stands in for a runtime's own Temporal: the same API, and Node 20 has none.
const SOURCES: [string, ZoneSource][] = [
  ['Temporal', Temporal],
  ['Intl', null],
];

describe.each(SOURCES)('days in an exchange time zone, from %s', (_name, source) => {
  it('puts an FX bar stamped at midnight London in summer on the London date, not the UTC one', () => {
    const zones = new TimeZoneDays(source);
    expect(dayIn(zones, 'Europe/London', '2021-06-14T23:00:00Z')).toBe('2021-06-15');
    expect(dayIn(zones, 'Europe/London', '2021-01-15T00:00:00Z')).toBe('2021-01-15');
  });

  it('puts a New York bar after 20:00 local on its local date', () => {
    expect(dayIn(new TimeZoneDays(source), 'America/New_York', '2021-03-13T02:00:00Z')).toBe('2021-03-12');
  });

  it('reads the offset to the second around a change at local midnight', () => {
    // São Paulo left summer time at 00:00 on 17 February 2019 (-02:00 → -03:00): midnight came twice.
    const zones = new TimeZoneDays(source);
    for (const instant of ['2019-02-15T15:00:00Z', '2019-02-18T15:00:00Z']) dayIn(zones, 'America/Sao_Paulo', instant);
    expect(dayIn(zones, 'America/Sao_Paulo', '2019-02-17T01:59:59Z')).toBe('2019-02-16');
    expect(dayIn(zones, 'America/Sao_Paulo', '2019-02-17T02:00:00Z')).toBe('2019-02-16');
    expect(dayIn(zones, 'America/Sao_Paulo', '2019-02-17T02:59:59Z')).toBe('2019-02-16');
    expect(dayIn(zones, 'America/Sao_Paulo', '2019-02-17T03:00:00Z')).toBe('2019-02-17');
    // And entered it at 00:00 on 4 November 2018 (-03:00 → -02:00): that midnight never came.
    expect(dayIn(zones, 'America/Sao_Paulo', '2018-11-04T02:59:59Z')).toBe('2018-11-03');
    expect(dayIn(zones, 'America/Sao_Paulo', '2018-11-04T03:00:00Z')).toBe('2018-11-04');
  });

  it('reads UTC dates when the zone is missing or unknown', () => {
    const zones = new TimeZoneDays(source);
    expect(isoFromEpochDay(zones.forZone(undefined).epochDay(seconds('2021-06-14T23:00:00Z')))).toBe('2021-06-14');
    expect(dayIn(zones, 'Mars/Olympus_Mons', '2021-06-14T23:00:00Z')).toBe('2021-06-14');
    expect(zones.lookupsFor('Mars/Olympus_Mons')).toBe(0);
  });

  it('keeps the EUR/USD holiday bar on 1 January (recorded fixture)', () => {
    const series = seriesFromChart(recordedChart('EURUSD-fx.recorded.json'), new TimeZoneDays(source));
    expect(Array.from(series.barDays)).toEqual(['2020-01-01', '2020-01-02', '2020-01-03'].map(epochDayFromIso));
  });
});

describe('asking the runtime', () => {
  /** Three years of daily bars at 23:00 UTC (midnight London in winter, 00:00 the next day in summer), then a second chart. */
  function threeYearsInLondon(source: ZoneSource) {
    const zones = new TimeZoneDays(source);
    const first = seconds('2019-01-01T00:00:00Z');
    for (let day = 0; day < 3 * 365; day += 1) zones.forZone('Europe/London').epochDay(first + day * 86_400 - 3600);
    const firstChart = zones.lookupsFor('Europe/London');
    for (let day = 0; day < 365; day += 1) zones.forZone('Europe/London').epochDay(first + day * 86_400);
    return { firstChart, secondChart: zones.lookupsFor('Europe/London') - firstChart };
  }

  it('Temporal: once per offset interval, and a second chart in the same zone asks nothing', () => {
    // Six transitions in three years: seven intervals.
    expect(threeYearsInLondon(Temporal)).toEqual({ firstChart: 7, secondChart: 0 });
  });

  it('Intl: once per five days, a few more per change, and a second chart in the same zone asks nothing', () => {
    const { firstChart, secondChart } = threeYearsInLondon(null);
    const periods = Math.ceil((3 * 365) / 5) + 1;
    // Each of the six changes (at 01:00 UTC, two hours after a bar) needs at most seven halvings of its
    // five days, to the two hours between them; not the twenty or so of a search to the second.
    expect(firstChart).toBeGreaterThan(periods);
    expect(firstChart).toBeLessThanOrEqual(periods + 6 * 7);
    expect(secondChart).toBe(0);
  });
});

describe('the two sources agree', () => {
  // Exchanges' zones, and zones whose offsets change often or at midnight.
  const ZONES = [
    'America/New_York',
    'Europe/Amsterdam',
    'Europe/London',
    'Asia/Tokyo',
    'Australia/Sydney',
    'Asia/Kolkata',
    'America/Sao_Paulo',
    'Africa/Casablanca',
    'Asia/Gaza',
    'America/Havana',
    'America/Boa_Vista',
  ];
  // Bars at the times of day the exchanges and the currency markets stamp them, including local midnights.
  const TIMES_OF_DAY = [0, 3 * 3600, 4 * 3600 + 30 * 60, 8 * 3600, 13 * 3600 + 30 * 60, 21 * 3600, 23 * 3600];

  it.each(ZONES)('%s: the same day for every bar of thirty years', (timeZone) => {
    const temporal = new TimeZoneDays(Temporal).forZone(timeZone);
    const intl = new TimeZoneDays(null).forZone(timeZone);
    const first = seconds('1995-01-01T00:00:00Z');
    const mismatches: string[] = [];
    for (const timeOfDay of TIMES_OF_DAY) {
      for (let day = 0; day < 30 * 365; day += 1) {
        const instant = first + day * 86_400 + timeOfDay;
        if (intl.epochDay(instant) !== temporal.epochDay(instant))
          mismatches.push(new Date(instant * 1000).toISOString());
      }
    }
    expect(mismatches).toEqual([]);
  });
});
