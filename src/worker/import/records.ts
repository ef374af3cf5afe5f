/**
 * Text chunks → CSV records with their physical line numbers and raw text. Each chunk is cut after its
 * last line break outside quotes and the complete part is parsed with papaparse; the rest waits for the
 * next chunk. Line numbers stay exact even for quoted fields spanning lines: every physical line of the
 * file belongs to exactly one record. Also the record-level tests: blank, continuation of the previous.
 */
import Papa from 'papaparse';
import type { Columns } from './header';

export interface RawRecord {
  fields: string[];
  /** 1-based physical line of the record's first line. */
  line: number;
  /** Physical lines the record spans (one, unless a quoted field spans lines). */
  lineCount: number;
  /** The record's physical lines as they stand in the file, joined by '\n'. */
  text: string;
}

type Newline = '\n' | '\r\n' | '\r';

function detectNewline(text: string): Newline {
  const lf = text.indexOf('\n');
  if (lf !== -1) return lf > 0 && text[lf - 1] === '\r' ? '\r\n' : '\n';
  return text.includes('\r') ? '\r' : '\n';
}

function countOf(text: string, char: string, from = 0, to = text.length): number {
  let count = 0;
  for (let at = text.indexOf(char, from); at !== -1 && at < to; at = text.indexOf(char, at + 1)) count += 1;
  return count;
}

export class RecordReader {
  private pending = '';
  private nextLine = 1;
  private newline: Newline | null = null;

  constructor(private readonly delimiter: string) {}

  /** Records completed by `text`; with `final`, also the last one. */
  push(text: string, final: boolean): RawRecord[] {
    const buffer = this.pending + text;
    this.pending = '';
    if (buffer === '') return [];
    const newline = (this.newline ??= detectNewline(buffer));
    const breakChar = newline === '\r' ? '\r' : '\n';
    let complete: string;
    if (final) {
      complete = buffer.endsWith(newline) ? buffer.slice(0, buffer.length - newline.length) : buffer;
    } else {
      const cut = this.lastBreakOutsideQuotes(buffer, breakChar);
      if (cut === -1) {
        this.pending = buffer;
        return [];
      }
      this.pending = buffer.slice(cut + 1);
      complete = buffer.slice(0, newline === '\r\n' && buffer[cut - 1] === '\r' ? cut - 1 : cut);
    }
    return this.parse(complete, newline, breakChar);
  }

  /** Index of the last line break not inside a quoted field, or -1. */
  private lastBreakOutsideQuotes(buffer: string, breakChar: string): number {
    const quotes = countOf(buffer, '"');
    let cut = buffer.lastIndexOf(breakChar);
    let quotesAfter = cut === -1 ? 0 : countOf(buffer, '"', cut);
    while (cut !== -1 && (quotes - quotesAfter) % 2 === 1) {
      const previous = cut === 0 ? -1 : buffer.lastIndexOf(breakChar, cut - 1);
      quotesAfter += countOf(buffer, '"', previous === -1 ? 0 : previous, cut);
      cut = previous;
    }
    return cut;
  }

  private parse(text: string, newline: Newline, breakChar: string): RawRecord[] {
    // papaparse's record parser itself (what Papa.parse drives), with the delimiter and line break known:
    // without Papa.parse's streamer around it, a third faster on a statement.
    const parsed = new Papa.Parser({ delimiter: this.delimiter, newline, quoteChar: '"' }).parse(
      text,
      0,
      false,
    ) as Papa.ParseResult<string[]>;
    const rows = parsed.data;
    const physical = text.split(breakChar);
    if (newline === '\r\n') for (let i = 0; i < physical.length; i++) physical[i] = physical[i]!.replace(/\r$/, '');
    const records: RawRecord[] = [];
    if (rows.length === physical.length) {
      for (let i = 0; i < rows.length; i++)
        records.push({ fields: rows[i]!, line: this.nextLine + i, lineCount: 1, text: physical[i]! });
    } else {
      // Some quoted field spans lines: a record takes one line plus one per line break inside its fields.
      let at = 0;
      for (let i = 0; i < rows.length && at < physical.length; i++) {
        const fields = rows[i]!;
        let span = 1;
        for (const field of fields) span += countOf(field, breakChar);
        if (i === rows.length - 1) span = physical.length - at;
        span = Math.max(1, Math.min(span, physical.length - at));
        records.push({
          fields,
          line: this.nextLine + at,
          lineCount: span,
          text: physical.slice(at, at + span).join('\n'),
        });
        at += span;
      }
    }
    this.nextLine += physical.length;
    return records;
  }
}

/** A cell, trimmed; '' for a missing column (-1) or a short record. */
export function cell(fields: readonly string[], index: number): string {
  const field = index >= 0 ? fields[index] : undefined;
  if (field === undefined || field === '') return '';
  // Nearly every cell starts and ends with a printable ASCII character, which trim() would leave as it is.
  const first = field.charCodeAt(0);
  const last = field.charCodeAt(field.length - 1);
  return first > 32 && first < 127 && last > 32 && last < 127 ? field : field.trim();
}

export function isBlank(record: RawRecord): boolean {
  const { fields } = record;
  for (let i = 0; i < fields.length; i++) if (fields[i]!.trim() !== '') return false;
  return true;
}

/**
 * A continuation line carries only the rest of a wrapped cell (DEGIRO wraps long Order Ids): no date,
 * no amount, and it follows the row it continues directly.
 */
export function isContinuation(record: RawRecord, previous: RawRecord, columns: Columns): boolean {
  const { fields } = record;
  if (record.line !== previous.line + previous.lineCount) return false;
  if (cell(fields, columns.date) !== '' || cell(fields, columns.description) !== '') return false;
  if (cell(fields, columns.change + 1) !== '' || cell(fields, columns.time) !== '') return false;
  return fields.some((field) => field.trim() !== '');
}

/** Appends a continuation record's cells to the record it continues (Order Id parts join without a space). */
export function appendContinuation(record: RawRecord, continuation: RawRecord, columns: Columns): RawRecord {
  const fields = [...record.fields];
  continuation.fields.forEach((value, i) => {
    const part = value.trim();
    if (part === '') return;
    const before = (fields[i] ?? '').trimEnd();
    fields[i] = i === columns.orderId || before === '' ? before + part : `${before} ${part}`;
  });
  return {
    fields,
    line: record.line,
    lineCount: record.lineCount + continuation.lineCount,
    text: `${record.text}\n${continuation.text}`,
  };
}
