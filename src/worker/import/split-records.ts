/**
 * A hand-written CSV splitter for the shape DEGIRO writes: a one-character delimiter, `\n` or `\r\n` line
 * breaks, fields either bare (no quote in them) or quoted whole (`"-12,34"`, `"Koop 5 @ 1,5 EUR"`), with
 * doubled quotes inside and, under `\n` breaks, line breaks inside. It gives the records papaparse gives
 * for such text in one pass and without papaparse's bookkeeping; for any other shape (a quote inside a bare
 * field, text after a closing quote, an unterminated quote, `\r` line breaks) it gives up (null) and the
 * caller parses the text with papaparse as before, so every file reads exactly as it did.
 */
import type { RawRecord } from './records';

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** What a split consumed: its records, the physical lines they span, and where the text they leave starts. */
export interface Split {
  records: RawRecord[];
  lines: number;
  /** Index of the first character not consumed (the start of an incomplete last record), else the text's length. */
  rest: number;
}

/**
 * `text[from…to)`, or the string of the record before in the same column when that is the same text (a date,
 * a product, an ISIN, a currency, an Order Id repeat from row to row): fewer strings made, and the reader's
 * caches of the last date, product and ISIN find the very string they hold.
 */
function field(text: string, from: number, to: number, previous: readonly string[] | null, column: number): string {
  const above = previous !== null && to - from > 2 ? previous[column] : undefined;
  return above !== undefined && above.length === to - from && text.startsWith(above, from)
    ? above
    : text.slice(from, to);
}

/**
 * Splits `text` into records from line `firstLine` on. With `final`, the text ends the last record (which
 * then has no line break after it: the caller removes a final one, as for papaparse); else a record
 * without its line break is left (`rest`). Null when the text is not of the shape described above.
 */
export function splitRecords(
  text: string,
  delimiter: string,
  crlf: boolean,
  firstLine: number,
  final: boolean,
): Split | null {
  if (delimiter.length !== 1 || text.length === 0) return null;
  const delim = delimiter.charCodeAt(0);
  if (delim === QUOTE || delim === LF || delim === CR) return null;
  const n = text.length;
  // The next delimiter, quote and line break are found with native searches (far faster than a loop over every
  // character), each written out where needed: -1 (none) becomes `n`.
  const records: RawRecord[] = [];
  // The fields of the record before: a cell the same as the one above it is that string again, not a new one.
  let last: readonly string[] | null = null;
  let line = firstLine;
  let at = 0;
  let start: number;
  let nextDelim = text.indexOf(delimiter, 0);
  if (nextDelim === -1) nextDelim = n;
  let nextQuote = text.indexOf('"', 0);
  if (nextQuote === -1) nextQuote = n;
  let nextLf = text.indexOf('\n', 0);
  if (nextLf === -1) nextLf = n;
  // Under `\r\n` breaks a `\r` ends a record (and must be followed by `\n`); under `\n` breaks it is a character.
  let nextCr = crlf ? text.indexOf('\r') : n;
  if (nextCr === -1) nextCr = n;
  for (;;) {
    start = at;
    const fields: string[] = [];
    let breaks = 0;
    for (;;) {
      if (at === nextQuote && at < n) {
        let close = at;
        let escaped = false;
        for (;;) {
          close = text.indexOf('"', close + 1);
          if (close === -1 || (close + 1 === n && !final)) {
            if (final) return null;
            return { records, lines: line - firstLine, rest: start };
          }
          if (close + 1 === n || text.charCodeAt(close + 1) !== QUOTE) break;
          escaped = true;
          close += 1;
        }
        if (nextLf < close) {
          if (crlf) return null;
          while (nextLf < close) {
            breaks += 1;
            nextLf = text.indexOf('\n', nextLf + 1);
            if (nextLf === -1) nextLf = n;
          }
        }
        if (nextCr < close) return null;
        fields.push(
          escaped ? text.slice(at + 1, close).replaceAll('""', '"') : field(text, at + 1, close, last, fields.length),
        );
        at = close + 1;
        nextQuote = text.indexOf('"', at);
        if (nextQuote === -1) nextQuote = n;
        if (nextDelim < at) {
          nextDelim = text.indexOf(delimiter, at);
          if (nextDelim === -1) nextDelim = n;
        }
      } else {
        let end = nextDelim < nextLf ? nextDelim : nextLf;
        if (nextCr < end) end = nextCr;
        if (nextQuote < end) return null;
        fields.push(field(text, at, end, last, fields.length));
        at = end;
      }
      if (at >= n) {
        if (!final) return { records, lines: line - firstLine, rest: start };
        records.push({ fields, line, lineCount: breaks + 1, text: text.slice(start, n) });
        return { records, lines: line + breaks + 1 - firstLine, rest: n };
      }
      const code = text.charCodeAt(at);
      if (code === delim) {
        at += 1;
        nextDelim = text.indexOf(delimiter, at);
        if (nextDelim === -1) nextDelim = n;
        continue;
      }
      const end = at;
      if (code === LF && !crlf) at += 1;
      else if (code === CR && crlf) {
        if (at + 1 >= n) {
          if (final) return null;
          return { records, lines: line - firstLine, rest: start };
        }
        if (text.charCodeAt(at + 1) !== LF) return null;
        at += 2;
        nextCr = text.indexOf('\r', at);
        if (nextCr === -1) nextCr = n;
      } else return null;
      nextLf = text.indexOf('\n', at);
      if (nextLf === -1) nextLf = n;
      records.push({ fields, line, lineCount: breaks + 1, text: text.slice(start, end) });
      last = fields;
      line += breaks + 1;
      if (at >= n && !final) return { records, lines: line - firstLine, rest: n };
      break;
    }
  }
}
