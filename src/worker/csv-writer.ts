/**
 * The one CSV writer of the app (the transactions export, the dividend tax report): RFC 4180 quoting, and
 * OWASP's rules against formula injection for every text cell, whatever separator a spreadsheet splits on.
 *
 * A spreadsheet in a Dutch, German or French locale splits on `;`, others on tab, and many ignore our
 * quotes when they do: so a cell is a formula wherever a piece of text starts, that is at the text's
 * start and after every `,` `;` tab, CR or LF in it. Where such a piece (after any whitespace, no-break
 * spaces included, and quotes) starts with `=` `+` `-` `@` (or their full-width forms), or the piece
 * starts with a tab, CR, NUL or `'`, a `'` goes in front of it: `ACME;=2*3` is written `"ACME;'=2*3"`.
 * `readTextCell` takes exactly those quotes off again, so our restore reads back what was exported.
 * A number is written as a plain decimal (`-12.5`), unguarded, so a spreadsheet reads it as a number.
 */

/** A cell a spreadsheet should read as a number: `-12.5` stays a number, never text or a formula. */
export interface NumberCell {
  readonly number: string;
}
/** A text cell (guarded and quoted as needed), or a number. */
export type CsvCell = string | NumberCell;

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

/** `n` as a number cell: the shortest exact decimal, or with `fractionDigits` digits (`toFixed`, e.g. cents). */
export function numberCell(n: number, fractionDigits?: number): NumberCell {
  return { number: fractionDigits === undefined ? formatNumber(n) : n.toFixed(fractionDigits) };
}

/** Where a spreadsheet may start a new cell inside a text: after any of its separators or a line break. */
const PIECE_END = /[,;\t\r\n]/;
/**
 * A piece that needs a `'` in front: one starting with `'` (so the reader takes exactly one off), a tab,
 * CR or NUL (OWASP), or with a formula trigger after whitespace (JavaScript's `\s` holds the no-break and
 * other Unicode spaces; zero-width ones added) and quotes.
 */
const NEEDS_GUARD = /^(?:['\t\r\0]|[\s\u200B-\u200D\u2060"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
/** A cell a spreadsheet could split, or whose quotes or line breaks need RFC 4180 quoting. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** `text` with a `'` before every piece that could start a formula (see the top of the file). */
function guardPieces(text: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !PIECE_END.test(text[i]!)) continue;
    const piece = text.slice(start, i + 1);
    out += NEEDS_GUARD.test(text.slice(start)) ? `'${piece}` : piece;
    start = i + 1;
  }
  return out;
}

/** A text cell as written: guarded, then quoted when it holds a quote, a separator or a line break. */
export function textCell(text: string): string {
  const guarded = guardPieces(text);
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** The text `textCell` wrote (a CSV parser has already removed the quoting): one `'` off the start of each piece. */
export function readTextCell(cell: string): string {
  let out = '';
  let pieceStart = true;
  for (const c of cell) {
    const dropped = pieceStart && c === "'";
    pieceStart = PIECE_END.test(c);
    if (!dropped) out += c;
  }
  return out;
}

function cellText(cell: CsvCell): string {
  if (typeof cell === 'string') return textCell(cell);
  // A "number" that is not a plain decimal (an exponent, NaN) is text, and guarded like text.
  return PLAIN_NUMBER.test(cell.number) ? cell.number : textCell(cell.number);
}

/** One line of cells, comma-separated, without its line end. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(cellText).join(',');
}

export interface CsvFileOptions {
  lineEnd: '\r\n' | '\n';
  /** Start with a UTF-8 byte-order mark (spreadsheet programs then read accents right). */
  byteOrderMark: boolean;
}

/** The file's text: every line, each ended by `lineEnd`. */
export function csvFile(lines: readonly (readonly CsvCell[])[], options: CsvFileOptions): string {
  const body = lines.map((cells) => csvLine(cells) + options.lineEnd).join('');
  return options.byteOrderMark ? BYTE_ORDER_MARK + body : body;
}
