/**
 * A transaction's date to its epoch day, read character by character: the engine reads every row's date
 * on a cold load, and this skips the regular expression and number parsing of `epochDayFromIso` for a
 * well-formed date. Anything else (or a day past its month's end) goes to `epochDayFromIso`, which
 * throws its RangeError, so both accept exactly the same texts.
 */
import { daysInMonth, epochDayFromCivil, epochDayFromIso } from '../../model';

const ZERO = 48;
const DASH = 45;

function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let k = from; k < to; k += 1) {
    const digit = text.charCodeAt(k) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Epoch day of `YYYY-MM-DD`; throws a RangeError on anything else (as `epochDayFromIso`). */
export function epochDayOfIso(text: string): number {
  if (text.length === 10 && text.charCodeAt(4) === DASH && text.charCodeAt(7) === DASH) {
    const year = digits(text, 0, 4);
    const month = digits(text, 5, 7);
    const day = digits(text, 8, 10);
    if (year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))
      return epochDayFromCivil(year, month, day);
  }
  return epochDayFromIso(text);
}
