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
  const records: RawRecord[] = [];
  let line = firstLine;
  let at = 0;
  let start: number;
  records: for (;;) {
    start = at;
    const fields: string[] = [];
    let breaks = 0;
    for (;;) {
      if (at < n && text.charCodeAt(at) === QUOTE) {
        let escaped = false;
        let close = at + 1;
        for (; ; close++) {
          if (close >= n) {
            if (final) return null;
            break records;
          }
          const code = text.charCodeAt(close);
          if (code === QUOTE) {
            if (close + 1 >= n && !final) break records;
            if (text.charCodeAt(close + 1) !== QUOTE) break;
            escaped = true;
            close += 1;
          } else if (code === LF) {
            if (crlf) return null;
            breaks += 1;
          } else if (code === CR && crlf) return null;
        }
        const value = text.slice(at + 1, close);
        fields.push(escaped ? value.replaceAll('""', '"') : value);
        at = close + 1;
      } else {
        let end = at;
        for (; end < n; end++) {
          const code = text.charCodeAt(end);
          if (code === delim || code === LF || (code === CR && crlf)) break;
          if (code === QUOTE) return null;
        }
        fields.push(text.slice(at, end));
        at = end;
      }
      if (at >= n) {
        if (!final) break records;
        records.push({ fields, line, lineCount: breaks + 1, text: text.slice(start, n) });
        return { records, lines: line + breaks + 1 - firstLine, rest: n };
      }
      const code = text.charCodeAt(at);
      if (code === delim) {
        at += 1;
        continue;
      }
      const end = at;
      if (code === LF && !crlf) at += 1;
      else if (code === CR && crlf) {
        if (at + 1 >= n) {
          if (final) return null;
          break records;
        }
        if (text.charCodeAt(at + 1) !== LF) return null;
        at += 2;
      } else return null;
      records.push({ fields, line, lineCount: breaks + 1, text: text.slice(start, end) });
      line += breaks + 1;
      if (at >= n && !final) return { records, lines: line - firstLine, rest: n };
      break;
    }
  }
  // An incomplete last record (not `final`): it waits for the next text.
  return { records, lines: line - firstLine, rest: start };
}
