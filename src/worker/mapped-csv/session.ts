/**
 * The worker side of importing another broker's CSV: the file is read here once and kept here; the page
 * gets its header, a proposed mapping (the one remembered for this header, else a guess) and, for each
 * mapping the user tries, a live preview of the first SAMPLE_ROWS rows at once (the rows as read, their
 * problems), then, when asked, the count over every row (the problems, what an import would add), read a
 * stretch at a time so that a newer preview or count cancels it between stretches. The confirm reads
 * every row by the chosen mapping and merges by import id into the held set.
 */
import { CSV_HEADER, CSV_HEADER_WITHOUT_ACCOUNTS } from '../backup/csv-format';
import { restoreText, type TextPurpose } from '../backup/read-restore';
import { mergeTransactions } from '../backup/restore-plan';
import { byDateAscending } from '../../model';
import { headerKey, mappingProblem, type CsvMapping } from '../../model/csv-mapping';
import type { TransactionSet } from '../../model';
import { guessMapping } from './guess-mapping';
import { MappedReader, parseMapped, type MappedParse, type MappedRow } from './parse-mapped';
import { readTable, readTableStart, type CsvTable } from './read-table';

/** Rows the live preview reads on each change of the mapping; the count reads the rest after a pause. */
export const SAMPLE_ROWS = 50;
/** The count reads rows for this long (ms) before it lets a newer intent in. */
const COUNT_SLICE_MS = 12;

/** A count's progress: data rows read of the file's. */
export interface CountProgress {
  rowsRead: number;
  rowCount: number;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const PURPOSE: TextPurpose = {
  file: 'a CSV to import',
  notText: 'so it cannot be read as a CSV',
  nothing: 'Nothing was imported.',
};

/**
 * What the page shows of a mapping tried on the file: at once, the first SAMPLE_ROWS rows (`complete`
 * false: the counts are theirs, nothing is known of new and already imported); after the count, every row.
 */
export interface MappedPreview {
  /** A problem with the mapping itself (a required column not chosen, one column twice); then nothing else is read. */
  error: string | null;
  /** Every row was read: the counts are the file's. Else only the first `sampledRows`. */
  complete: boolean;
  /** Data rows read for this preview. */
  sampledRows: number;
  /** The first rows as the mapping reads them, each with its transactions or its problem. */
  rows: MappedRow[];
  /** The first rows (of those read) that make no transaction, and how many there are in all. */
  problems: Array<{ row: number; message: string }>;
  problemCount: number;
  /** Data rows of the file (the header excluded); null when not known yet (another separator, before the count). */
  rowCount: number | null;
  /** Transactions the rows read make; with `complete`, those the portfolio lacks (an import adds them) and those it has already. */
  transactionCount: number;
  newTransactions: number;
  alreadyPresent: number;
}

/** The file opened: its header (for the column choices), the mapping proposed and whether it was remembered. */
export interface MappedFile {
  fileName: string;
  header: string[];
  headerKey: string;
  mapping: CsvMapping;
  remembered: boolean;
  preview: MappedPreview;
}

/** The merge a confirm stores. */
export interface MappedMerge {
  merged: TransactionSet;
  added: number;
  alreadyPresent: number;
  /** Rows left out because they make no transaction. */
  skippedRows: number;
}

const countOf = (set: TransactionSet) =>
  set.stock.length + set.dividend.length + set.commission.length + (set.cash?.length ?? 0);

/**
 * The mapped rows merged into `existing` by import id, cash too (`mergeTransactions` merges the seed's three
 * lists): a row imported before is not added again.
 */
function mergeWithCash(existing: TransactionSet, parsed: TransactionSet) {
  const merge = mergeTransactions(existing, parsed);
  const stored = existing.cash ?? [];
  const known = new Set(stored.flatMap((c) => (c.importId ? [c.importId] : [])));
  const fresh = (parsed.cash ?? []).filter((c) => !known.has(c.importId!));
  const cash = [...stored, ...fresh].sort(byDateAscending);
  const merged = cash.length > 0 || existing.cash !== undefined ? { ...merge.merged, cash } : merge.merged;
  const added = merge.added.stock + merge.added.dividend + merge.added.commission + fresh.length;
  return {
    merged,
    added,
    alreadyPresent: merge.alreadyPresent + merge.keptDifferent + (parsed.cash?.length ?? 0) - fresh.length,
  };
}

/** The preview of the first rows: their rows and problems, nothing compared with the portfolio. */
function samplePreviewOf(parsed: MappedParse, sampledRows: number, rowCount: number | null): MappedPreview {
  const complete = parsed.error === null && rowCount !== null && sampledRows >= rowCount;
  return {
    error: parsed.error,
    complete,
    sampledRows,
    rows: parsed.preview,
    problems: parsed.problems,
    problemCount: parsed.problemCount,
    rowCount,
    transactionCount: countOf(parsed.transactions),
    newTransactions: 0,
    alreadyPresent: 0,
  };
}

/** The preview of every row, with what an import would add to `existing`. */
function fullPreviewOf(parsed: MappedParse, existing: TransactionSet): MappedPreview {
  const { added, alreadyPresent } = mergeWithCash(existing, parsed.transactions);
  return {
    error: parsed.error,
    complete: true,
    sampledRows: parsed.rowCount,
    rows: parsed.preview,
    problems: parsed.problems,
    problemCount: parsed.problemCount,
    rowCount: parsed.rowCount,
    transactionCount: countOf(parsed.transactions),
    newTransactions: added,
    // Imported before (by import id), possibly read differently then: the stored ones are kept.
    alreadyPresent,
  };
}

export class MappedCsvSession {
  private file: { name: string; text: string; table: CsvTable } | null = null;
  /** Bumped by every preview, count and discard: a running count that sees it changed stops. */
  private generation = 0;

  /**
   * Reads `file` and proposes a mapping: `remembered(key)` (the server's, for this header) when it fits
   * the file, else a guess. Refuses a file that is no table, or one of our own exports (restored elsewhere).
   */
  async open(
    file: Blob,
    fileName: string,
    existing: TransactionSet,
    remembered: (headerKey: string) => Promise<CsvMapping | null>,
  ): Promise<{ ok: true; file: MappedFile } | { ok: false; message: string }> {
    this.file = null;
    const read = await restoreText(file, PURPOSE);
    if (!read.ok) return { ok: false, message: read.error };
    const table = readTable(read.text);
    // Ours, as exported now or before accounts and cash.
    if ([CSV_HEADER, CSV_HEADER_WITHOUT_ACCOUNTS].includes(table.header.join(',').toLowerCase())) {
      return {
        ok: false,
        message: `${fileName} is an export of this app: bring it back with "Restore from a file…" (Export and restore). Nothing was imported.`,
      };
    }
    if (table.header.filter((cell) => cell !== '').length < 3 || table.rows.length === 0) {
      return {
        ok: false,
        message: `${fileName} is not a table of transactions: its first line should name the columns (date, ticker, type, quantity, amount…) and rows should follow. Nothing was imported.`,
      };
    }
    const key = headerKey(table.header);
    const saved = await remembered(key);
    const fits = saved !== null && mappingProblem(saved, table.header.length) === null;
    const mapping = fits ? saved : guessMapping(table);
    this.file = { name: fileName, text: read.text, table };
    return {
      ok: true,
      file: {
        fileName,
        header: this.header(mapping),
        headerKey: key,
        mapping,
        remembered: fits,
        preview: this.preview(mapping, existing),
      },
    };
  }

  /**
   * The live preview of `mapping`: its first SAMPLE_ROWS rows only, at once whatever the file's size (with
   * another delimiter than the file was split by, only those rows are split). When they are all the file
   * has, the preview is complete (compared with `existing` too) and needs no count. Cancels a running count.
   */
  preview(mapping: CsvMapping, existing: TransactionSet): MappedPreview {
    this.generation += 1;
    const sample = this.sampleFor(mapping);
    const parsed = parseMapped(sample.table, mapping);
    const preview = samplePreviewOf(parsed, sample.table.rows.length, sample.rowCount);
    return preview.complete ? fullPreviewOf(parsed, existing) : preview;
  }

  /**
   * Every row read by `mapping`, compared with `existing`, a stretch of about COUNT_SLICE_MS at a time with
   * the worker free in between; null when a newer preview, count or discard came meanwhile (it stops then).
   */
  async count(
    mapping: CsvMapping,
    existing: () => TransactionSet,
    onProgress: (progress: CountProgress) => void = () => {},
  ): Promise<MappedPreview | null> {
    const generation = ++this.generation;
    const stale = () => generation !== this.generation;
    // Let a newer intent already sent in first: this count is then stale before it reads a row.
    await nextTask();
    if (stale()) return null;
    const table = this.tableFor(mapping);
    const reader = new MappedReader(table, mapping);
    const rowCount = table.rows.length;
    while (!reader.done) {
      const started = performance.now();
      let end = reader.rowsRead;
      while (!reader.done && performance.now() - started < COUNT_SLICE_MS) reader.readUntil((end += 500));
      onProgress({ rowsRead: reader.rowsRead, rowCount });
      if (reader.done) break;
      await nextTask();
      if (stale()) return null;
    }
    return fullPreviewOf(reader.parsed(), existing());
  }

  /** Stops a running count (its answer is then null). */
  cancelCount(): void {
    this.generation += 1;
  }

  /** The header as `mapping`'s delimiter splits it (the page offers its cells as the columns). */
  header(mapping: CsvMapping): string[] {
    return this.sampleFor(mapping).table.header;
  }

  /** The held set with every row `mapping` reads merged in by import id; an error when no row reads. */
  merge(mapping: CsvMapping, existing: TransactionSet): MappedMerge {
    const parsed = parseMapped(this.tableFor(mapping), mapping);
    if (parsed.error) throw new Error(`${parsed.error} Nothing was imported.`);
    if (parsed.problemCount === parsed.rowCount) {
      const first = parsed.problems[0];
      throw new Error(
        `No row can be read with this mapping${first ? ` (row ${first.row}: ${first.message})` : ''}. Check that each column holds what its choice says; nothing was imported.`,
      );
    }
    const { merged, added, alreadyPresent } = mergeWithCash(existing, parsed.transactions);
    return { merged, added, alreadyPresent, skippedRows: parsed.problemCount };
  }

  /** The open file's header key (the mapping is remembered under it), or null. */
  headerKey(): string | null {
    return this.file ? headerKey(this.file.table.header) : null;
  }

  discard(): void {
    this.generation += 1;
    this.file = null;
  }

  /** The whole file split by `mapping`'s delimiter (kept: the last delimiter asked for). */
  private tableFor(mapping: CsvMapping): CsvTable {
    if (!this.file) throw new Error('There is no file to map; choose it again.');
    if (this.file.table.delimiter !== mapping.delimiter)
      this.file = { ...this.file, table: readTable(this.file.text, mapping.delimiter) };
    return this.file.table;
  }

  /** The header and first SAMPLE_ROWS rows by `mapping`'s delimiter, and the file's row count when known (the file is split by it). */
  private sampleFor(mapping: CsvMapping): { table: CsvTable; rowCount: number | null } {
    if (!this.file) throw new Error('There is no file to map; choose it again.');
    const { table, text } = this.file;
    if (table.delimiter === mapping.delimiter)
      return { table: { ...table, rows: table.rows.slice(0, SAMPLE_ROWS) }, rowCount: table.rows.length };
    const start = readTableStart(text, mapping.delimiter, SAMPLE_ROWS);
    return { table: start.table, rowCount: start.complete ? start.table.rows.length : null };
  }
}
