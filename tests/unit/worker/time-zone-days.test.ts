/** A bar's day is its date in the exchange's time zone; Temporal runs once per offset interval, not per bar. */
import { describe, expect, it } from 'vitest';
import { epochDayFromIso, isoFromEpochDay } from '../../../src/model';
import { parseQuoteEntry } from '../../../src/worker/engine/market-series';
import { TimeZoneDays } from '../../../src/worker/engine/time-zone-days';
import { temporalReady } from '../../../src/worker/temporal-ready';
import { fixtureEntry } from './helpers/portfolio';

const seconds = (isoInstant: string): number => Date.parse(isoInstant) / 1000;

describe('days in an exchange time zone', () => {
  it('puts an FX bar stamped at midnight London in summer on the London date, not the UTC one', () => {
    const london = new TimeZoneDays().forZone('Europe/London');
    expect(isoFromEpochDay(london.epochDay(seconds('2021-06-14T23:00:00Z')))).toBe('2021-06-15');
    expect(isoFromEpochDay(london.epochDay(seconds('2021-01-15T00:00:00Z')))).toBe('2021-01-15');
  });

  it('puts a New York bar after 20:00 local on its local date', () => {
    const newYork = new TimeZoneDays().forZone('America/New_York');
    expect(isoFromEpochDay(newYork.epochDay(seconds('2021-03-13T02:00:00Z')))).toBe('2021-03-12');
  });

  it('reads UTC dates when the zone is missing or unknown', () => {
    const zones = new TimeZoneDays();
    expect(isoFromEpochDay(zones.forZone(undefined).epochDay(seconds('2021-06-14T23:00:00Z')))).toBe('2021-06-14');
    expect(isoFromEpochDay(zones.forZone('Mars/Olympus_Mons').epochDay(seconds('2021-06-14T23:00:00Z')))).toBe('2021-06-14');
  });

  it('asks Temporal about once per offset change over three years of daily bars', () => {
    const zones = new TimeZoneDays();
    const london = zones.forZone('Europe/London');
    const first = seconds('2019-01-01T00:00:00Z');
    for (let day = 0; day < 3 * 365; day += 1) london.epochDay(first + day * 86_400 - 3600);
    // Six transitions in three years: seven intervals.
    expect(zones.lookupsFor('Europe/London')).toBe(7);
    // A second chart in the same zone reuses them.
    for (let day = 0; day < 365; day += 1) zones.forZone('Europe/London').epochDay(first + day * 86_400);
    expect(zones.lookupsFor('Europe/London')).toBe(7);
  });

  it('keeps the EUR/USD holiday bar on 1 January (recorded fixture)', () => {
    const parsed = parseQuoteEntry(fixtureEntry('EURUSD-fx.recorded.json', 'EURUSD=X'), new TimeZoneDays());
    if (!parsed.ok) throw new Error(parsed.error);
    expect(Array.from(parsed.series.barDays)).toEqual(['2020-01-01', '2020-01-02', '2020-01-03'].map(epochDayFromIso));
  });
});

describe('Temporal where the runtime has none', () => {
  it('is loaded by temporalReady and set as the global; before that a zone is an error, not a silent UTC', async () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'Temporal');
    // Node 20 has no Temporal of its own: the set-up file put the polyfill there, as the worker does in such a browser.
    expect(descriptor).toBeDefined();
    Reflect.deleteProperty(globalThis, 'Temporal');
    try {
      expect(() => new TimeZoneDays().forZone('America/New_York')).toThrow(/Temporal is not available/);
      await temporalReady();
      const installed = Object.getOwnPropertyDescriptor(globalThis, 'Temporal');
      expect(installed?.enumerable).toBe(false);
      expect(Object.keys(globalThis)).not.toContain('Temporal');
      const newYork = new TimeZoneDays().forZone('America/New_York');
      expect(isoFromEpochDay(newYork.epochDay(seconds('2021-03-13T02:00:00Z')))).toBe('2021-03-12');
    } finally {
      Object.defineProperty(globalThis, 'Temporal', descriptor!);
    }
  });
});
