/**
 * Our CSV of transactions, one row each, as the README documents it: the columns, and how a number and a
 * text cell are written and read back so that every value survives the round trip exactly.
 *
 *   ticker,type,date,amount,value,currency,tax,import_id,product,isin
 *   VWCE.DE,stock,2021-03-01,10,950.5,EUR,,degiro:0a1b2c3d4e5f60,Vanguard FTSE All-World,IE00BK5BQT80
 *
 * UTF-8 with a byte-order mark (so spreadsheet programs read accents right), `\r\n` line ends (RFC 4180),
 * `.` decimals without digit grouping, ISO dates.
 */

export const CSV_COLUMNS = ['ticker', 'type', 'date', 'amount', 'value', 'currency', 'tax', 'import_id', 'product', 'isin'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export const CSV_HEADER = CSV_COLUMNS.join(',');
export const CSV_LINE_END = '\r\n';
export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * A number as the shortest decimal that reads back to the same double, never in exponent notation
 * (`1e-7` → `0.0000001`): `String()` already gives the shortest digits, only their notation changes.
 */
export function formatNumber(n: number): string {
  const text = String(n);
  const e = text.indexOf('e');
  if (e === -1) return Object.is(n, -0) ? '-0' : text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  let plain: string;
  if (point <= 0) plain = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) plain = digits + '0'.repeat(point - digits.length);
  else plain = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${plain}` : plain;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A number as `formatNumber` writes it; NaN for anything else (`1,5`, `1e3`, `+1`, ``). */
export function parsePlainNumber(text: string): number {
  return PLAIN_NUMBER.test(text) ? Number(text) : Number.NaN;
}

/**
 * A text cell, quoted when it holds a delimiter, a quote or a line break. A cell a spreadsheet would run
 * as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) gets a leading `'`, and so does one
 * that already starts with `'`, so `readTextCell` can take exactly one off again.
 */
export function textCell(text: string): string {
  const guarded = /^[=+\-@'\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** The value `textCell` wrote (the CSV parser has already removed the quoting). */
export function readTextCell(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}
