/**
 * A restored mapping's saved-at time may not lie in the future. The app's reader (`savedAtMs` in
 * src/model/csv-mapping.ts) accepts 2000 to 2100, but a stored time in the future makes the next save
 * stamp a later one still (each save of a user is later than the one before): 2100-12-31T23:59:59.999Z
 * became 2101-01-01, which the reader refuses, and then the whole backup no longer read. A time the
 * server stores is the server's clock, so a backup's times are never later than now; a few minutes of
 * leeway cover the clocks of several instances.
 */
import { savedAtMs, type RememberedMapping } from '../../src/model/csv-mapping';

export const SAVED_AT_LEEWAY_MS = 5 * 60 * 1000;

/** Why the list cannot be stored (the first time in the future, or not a time), or null. */
export function savedAtProblem(mappings: readonly RememberedMapping[], nowMs: number): string | null {
  for (const [i, { savedAt }] of mappings.entries()) {
    const ms = savedAtMs(savedAt);
    if (ms === null)
      return `mapping ${i + 1}: savedAt ${JSON.stringify(savedAt).slice(0, 40)} is not a time like 2026-11-25T16:05:00.000Z`;
    if (ms > nowMs + SAVED_AT_LEEWAY_MS) {
      return `mapping ${i + 1}: savedAt ${savedAt} is in the future (the server's clock says ${new Date(nowMs).toISOString()})`;
    }
  }
  return null;
}
