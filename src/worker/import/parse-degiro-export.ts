/**
 * DEGIRO's Account.csv or Transactions.csv → {@link DegiroImport}. Streams the input in chunks (a `File` in the worker, a
 * `Blob` from `fs.openAsBlob` or a string in Node), reports progress per chunk, and never throws: a file
 * that is not a DEGIRO account statement, or cannot be read, gives a result with `error` set.
 */
import { assemble } from './assemble';
import { EXPECTED_HEADER, readHeader, type HeaderInfo } from './header';
import { appendContinuation, isBlank, isContinuation, RecordReader, type RawRecord } from './records';
import { RowBuilder, type SourceRow } from './rows';
import type { StatementColumns } from './statement-columns';
import { NotUtf8Error, readTextChunks, type ReadEncoding } from './source-text';
import { looksBinary } from './text-encoding';
import { TradeRowBuilder } from './trades-file';
import { applyTickersInPlace } from './tickers';
import { emptyImport, type DegiroImport, type ParseOptions } from './types';
import { messageOf } from '../../model/message';

/** The result's `error` when the parse was stopped through its signal. */
export const CANCELLED = 'The import was cancelled.';

const EXPECTATION = `expected DEGIRO's account statement (Account.csv), a text file whose first line is "${EXPECTED_HEADER}", or its Transactions.csv`;

/** The first non-blank line, once a line break ends it (or `final` says the text is complete). */
function firstLine(text: string, final: boolean): string | null {
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const carriage = text.indexOf('\r', start);
    const stop = end === -1 ? carriage : carriage === -1 ? end : Math.min(end, carriage);
    if (stop === -1) return final && text.slice(start).trim() !== '' ? text.slice(start) : null;
    const line = text.slice(start, stop);
    if (line.trim() !== '') return line;
    start = stop + 1;
  }
}

class ExportParser {
  /** Account.csv's header; null for Transactions.csv, whose rows never continue on a next line. */
  private header: HeaderInfo | null = null;
  private reader: RecordReader | null = null;
  private builder: RowBuilder | TradeRowBuilder | null = null;
  private headerSkipped = false;
  private pending: RawRecord | null = null;
  private sniffed = '';
  private records = 0;
  readonly rows: SourceRow[] = [];

  /** Feeds decoded text; returns an error message when the file turns out not to be a DEGIRO export. */
  feed(text: string, final: boolean): string | null {
    if (!this.reader) {
      this.sniffed += text;
      if (looksBinary(this.sniffed)) return `This is a binary file, not a CSV: ${EXPECTATION}.`;
      const line = firstLine(this.sniffed, final);
      if (line === null) return final ? `The file is empty: ${EXPECTATION}.` : null;
      const result = readHeader(line);
      if (!result.ok) return result.error;
      if ('trades' in result) {
        this.reader = new RecordReader(result.delimiter);
        this.builder = new TradeRowBuilder(result.trades);
      } else {
        this.header = result.header;
        this.reader = new RecordReader(result.header.delimiter);
        this.builder = new RowBuilder(result.header);
      }
      text = this.sniffed;
      this.sniffed = '';
    }
    this.consume(this.reader!.push(text, final));
    if (final && this.pending) this.add(this.pending);
    return null;
  }

  /** What the statement's check reads of each row (Account.csv); null for Transactions.csv, which has no balance. */
  get columns(): StatementColumns | null {
    return this.builder instanceof RowBuilder ? this.builder.columns : null;
  }

  get recordCount(): number {
    return this.records;
  }

  private add(record: RawRecord): void {
    const built = this.builder!.build(record);
    if (Array.isArray(built)) this.rows.push(...built);
    else this.rows.push(built as SourceRow);
  }

  private consume(records: RawRecord[]): void {
    const builder = this.builder!;
    const columns = this.header?.columns ?? null;
    this.records += records.length;
    // Indexed loops, here and in the steps after: an iterator's result per row until the code is optimised.
    for (let i = 0; i < records.length; i++) builder.vote(records[i]!);
    for (let i = 0; i < records.length; i++) {
      const record = records[i]!;
      if (isBlank(record)) continue;
      if (!this.headerSkipped) {
        this.headerSkipped = true;
        continue;
      }
      if (this.pending && columns && isContinuation(record, this.pending, columns)) {
        this.pending = appendContinuation(this.pending, record, columns);
        continue;
      }
      if (this.pending) this.add(this.pending);
      this.pending = record;
    }
  }
}

async function parseAs(input: Blob | string, encoding: ReadEncoding, options: ParseOptions): Promise<DegiroImport> {
  const parser = new ExportParser();
  let totalBytes = typeof input === 'string' ? 0 : input.size;
  for await (const chunk of readTextChunks(input, encoding, options.onProgress !== undefined)) {
    if (options.signal?.aborted) return emptyImport(CANCELLED);
    totalBytes = chunk.totalBytes;
    const error = parser.feed(chunk.text, false);
    if (error) return emptyImport(error);
    options.onProgress?.({ bytes: chunk.bytesRead, totalBytes, rows: parser.recordCount });
  }
  const error = parser.feed('', true);
  if (error) return emptyImport(error);
  options.onProgress?.({ bytes: totalBytes, totalBytes, rows: parser.recordCount });
  return applyTickersInPlace(assemble(parser.rows, parser.columns), options.tickers ?? {});
}

export async function parseDegiroExport(input: Blob | string, options: ParseOptions = {}): Promise<DegiroImport> {
  try {
    // By its byte-order mark (UTF-8, UTF-16), else UTF-8.
    return await parseAs(input, 'auto', options);
  } catch (error) {
    if (!(error instanceof NotUtf8Error)) return emptyImport(`The file could not be imported: ${messageOf(error)}`);
  }
  try {
    // Not UTF-8: a spreadsheet program saved it in the Windows code page.
    return await parseAs(input, 'windows-1252', options);
  } catch (error) {
    return emptyImport(`The file could not be imported: ${messageOf(error)}`);
  }
}
