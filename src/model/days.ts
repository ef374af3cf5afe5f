/**
 * Calendar-day arithmetic on integer epoch days (days since 1970-01-01), without `Date`.
 * Civil-from-days and days-from-civil after Howard Hinnant's algorithms (proleptic Gregorian).
 */

export const SECONDS_PER_DAY = 86_400;

/** Epoch day of a civil date; `month` 1–12. */
export function epochDayFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

export interface CivilDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

export function civilFromEpochDay(epochDay: number): CivilDate {
  const z = epochDay + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  return !Number.isNaN(epochDayOrNaN(text));
}

/** Epoch day of `YYYY-MM-DD`; throws on anything else. */
export function epochDayFromIso(text: string): number {
  const epochDay = epochDayOrNaN(text);
  if (Number.isNaN(epochDay)) throw new RangeError(`Not a date (YYYY-MM-DD): ${text}`);
  return epochDay;
}

/** One read of the text for both: the importer and the engine read every transaction's date. */
function epochDayOrNaN(text: string): number {
  const m = ISO_DATE.exec(text);
  if (!m) return Number.NaN;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return Number.NaN;
  return epochDayFromCivil(year, month, day);
}

export function isoFromEpochDay(epochDay: number): string {
  const { year, month, day } = civilFromEpochDay(epochDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Epoch day of the UTC date of a unix timestamp in seconds. */
export function epochDayFromUnixSeconds(seconds: number): number {
  return Math.floor(seconds / SECONDS_PER_DAY);
}

/** Unix seconds at 00:00 UTC of an epoch day (the x value uPlot draws a day at). */
export function unixSecondsFromEpochDay(epochDay: number): number {
  return epochDay * SECONDS_PER_DAY;
}
