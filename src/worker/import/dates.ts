/** DEGIRO's dates (`DD-MM-YYYY`) and times (`HH:MM`), read without allocating for the common shape. */
import { daysInMonth, epochDayFromCivil, isoFromEpochDay } from '../../model';

export interface ParsedDate {
  /** `YYYY-MM-DD`, or '' when the text is not a real date. */
  date: string;
  epochDay: number;
}

export const NO_DATE: ParsedDate = { date: '', epochDay: Number.NaN };

const DATE = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/;

function isDateSeparator(code: number): boolean {
  return code === 45 /* - */ || code === 47 /* / */ || code === 46; /* . */
}

/** The two digits at `at` as a number; NaN unless both are digits. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const ones = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : Number.NaN;
}

/** Minutes after midnight of `HH:MM` (or `H:MM`); 0 when the time is missing or malformed. */
export function minutesOf(time: string): number {
  const colon = time.indexOf(':');
  if (colon < 1 || colon > 2) return 0;
  const hours = colon === 1 ? time.charCodeAt(0) - 48 : twoDigits(time, 0);
  const minutes = twoDigits(time, colon + 1);
  return hours >= 0 && hours < 24 && minutes < 60 ? hours * 60 + minutes : 0;
}

/** Reads dates, one result object per calendar day however many rows share it. */
export class DateReader {
  private readonly days = new Map<number, ParsedDate>();
  private lastText = '';
  private lastParsed: ParsedDate = NO_DATE;

  /** `DD-MM-YYYY` (also `D-M-YYYY`, `/` or `.` between) → ISO date and epoch day; {@link NO_DATE} when not a real date. */
  read(text: string): ParsedDate {
    if (text === this.lastText) return this.lastParsed;
    const parsed = this.parse(text);
    this.lastText = text;
    this.lastParsed = parsed;
    return parsed;
  }

  private parse(text: string): ParsedDate {
    let day: number;
    let month: number;
    let year: number;
    if (text.length === 10 && isDateSeparator(text.charCodeAt(2)) && isDateSeparator(text.charCodeAt(5))) {
      day = twoDigits(text, 0);
      month = twoDigits(text, 3);
      year = twoDigits(text, 6) * 100 + twoDigits(text, 8);
    } else {
      const m = DATE.exec(text);
      if (!m) return NO_DATE;
      [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    }
    if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) return NO_DATE;
    const key = year * 10_000 + month * 100 + day;
    let parsed = this.days.get(key);
    if (!parsed) {
      const epochDay = epochDayFromCivil(year, month, day);
      parsed = { date: isoFromEpochDay(epochDay), epochDay };
      this.days.set(key, parsed);
    }
    return parsed;
  }
}
