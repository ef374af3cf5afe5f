/** The one saved-at rule (src/model/saved-at.ts) that the backup's reader and writer and the server share. */
import { describe, expect, it } from 'vitest';
import {
  EARLIEST_SAVED_AT_MS,
  instantProblem,
  isoInstantMs,
  latestSavedAtMs,
  savedAtAsOf,
  savedAtProblem,
  SAVED_AT_CLOCK_SKEW_MS,
} from '#src/model/saved-at';

const NOW_MS = Date.UTC(2026, 10, 29, 12);
const iso = (ms: number) => new Date(ms).toISOString();

describe('savedAtProblem', () => {
  it('takes ISO UTC instants from 2000-01-01 to a day after now', () => {
    for (const value of [
      iso(EARLIEST_SAVED_AT_MS),
      '2026-11-25T16:05:00Z',
      '2026-11-25T16:05:00.5Z',
      iso(NOW_MS),
      iso(latestSavedAtMs(NOW_MS)),
    ]) {
      expect(savedAtProblem(value, NOW_MS), value).toBeNull();
    }
  });

  it('refuses the future past a day, the crafted 2100-12-31T23:59:59.999Z, times before 2000, and what is no time', () => {
    expect(savedAtProblem(iso(NOW_MS + SAVED_AT_CLOCK_SKEW_MS + 1), NOW_MS)).toMatch(/is in the future/);
    expect(savedAtProblem('2100-12-31T23:59:59.999Z', NOW_MS)).toMatch(/is in the future/);
    expect(savedAtProblem(iso(EARLIEST_SAVED_AT_MS - 1), NOW_MS)).toMatch(/is not a time after 2000-01-01/);
    for (const value of [
      '2026-02-30T00:00:00.000Z',
      '2026-01-01T24:00:00.000Z',
      '2026-11-25T16:05:00+01:00',
      '2026-11-25',
      '+010000-01-01T00:00:00.000Z',
      1764000000000,
      null,
    ]) {
      expect(savedAtProblem(value, NOW_MS), String(value)).toMatch(/is not a time like 2026-11-25T16:05:00.000Z/);
    }
  });
});

describe('a time as stored', () => {
  it('is any ISO instant, six-digit years too, without a range', () => {
    expect(instantProblem('2101-01-01T00:00:00.000Z')).toBeNull();
    expect(isoInstantMs('+010000-01-01T00:00:00.000Z')).toBe(Date.UTC(10000, 0, 1));
    expect(instantProblem('yesterday')).toMatch(/is not a time/);
  });

  it('is brought within the rule by a writer: none later than the backup, none before 2000', () => {
    const asOf = NOW_MS;
    expect(savedAtAsOf(Date.UTC(2101, 0, 1), asOf)).toBe(iso(asOf));
    expect(savedAtAsOf(Date.UTC(1970, 0, 1), asOf)).toBe(iso(EARLIEST_SAVED_AT_MS));
    expect(savedAtAsOf(Date.UTC(2026, 0, 1), asOf)).toBe('2026-01-01T00:00:00.000Z');
    expect(savedAtProblem(savedAtAsOf(Date.UTC(2101, 0, 1), asOf), asOf)).toBeNull();
  });
});
