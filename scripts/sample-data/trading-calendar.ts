/**
 * When the demo symbols' venues trade, and how Yahoo stamps their daily bars: at the market's opening
 * time in its own zone (New York 09:30, Frankfurt, Madrid, Amsterdam, Zurich, Stockholm and Tokyo 09:00,
 * London 08:00), FX at midnight London time — in
 * summer that is 23:00 UTC the day before, which the engine must read in the exchange's zone.
 */
import { Temporal } from 'temporal-polyfill';
import { epochDayFromIso, isoFromEpochDay } from '../../src/model/days';

export type Venue = 'NASDAQ' | 'XETRA' | 'BME' | 'EURONEXT' | 'LSE' | 'SIX' | 'STOCKHOLM' | 'TOKYO' | 'FX';

interface VenueRules {
  timeZone: string;
  openHour: number;
  openMinute: number;
  /** ISO dates the venue is closed on, weekends aside. */
  holidays(year: number): string[];
}

const iso = (year: number, month: number, day: number) => Temporal.PlainDate.from({ year, month, day }).toString();

/** Easter Sunday (anonymous Gregorian algorithm). */
function easter(year: number): Temporal.PlainDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Temporal.PlainDate.from({ year, month, day });
}

/** The n-th `weekday` (1 = Monday) of a month; n = -1 for the last one. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = Temporal.PlainDate.from({ year, month, day: 1 });
    return first.add({ days: ((weekday - first.dayOfWeek + 7) % 7) + 7 * (n - 1) }).toString();
  }
  const last = Temporal.PlainDate.from({ year, month, day: 1 }).add({ months: 1 }).subtract({ days: 1 });
  return last.subtract({ days: (last.dayOfWeek - weekday + 7) % 7 }).toString();
}

/** A fixed-date US holiday moved off the weekend: Saturday to Friday, Sunday to Monday. */
function observed(year: number, month: number, day: number): string {
  const date = Temporal.PlainDate.from({ year, month, day });
  if (date.dayOfWeek === 6) return date.subtract({ days: 1 }).toString();
  if (date.dayOfWeek === 7) return date.add({ days: 1 }).toString();
  return date.toString();
}

/** Days NYSE/Nasdaq closed outside the rules (national days of mourning). */
const US_SPECIAL_CLOSURES = ['2025-01-09'];

function usHolidays(year: number): string[] {
  const newYear = Temporal.PlainDate.from({ year, month: 1, day: 1 });
  return [
    ...(newYear.dayOfWeek === 6 ? [] : [observed(year, 1, 1)]),
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    easter(year).subtract({ days: 2 }).toString(),
    nthWeekday(year, 5, 1, -1),
    ...(year >= 2022 ? [observed(year, 6, 19)] : []),
    observed(year, 7, 4),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 11, 4, 4),
    observed(year, 12, 25),
    ...US_SPECIAL_CLOSURES.filter((date) => date.startsWith(String(year))),
  ];
}

function europeanHolidays(year: number, christmasEveAndNewYearsEve: boolean): string[] {
  const sunday = easter(year);
  return [
    iso(year, 1, 1),
    sunday.subtract({ days: 2 }).toString(),
    sunday.add({ days: 1 }).toString(),
    iso(year, 5, 1),
    iso(year, 12, 25),
    iso(year, 12, 26),
    ...(christmasEveAndNewYearsEve ? [iso(year, 12, 24), iso(year, 12, 31)] : []),
  ];
}

/** England's bank holidays; one on a weekend moves to the next weekday not already a holiday. */
function ukHolidays(year: number): string[] {
  const closed: Temporal.PlainDate[] = [];
  const substitute = (date: Temporal.PlainDate) => {
    let day = date;
    while (day.dayOfWeek >= 6 || closed.some((other) => other.equals(day))) day = day.add({ days: 1 });
    closed.push(day);
  };
  substitute(Temporal.PlainDate.from({ year, month: 1, day: 1 }));
  // Christmas first, then Boxing Day: each takes the next free weekday.
  substitute(Temporal.PlainDate.from({ year, month: 12, day: 25 }));
  substitute(Temporal.PlainDate.from({ year, month: 12, day: 26 }));
  const sunday = easter(year);
  return [
    ...closed.map((day) => day.toString()),
    sunday.subtract({ days: 2 }).toString(),
    sunday.add({ days: 1 }).toString(),
    nthWeekday(year, 5, 1, 1),
    nthWeekday(year, 5, 1, -1),
    nthWeekday(year, 8, 1, -1),
  ];
}

const VENUES: Record<Venue, VenueRules> = {
  NASDAQ: { timeZone: 'America/New_York', openHour: 9, openMinute: 30, holidays: usHolidays },
  XETRA: { timeZone: 'Europe/Berlin', openHour: 9, openMinute: 0, holidays: (year) => europeanHolidays(year, true) },
  BME: { timeZone: 'Europe/Madrid', openHour: 9, openMinute: 0, holidays: (year) => europeanHolidays(year, false) },
  // Euronext Amsterdam: open on Christmas Eve and New Year's Eve (short days).
  EURONEXT: {
    timeZone: 'Europe/Amsterdam',
    openHour: 9,
    openMinute: 0,
    holidays: (year) => europeanHolidays(year, false),
  },
  // The sample listings in other currencies (issue 34): their main closures, not every local holiday.
  LSE: { timeZone: 'Europe/London', openHour: 8, openMinute: 0, holidays: ukHolidays },
  SIX: { timeZone: 'Europe/Zurich', openHour: 9, openMinute: 0, holidays: (year) => europeanHolidays(year, true) },
  STOCKHOLM: {
    timeZone: 'Europe/Stockholm',
    openHour: 9,
    openMinute: 0,
    holidays: (year) => europeanHolidays(year, true),
  },
  TOKYO: {
    timeZone: 'Asia/Tokyo',
    openHour: 9,
    openMinute: 0,
    holidays: (year) => [iso(year, 1, 1), iso(year, 1, 2), iso(year, 1, 3), iso(year, 12, 31)],
  },
  FX: { timeZone: 'Europe/London', openHour: 0, openMinute: 0, holidays: () => [] },
};

export function venueTimeZone(venue: Venue): string {
  return VENUES[venue].timeZone;
}

/** The venue's trading days from `fromIso` to `toIso`, both included, as ISO dates. */
export function tradingDays(venue: Venue, fromIso: string, toIso: string): string[] {
  const closed = new Set<string>();
  const days: string[] = [];
  let year = 0;
  for (let epochDay = epochDayFromIso(fromIso); epochDay <= epochDayFromIso(toIso); epochDay += 1) {
    const date = Temporal.PlainDate.from(isoFromEpochDay(epochDay));
    if (date.year !== year) {
      year = date.year;
      VENUES[venue].holidays(year).forEach((holiday) => closed.add(holiday));
    }
    if (date.dayOfWeek <= 5 && !closed.has(date.toString())) days.push(date.toString());
  }
  return days;
}

/** Unix seconds Yahoo stamps the venue's daily bar of `isoDate` with: the opening time in its zone. */
export function barTimestamp(venue: Venue, isoDate: string): number {
  const { timeZone, openHour, openMinute } = VENUES[venue];
  const zoned = Temporal.PlainDate.from(isoDate)
    .toPlainDateTime({ hour: openHour, minute: openMinute })
    .toZonedDateTime(timeZone);
  return zoned.epochMilliseconds / 1000;
}

/** The first of `days` (sorted ISO dates) on or after `isoDate`. */
export function firstDayOnOrAfter(days: readonly string[], isoDate: string): string | undefined {
  return days.find((day) => day >= isoDate);
}
