/**
 * Dates in the user's locale: one numeric form per locale (nl-NL `31-01-2024`, en-US `01/31/2024`,
 * en-GB `31/01/2024`), the same in tables, chart legends and the date field, which reads that form back
 * (and ISO `2024-01-31`, which nobody can misread). Days are ISO strings or epoch days, never `Date`s with a clock.
 */
import { civilFromEpochDay, daysInMonth, epochDayFromIso, isIsoDate } from './days';

export interface DatePattern {
  /** The order of the parts, e.g. ['day', 'month', 'year']. */
  order: Array<'day' | 'month' | 'year'>;
  /** What stands between them: '-', '/', '.'. */
  separator: string;
  /** For people: 'dd-mm-yyyy'. */
  hint: string;
}

export type DateReading =
  { ok: true; iso: string; note: string } | { ok: false; problem: 'empty' | 'invalid'; message: string };

const patterns = new Map<string, DatePattern>();

export function datePattern(locale: string): DatePattern {
  let pattern = patterns.get(locale);
  if (!pattern) {
    const parts = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }).formatToParts(Date.UTC(2024, 0, 31));
    const order = parts.flatMap((part) =>
      part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : [],
    );
    const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '-';
    const hint = order.map((part) => (part === 'day' ? 'dd' : part === 'month' ? 'mm' : 'yyyy')).join(separator);
    pattern = { order: order.length === 3 ? order : ['day', 'month', 'year'], separator, hint };
    patterns.set(locale, pattern);
  }
  return pattern;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** An ISO day in the locale's one numeric form: `31-01-2024` (nl-NL). */
export function formatIsoDate(iso: string, locale: string): string {
  if (!isIsoDate(iso)) return iso;
  return formatEpochDay(epochDayFromIso(iso), locale);
}

export function formatEpochDay(epochDay: number, locale: string): string {
  const { year, month, day } = civilFromEpochDay(epochDay);
  const { order, separator } = datePattern(locale);
  return order
    .map((part) => (part === 'day' ? pad(day) : part === 'month' ? pad(month) : pad(year, 4)))
    .join(separator);
}

const monthNamesByLocale = new Map<string, readonly string[]>();

/** The short name of month `month` (1–12) in the locale's words: `Mar` (en), `mrt` (nl), `Sept` (en-GB). */
export function shortMonthName(month: number, locale: string): string {
  let names = monthNamesByLocale.get(locale);
  if (!names) {
    const format = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
    names = Array.from({ length: 12 }, (_, k) => format.format(Date.UTC(2024, k, 1)));
    monthNamesByLocale.set(locale, names);
  }
  return names[month - 1] ?? String(month);
}

const yearMonthFormats = new Map<string, Intl.DateTimeFormat>();

/** A month `YYYY-MM` in the locale's words, its name short: `Dec 2026` (en), `dec 2026` (nl), `déc. 2026` (fr). */
export function formatYearMonth(yearMonth: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) return yearMonth;
  let format = yearMonthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    yearMonthFormats.set(locale, format);
  }
  return format.format(Date.UTC(Number(match[1]), month - 1, 1));
}

/** The long date per locale, made once: a new `Intl.DateTimeFormat` costs ~0.6 ms (Node, this machine), and each render of a form reads its date twice. */
const longDates = new Map<string, Intl.DateTimeFormat>();

/**
 * '31 januari 2024' (nl-NL), 'January 31, 2024' (en-US): the reading said back to the user, month by name
 * so no order can be misread, in the locale's own words as every other month name on the page
 * (`formatYearMonth`), not English beside Dutch month names.
 */
function spelledOut(iso: string, locale: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  let format = longDates.get(locale);
  if (!format)
    longDates.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })));
  return format.format(Date.UTC(year, month - 1, day));
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * Reads a date typed in the locale's order with any of `-`, `/`, `.` or a space between the parts, or ISO
 * `yyyy-mm-dd`. The year has four digits (`24` could be 1924 or 2024). Says back what it read, month by name.
 */
export function parseLocaleDate(text: string, locale: string): DateReading {
  const trimmed = text.trim();
  const { order, hint } = datePattern(locale);
  if (trimmed === '') return { ok: false, problem: 'empty', message: `Enter a date (${hint}).` };
  let year: number;
  let month: number;
  let day: number;
  const iso = ISO.exec(trimmed);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else {
    const parts = trimmed.split(/\s*[-/.\s]\s*/);
    if (parts.length !== 3 || parts.some((part) => !/^\d+$/.test(part))) {
      return { ok: false, problem: 'invalid', message: `“${trimmed}” is not a date: type it as ${hint}.` };
    }
    const at = (name: 'day' | 'month' | 'year') => parts[order.indexOf(name)]!;
    if (at('year').length !== 4)
      return { ok: false, problem: 'invalid', message: `Type the year in full (four digits): ${hint}.` };
    if (at('day').length > 2 || at('month').length > 2)
      return { ok: false, problem: 'invalid', message: `“${trimmed}” is not a date: type it as ${hint}.` };
    [year, month, day] = [Number(at('year')), Number(at('month')), Number(at('day'))];
  }
  if (month < 1 || month > 12)
    return { ok: false, problem: 'invalid', message: `“${trimmed}” has no month ${month}: type it as ${hint}.` };
  if (day < 1 || day > daysInMonth(year, month))
    return { ok: false, problem: 'invalid', message: `“${trimmed}” is not a day of that month: type it as ${hint}.` };
  const isoText = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return { ok: true, iso: isoText, note: `Read as ${spelledOut(isoText, locale)}.` };
}
