/**
 * Numbers as DEGIRO writes them in every locale: `-1017,51`, `-1017.51`, `1.234,00`, `1,094.5`,
 * `1 046,3825`, `1'185.08`. A lone separator followed by exactly three digits (`1.234`, `5,416`) is
 * ambiguous; the caller decides it with the decimal mark of its context (row, file, language).
 */

export type DecimalMark = ',' | '.';

/** Digit-group separators besides `.` and `,`: spaces (plain, no-break, narrow no-break) and apostrophes. */
const HAS_GROUP_SPACE = /[\s\u00a0\u202f'\u2019]/;
const GROUP_SPACES = /[\s\u00a0\u202f'\u2019]/g;
/** A space may only separate digit groups of three: `1 046,38`, never `6 3M`. */
const SPACE_GROUPED = /^\d{1,3}(?:[\s\u00a0\u202f'\u2019]\d{3})+(?:[.,]\d+)?$/;
const NUMBER_SHAPE = /^\d+(?:[.,]\d+)*$/;

/** The number without sign and digit-group spaces (`1.234,5`), or null when `text` is not a number. */
function bodyOf(text: string): { negative: boolean; body: string } | null {
  let body = text.trim();
  if (body === '') return null;
  let negative = false;
  const sign = body[0];
  if (sign === '-' || sign === '\u2212' || sign === '+') {
    negative = sign !== '+';
    body = body.slice(1).trimStart();
  }
  if (HAS_GROUP_SPACE.test(body)) {
    if (!SPACE_GROUPED.test(body)) return null;
    body = body.replace(GROUP_SPACES, '');
  }
  return NUMBER_SHAPE.test(body) ? { negative, body } : null;
}

/** The mark a lone separator at `at` proves: three digits after it read both ways, unless no group can start before. */
function loneSeparatorMark(body: string, at: number, start: number): DecimalMark | null {
  const after = body.length - at - 1;
  if (after === 3 && at - start <= 3 && body.charCodeAt(start) !== 48 /* 0 */) return null;
  return body[at] as DecimalMark;
}

/** The decimal mark the digits from `start` on prove (the part before `start` is a sign). */
function markOfBody(body: string, start: number): DecimalMark | null {
  const lastComma = body.lastIndexOf(',');
  const lastDot = body.lastIndexOf('.');
  if (lastComma === -1 && lastDot === -1) return null;
  if (lastComma !== -1 && lastDot !== -1) return lastComma > lastDot ? ',' : '.';
  const at = lastComma !== -1 ? lastComma : lastDot;
  if (body.indexOf(body[at]!) !== at) return body[at] === ',' ? '.' : ',';
  return loneSeparatorMark(body, at, start);
}

/**
 * For the shape of nearly every amount (an optional minus, digits, at most one `,` or `.` between
 * digits): the index of the separator, -1 when there is none. -2 for any other shape.
 */
function simpleSeparator(text: string): number {
  const length = text.length;
  let i = length > 0 && text.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  let separator = -1;
  let before = 0;
  let after = 0;
  for (; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      if (separator === -1) before += 1;
      else after += 1;
    } else if ((code === 44 || code === 46) && separator === -1 && before > 0) separator = i;
    else return -2;
  }
  return before === 0 || (separator !== -1 && after === 0) ? -2 : separator;
}

/** The decimal mark a number proves, or null when it proves none (`12`, `1.234`). */
export function decimalMarkOf(text: string): DecimalMark | null {
  const separator = simpleSeparator(text);
  if (separator === -1) return null;
  if (separator >= 0) return loneSeparatorMark(text, separator, text.charCodeAt(0) === 45 ? 1 : 0);
  const parsed = bodyOf(text);
  return parsed ? markOfBody(parsed.body, 0) : null;
}

/** The value of a simple-shape number, its lone separator read as decimal mark or as digit grouping. */
function simpleValue(text: string, separator: number, decimal: boolean): number {
  const negative = text.charCodeAt(0) === 45;
  let digits = 0;
  let scale = 1;
  for (let i = negative ? 1 : 0; i < text.length; i++) {
    if (i === separator) continue;
    digits = digits * 10 + (text.charCodeAt(i) - 48);
    if (i > separator && decimal) scale *= 10;
  }
  // One division of exact integers: rounded exactly like Number('123.45') (below 2^53).
  const value = digits / scale;
  return negative ? -value : value;
}

/**
 * The value of a locale-formatted number; NaN when `text` is not one. `mark` decides only the
 * ambiguous shape (a lone separator followed by three digits).
 */
export function parseLocaleNumber(text: string, mark: DecimalMark): number {
  const separator = simpleSeparator(text);
  if (separator === -1) return Number(text);
  if (separator >= 0 && text.length < 16) {
    const decimal = loneSeparatorMark(text, separator, text.charCodeAt(0) === 45 ? 1 : 0) ?? mark;
    return simpleValue(text, separator, text[separator] === decimal);
  }
  const parsed = bodyOf(text);
  if (!parsed) return Number.NaN;
  const decimal = markOfBody(parsed.body, 0) ?? mark;
  const group = decimal === ',' ? '.' : ',';
  let plain = parsed.body.includes(group) ? parsed.body.split(group).join('') : parsed.body;
  if (decimal === ',') plain = plain.replace(',', '.');
  const value = Number(plain);
  return parsed.negative ? -value : value;
}

/** Removes floating-point noise from sums of money: 12 significant decimals are far below a cent. */
export function roundMoney(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Whether two amounts agree to the cent. */
export function sameCents(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.005 + 1e-9;
}

/**
 * Splits `total` (money) over `weights` in proportion, to the cent, so that the parts add up to
 * exactly `total`: the largest remainders get the leftover cents.
 */
export function allocateCents(total: number, weights: readonly number[]): number[] {
  const totalCents = Math.round(total * 100);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  if (weights.length === 0) return [];
  if (weightSum === 0) return weights.map((_, i) => (i === 0 ? totalCents / 100 : 0));
  const exact = weights.map((weight) => (weight / weightSum) * totalCents);
  const parts = exact.map((cents) => Math.floor(cents));
  const byRemainder = exact
    .map((cents, i) => ({ i, remainder: cents - parts[i]! }))
    .sort((a, b) => b.remainder - a.remainder);
  let leftover = totalCents - parts.reduce((sum, cents) => sum + cents, 0);
  for (let k = 0; leftover > 0; k = (k + 1) % byRemainder.length, leftover--) parts[byRemainder[k]!.i]! += 1;
  return parts.map((cents) => cents / 100);
}
