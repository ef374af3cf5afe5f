/**
 * The calendar day of a bar in its exchange's time zone. Daily bars are stamped at market open in UTC,
 * and an FX bar at midnight London time is 23:00 UTC the day before in summer: the UTC date would be
 * wrong for it, the exchange's date is right (see SEMANTICS.md, "Days").
 */
import { epochDayFromCivil, epochDayFromUnixSeconds } from '../../src/model/days';

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timeZone)) {
    let formatter: Intl.DateTimeFormat | null = null;
    try {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      // An unknown zone name from upstream: fall back to UTC days rather than fail the whole series.
    }
    formatters.set(timeZone, formatter);
  }
  return formatters.get(timeZone) ?? null;
}

/** Epoch day of `unixSeconds` in `timeZone` (an IANA name); the UTC day when the zone is absent or unknown. */
export function epochDayInTimeZone(unixSeconds: number, timeZone: string | undefined): number {
  const formatter = timeZone ? formatterFor(timeZone) : null;
  if (!formatter) return epochDayFromUnixSeconds(unixSeconds);
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of formatter.formatToParts(unixSeconds * 1000)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  return epochDayFromCivil(year, month, day);
}
