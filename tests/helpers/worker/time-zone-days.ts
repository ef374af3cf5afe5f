/**
 * The engine's reading of days before issue 35 (the server now sends the days: server/quotes/exchange-day.ts),
 * kept for `chart-reference.ts`, the old chart reader the columns are held to.
 *
 * The calendar day of a unix timestamp in an exchange's time zone. The runtime's time-zone data is asked
 * only where dates enter, a few times per offset change, and the answers are shared by every chart in the
 * same zone; everything else is integer arithmetic.
 *
 * Two sources, one answer:
 * - the runtime's Temporal where it has one (Chromium and Firefox do, in workers too): the offset at an
 *   instant and the exact next transition, once per UTC-offset interval;
 * - else `Intl.DateTimeFormat` itself (Node 20, and a browser without Temporal): the offset at every
 *   fifth day, and where two samples differ, a bisection only as fine as the bars asked about need. This
 *   reads the right offset whenever a zone's offset changes at most once in five days, which holds for
 *   every IANA zone from 1960 to 2040 (the closest changes are seven days apart: America/Boa_Vista,
 *   Noronha and Recife in October 2000). temporal-polyfill answers from the same `Intl` data under a
 *   weaker assumption (one change in six to nineteen days, by zone), through `formatToParts` (three times
 *   the cost of `format` per call) and objects of its own per answer, searching each transition to the
 *   second: a cold L run's setQuotes took 181 ms with it and 127 with this, and the 19.5 KB download is
 *   gone.
 * The time-zone tests hold the two to the same days over thirty years of bars in the exchanges' zones.
 */
import type { Temporal as TemporalApi } from 'temporal-polyfill';
import { epochDayFromCivil, SECONDS_PER_DAY } from '#src/model';

/** A module-local copy: this is read once per bar, and some module loaders make imported bindings getters. */
const DAY_SECONDS = SECONDS_PER_DAY;

export interface ZoneDays {
  /** Epoch day of the local date at `unixSeconds`. */
  epochDay(unixSeconds: number): number;
}

const UTC_DAYS: ZoneDays = { epochDay: (unixSeconds) => Math.floor(unixSeconds / DAY_SECONDS) };

/** Where a zone's offsets come from: the runtime's Temporal, or `Intl` alone (`null`). */
export type ZoneSource = typeof TemporalApi | null;

/** The runtime's Temporal, where it ships one. */
function runtimeZoneSource(): ZoneSource {
  return (globalThis as { Temporal?: typeof TemporalApi }).Temporal ?? null;
}

/** A zone's days, counting how often it asked the runtime (the time-zone tests read it to prove the caches work). */
interface CountedZoneDays extends ZoneDays {
  readonly lookups: number;
}

/** Offset intervals of one zone from Temporal, kept sorted and disjoint: [startSeconds, endSeconds) → offsetSeconds. */
class TemporalZoneDays implements CountedZoneDays {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly offsets: number[] = [];
  private last = -1;
  lookups = 0;

  constructor(
    private readonly temporal: typeof TemporalApi,
    private readonly timeZone: string,
  ) {}

  epochDay(unixSeconds: number): number {
    const index = this.intervalOf(unixSeconds);
    return Math.floor((unixSeconds + this.offsets[index]) / DAY_SECONDS);
  }

  private intervalOf(unixSeconds: number): number {
    const last = this.last;
    if (last >= 0 && this.starts[last] <= unixSeconds && unixSeconds < this.ends[last]) return last;
    // First interval ending after the instant; it holds the instant when it starts early enough.
    let low = 0;
    let high = this.ends.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.ends[mid] > unixSeconds) high = mid;
      else low = mid + 1;
    }
    if (low < this.ends.length && this.starts[low] <= unixSeconds) return (this.last = low);
    return (this.last = this.load(unixSeconds, low));
  }

  /** Asks Temporal for the offset at the instant and the next transition; merges with a known interval that ends there. */
  private load(unixSeconds: number, insertAt: number): number {
    this.lookups += 1;
    const zoned = this.temporal.Instant.fromEpochMilliseconds(Math.round(unixSeconds * 1000)).toZonedDateTimeISO(
      this.timeZone,
    );
    const offsetSeconds = zoned.offsetNanoseconds / 1e9;
    const next = zoned.getTimeZoneTransition('next');
    const endSeconds = next ? next.epochMilliseconds / 1000 : Infinity;
    if (insertAt < this.ends.length && this.ends[insertAt] === endSeconds) {
      this.starts[insertAt] = unixSeconds;
      return insertAt;
    }
    this.starts.splice(insertAt, 0, unixSeconds);
    this.ends.splice(insertAt, 0, endSeconds);
    this.offsets.splice(insertAt, 0, offsetSeconds);
    return insertAt;
  }
}

/** Samples at most this far apart: every zone's offset changes at most once in such a span (see the head of this file). */
const PERIOD_SECONDS = 5 * DAY_SECONDS;

/**
 * Offsets of one zone from `Intl`: sampled at the start of every period the bars reach (periods of
 * `PERIOD_SECONDS` from the epoch), and where a period's two ends differ, its one change pinned down by
 * bisection as far as the instants asked about need: a bar on a Friday and the next on a Monday settle a
 * Sunday's change in a few samples; only a bar seconds from a change needs the search to the second.
 */
class IntlZoneDays implements CountedZoneDays {
  /** Offset at the start of period k, by k. */
  private readonly samples = new Map<number, number>();
  /** Periods with a change: the latest second known at the start's offset and the earliest known at the end's. */
  private readonly changes = new Map<number, { before: number; after: number }>();
  /** The last period read whose two ends agree, and their offset: consecutive bars mostly fall in it. */
  private steadyPeriod = Number.NaN;
  private steadyOffset = 0;
  lookups = 0;

  constructor(private readonly format: Intl.DateTimeFormat) {}

  epochDay(unixSeconds: number): number {
    const second = Math.floor(unixSeconds);
    const period = Math.floor(second / PERIOD_SECONDS);
    const offset = period === this.steadyPeriod ? this.steadyOffset : this.offsetIn(period, second);
    return Math.floor((second + offset) / DAY_SECONDS);
  }

  private offsetIn(period: number, second: number): number {
    const startOffset = this.sample(period);
    const endOffset = this.sample(period + 1);
    if (startOffset === endOffset) {
      this.steadyPeriod = period;
      this.steadyOffset = startOffset;
      return startOffset;
    }
    let change = this.changes.get(period);
    if (!change) {
      change = { before: period * PERIOD_SECONDS, after: (period + 1) * PERIOD_SECONDS };
      this.changes.set(period, change);
    }
    while (change.before < second && second < change.after) {
      const middle = change.before + Math.floor((change.after - change.before) / 2);
      if (this.offsetAt(middle) === endOffset) change.after = middle;
      else change.before = middle;
    }
    return second <= change.before ? startOffset : endOffset;
  }

  private sample(period: number): number {
    let offset = this.samples.get(period);
    if (offset === undefined) {
      offset = this.offsetAt(period * PERIOD_SECONDS);
      this.samples.set(period, offset);
    }
    return offset;
  }

  /** The zone's UTC offset at `second`: its wall-clock reading (en-US, 24-hour: "9/8/2001, 21:46:40") minus the instant. */
  private offsetAt(second: number): number {
    this.lookups += 1;
    const text = this.format.format(second * 1000);
    // The six numbers in their order, read without a match array or substrings: this runs a few
    // thousand times per zone, and in a fresh process young garbage is memory touched for the first
    // time (a page fault per 4 KB).
    const fields = WALL_CLOCK_FIELDS;
    let field = 0;
    let value = -1;
    for (let index = 0; index <= text.length; index += 1) {
      const digit = index < text.length ? text.charCodeAt(index) - 48 : -1;
      if (digit >= 0 && digit <= 9) value = (value < 0 ? 0 : value * 10) + digit;
      else if (value >= 0) {
        if (field < 6) fields[field] = value;
        field += 1;
        value = -1;
      }
    }
    if (field !== 6) throw new Error(`Intl wrote a date this cannot read: ${text}`);
    const wallClock =
      epochDayFromCivil(fields[2], fields[0], fields[1]) * DAY_SECONDS + fields[3] * 3600 + fields[4] * 60 + fields[5];
    return wallClock - second;
  }
}

/** Month, day, year, hour, minute, second (en-US order) of the last wall-clock reading: one buffer, reused. */
const WALL_CLOCK_FIELDS = new Float64Array(6);

/** en-US with a 24-hour clock: digits in a fixed order, whatever the runtime's default locale. */
function wallClockFormat(timeZone: string): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

function isKnownToTemporal(temporal: typeof TemporalApi, timeZone: string): boolean {
  try {
    temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** One cache per zone name, owned by whoever parses charts (the engine), so charts of one exchange share it. */
export class TimeZoneDays {
  private readonly zones = new Map<string, ZoneDays>();

  /** `source`: the runtime's Temporal by default; the tests pass each source in turn. */
  constructor(private readonly source: ZoneSource = runtimeZoneSource()) {}

  /** Days for `timeZone`; a missing or unknown zone reads UTC dates, as SEMANTICS.md says for a missing one. */
  forZone(timeZone: string | null | undefined): ZoneDays {
    if (!timeZone) return UTC_DAYS;
    let zone = this.zones.get(timeZone);
    if (!zone) {
      zone = this.zoneDays(timeZone);
      this.zones.set(timeZone, zone);
    }
    return zone;
  }

  /** Times the runtime was asked about `timeZone` so far (0 for UTC fallbacks). */
  lookupsFor(timeZone: string): number {
    const zone = this.zones.get(timeZone);
    return zone instanceof TemporalZoneDays || zone instanceof IntlZoneDays ? zone.lookups : 0;
  }

  private zoneDays(timeZone: string): ZoneDays {
    const { source } = this;
    if (source) return isKnownToTemporal(source, timeZone) ? new TemporalZoneDays(source, timeZone) : UTC_DAYS;
    const format = wallClockFormat(timeZone);
    return format ? new IntlZoneDays(format) : UTC_DAYS;
  }
}
