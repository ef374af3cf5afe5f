/**
 * The calendar day of a unix timestamp in an exchange's time zone. Temporal runs only where dates
 * enter: once per UTC-offset interval (between two time-zone transitions, a few per year), and the
 * intervals are shared by every chart in the same zone. Everything else is integer arithmetic.
 *
 * Temporal is the runtime's: the browser's own where it ships one (much faster than the polyfill), else
 * the polyfill that `temporalReady()` (../temporal-ready.ts) sets before any quote is parsed.
 */
import type { Temporal as TemporalApi } from 'temporal-polyfill';
import { SECONDS_PER_DAY } from '../../model';

/** The runtime's Temporal; read when a zone is first met, after the worker made sure there is one. */
function runtimeTemporal(): typeof TemporalApi {
  const temporal = (globalThis as { Temporal?: typeof TemporalApi }).Temporal;
  if (!temporal) throw new Error('Temporal is not available: await temporalReady() (src/worker/temporal-ready.ts) before quotes are parsed.');
  return temporal;
}

/** A module-local copy: this is read once per bar, and some module loaders make imported bindings getters. */
const DAY_SECONDS = SECONDS_PER_DAY;

export interface ZoneDays {
  /** Epoch day of the local date at `unixSeconds`. */
  epochDay(unixSeconds: number): number;
}

const UTC_DAYS: ZoneDays = { epochDay: (unixSeconds) => Math.floor(unixSeconds / DAY_SECONDS) };

/** Offset intervals of one zone, kept sorted and disjoint: [startSeconds, endSeconds) → offsetSeconds. */
class CachedZoneDays implements ZoneDays {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly offsets: number[] = [];
  private last = -1;
  /** Temporal look-ups so far; the time-zone tests read it to prove the cache works. */
  lookups = 0;

  constructor(private readonly timeZone: string) {}

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
    const zoned = runtimeTemporal().Instant.fromEpochMilliseconds(Math.round(unixSeconds * 1000)).toZonedDateTimeISO(this.timeZone);
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

/** One cache per zone name, owned by whoever parses charts (the engine), so charts of one exchange share it. */
export class TimeZoneDays {
  private readonly zones = new Map<string, ZoneDays>();

  /** Days for `timeZone`; a missing or unknown zone reads UTC dates, as SEMANTICS.md says for a missing one. */
  forZone(timeZone: string | null | undefined): ZoneDays {
    if (!timeZone) return UTC_DAYS;
    let zone = this.zones.get(timeZone);
    if (!zone) {
      zone = isKnownTimeZone(timeZone) ? new CachedZoneDays(timeZone) : UTC_DAYS;
      this.zones.set(timeZone, zone);
    }
    return zone;
  }

  /** Temporal look-ups made for `timeZone` so far (0 for UTC fallbacks). */
  lookupsFor(timeZone: string): number {
    const zone = this.zones.get(timeZone);
    return zone instanceof CachedZoneDays ? zone.lookups : 0;
  }
}

function isKnownTimeZone(timeZone: string): boolean {
  // Outside the try: a missing Temporal is an error to see, not a zone to read as UTC.
  const temporal = runtimeTemporal();
  try {
    temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}
