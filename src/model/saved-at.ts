/**
 * The one rule for a saved-at time (today the `savedAt` of a remembered column mapping): when something
 * was saved, as the server's clock stamped it. Shared by the backup's reader (a restore refuses what
 * breaks it), its writer (an export brings every time within it) and the server (a restore refuses what
 * breaks it; a save stamps within it).
 *
 * The rule: an ISO 8601 UTC instant as `Date.prototype.toISOString` writes it (`2026-11-25T16:05:00.000Z`),
 * not before 2000-01-01 and not later than now plus a day. Now is an argument (no clock in the model):
 * the reader's clock, or the time a backup was made. The day allows for two machines' clocks that
 * disagree; a time further ahead was crafted, and since each later save is stamped after the latest
 * one, it would drag every later save with it, past any fixed limit (2100-12-31T23:59:59.999Z was
 * accepted, the next save stamped 2101, and no export could be read back from then on).
 */

export const EARLIEST_SAVED_AT_MS = Date.UTC(2000, 0, 1);
/** How far past the reader's now a saved-at time may be: clocks of two machines disagree, by less than a day. */
export const SAVED_AT_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
/** `toISOString` writes a year past 9999 (or before 0) with a sign and six digits. */
const EXTENDED_ISO_INSTANT = /^[+-]\d{6}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * The time in ms of an ISO 8601 UTC instant (six-digit years too), with no check of its range; null
 * for anything else. For ordering what is stored, and for bringing a stored time within the rule.
 */
export function isoInstantMs(value: unknown): number | null {
  if (typeof value !== 'string' || !(ISO_INSTANT.test(value) || EXTENDED_ISO_INSTANT.test(value))) return null;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) return null;
  // Date.parse takes 2026-02-30 (as 03-02) and 24:00: only a time written back the same way is one.
  const seconds = value.slice(0, value.indexOf(':') + 6);
  return new Date(ms).toISOString().startsWith(seconds) ? ms : null;
}

/** The latest saved-at time the rule allows at `nowMs`. */
export function latestSavedAtMs(nowMs: number): number {
  return nowMs + SAVED_AT_CLOCK_SKEW_MS;
}

const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 40) ?? String(value);

/** Why `value` is no ISO 8601 UTC instant at all (`isoInstantMs`; no range check), or null: for a time as stored. */
export function instantProblem(value: unknown): string | null {
  return isoInstantMs(value) === null ? `${shown(value)} is not a time like 2026-11-25T16:05:00.000Z` : null;
}

/** Why `value` breaks the rule at `nowMs` (a phrase that follows "savedAt"), or null when it keeps it. */
export function savedAtProblem(value: unknown, nowMs: number): string | null {
  const ms = typeof value === 'string' && ISO_INSTANT.test(value) ? isoInstantMs(value) : null;
  if (ms === null) return `${shown(value)} is not a time like 2026-11-25T16:05:00.000Z`;
  if (ms < EARLIEST_SAVED_AT_MS) return `${shown(value)} is not a time after 2000-01-01`;
  if (ms > latestSavedAtMs(nowMs))
    return `${shown(value)} is in the future (later than a day after ${new Date(nowMs).toISOString()}, the time here: is the clock right?)`;
  return null;
}

/**
 * A stored time brought within the rule at `asOfMs` for a writer: a time after `asOfMs` becomes `asOfMs`
 * (a backup made at `asOfMs` holds nothing saved later), one before 2000 becomes 2000-01-01. As ISO text.
 */
export function savedAtAsOf(ms: number, asOfMs: number): string {
  return new Date(Math.max(EARLIEST_SAVED_AT_MS, Math.min(ms, asOfMs))).toISOString();
}
