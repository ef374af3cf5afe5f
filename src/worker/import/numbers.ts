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

interface Shape {
  negative: boolean;
  digits: string;
}

function shapeOf(text: string): Shape | null {
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
  if (!NUMBER_SHAPE.test(body)) return null;
  return { negative, digits: body };
}

/** The decimal mark a number proves, or null when it proves none (`12`, `1.234`). */
export function decimalMarkOf(text: string): DecimalMark | null {
  const shape = shapeOf(text);
  if (!shape) return null;
  return markOfDigits(shape.digits);
}

function markOfDigits(digits: string): DecimalMark | null {
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  if (lastComma === -1 && lastDot === -1) return null;
  if (lastComma !== -1 && lastDot !== -1) return lastComma > lastDot ? ',' : '.';
  const separator = lastComma !== -1 ? ',' : '.';
  if (digits.indexOf(separator) !== digits.lastIndexOf(separator)) return separator === ',' ? '.' : ',';
  const before = digits.slice(0, digits.indexOf(separator));
  const after = digits.length - digits.indexOf(separator) - 1;
  // Three digits after a lone separator read both ways, unless the part before cannot start a group.
  if (after === 3 && before.length <= 3 && before[0] !== '0') return null;
  return separator;
}

/**
 * The value of a locale-formatted number; NaN when `text` is not one. `mark` decides only the
 * ambiguous shape (a lone separator followed by three digits).
 */
export function parseLocaleNumber(text: string, mark: DecimalMark): number {
  const shape = shapeOf(text);
  if (!shape) return Number.NaN;
  const decimal = markOfDigits(shape.digits) ?? mark;
  const group = decimal === ',' ? '.' : ',';
  let plain = shape.digits.split(group).join('');
  if (decimal === ',') plain = plain.replace(',', '.');
  const value = Number(plain);
  return shape.negative ? -value : value;
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
  const byRemainder = exact.map((cents, i) => ({ i, remainder: cents - parts[i]! })).sort((a, b) => b.remainder - a.remainder);
  let leftover = totalCents - parts.reduce((sum, cents) => sum + cents, 0);
  for (let k = 0; leftover > 0; k = (k + 1) % byRemainder.length, leftover--) parts[byRemainder[k]!.i]! += 1;
  return parts.map((cents) => cents / 100);
}
