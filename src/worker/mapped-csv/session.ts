/**
 * The worker side of importing another broker's CSV: the file is read here once and kept here; the page
 * gets its header, a proposed mapping (the one remembered for this header, else a guess) and, for each
 * mapping the user tries, a live preview (the first rows as read, the problems, what an import would
 * add). The confirm reads every row by the chosen mapping and merges by import id into the held set.
 */
import { CSV_HEADER } from '../backup/csv-format';
import { restoreText, type TextPurpose } from '../backup/read-restore';
import { mergeTransactions } from '../backup/restore-plan';
import { headerKey, mappingProblem, type CsvMapping } from '../../model/csv-mapping';
import type { TransactionSet } from '../../model';
import { guessMapping } from './guess-mapping';
import { parseMapped, type MappedParse, type MappedRow } from './parse-mapped';
import { readTable, type CsvTable } from './read-table';

const PURPOSE: TextPurpose = { file: 'a CSV to import', notText: 'so it cannot be read as a CSV', nothing: 'Nothing was imported.' };

/** What the page shows of a mapping tried on the file. */
export interface MappedPreview {
  /** A problem with the mapping itself (a required column not chosen, one column twice); then nothing else is read. */
  error: string | null;
  /** The first rows as the mapping reads them, each with its transactions or its problem. */
  rows: MappedRow[];
  /** The first rows that make no transaction, and how many there are in all. */
  problems: Array<{ row: number; message: string }>;
  problemCount: number;
  /** Data rows of the file (the header excluded). */
  rowCount: number;
  /** Transactions the rows make, those the portfolio lacks (an import adds them) and those it has already. */
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

function previewOf(parsed: MappedParse, existing: TransactionSet): MappedPreview {
  const transactionCount = parsed.transactions.stock.length + parsed.transactions.dividend.length + parsed.transactions.commission.length;
  const { added, alreadyPresent, keptDifferent } = mergeTransactions(existing, parsed.transactions);
  return {
    error: parsed.error,
    rows: parsed.preview,
    problems: parsed.problems,
    problemCount: parsed.problemCount,
    rowCount: parsed.rowCount,
    transactionCount,
    newTransactions: added.stock + added.dividend + added.commission,
    // Imported before (by import id), possibly read differently then: the stored ones are kept.
    alreadyPresent: alreadyPresent + keptDifferent,
  };
}

export class MappedCsvSession {
  private file: { name: string; text: string; table: CsvTable } | null = null;

  /**
   * Reads `file` and proposes a mapping: `remembered(key)` (the server's, for this header) when it fits
   * the file, else a guess. Refuses a file that is no table, or one of our own exports (restored elsewhere).
   */
  async open(file: Blob, fileName: string, existing: TransactionSet, remembered: (headerKey: string) => Promise<CsvMapping | null>): Promise<{ ok: true; file: MappedFile } | { ok: false; message: string }> {
    this.file = null;
    const read = await restoreText(file, PURPOSE);
    if (!read.ok) return { ok: false, message: read.error };
    const table = readTable(read.text);
    if (table.header.join(',').toLowerCase() === CSV_HEADER) {
      return { ok: false, message: `${fileName} is an export of this app: bring it back with "Restore from a file…" (Export and restore). Nothing was imported.` };
    }
    if (table.header.filter((cell) => cell !== '').length < 3 || table.rows.length === 0) {
      return { ok: false, message: `${fileName} is not a table of transactions: its first line should name the columns (date, ticker, type, quantity, amount…) and rows should follow. Nothing was imported.` };
    }
    const key = headerKey(table.header);
    const saved = await remembered(key);
    const fits = saved !== null && mappingProblem(saved, table.header.length) === null;
    const mapping = fits ? saved : guessMapping(table);
    this.file = { name: fileName, text: read.text, table: mapping.delimiter === table.delimiter ? table : readTable(read.text, mapping.delimiter) };
    return { ok: true, file: { fileName, header: this.file.table.header, headerKey: key, mapping, remembered: fits, preview: this.preview(mapping, existing) } };
  }

  /** The live preview of `mapping` on the open file (re-split when it names another delimiter). */
  preview(mapping: CsvMapping, existing: TransactionSet): MappedPreview {
    return previewOf(parseMapped(this.tableFor(mapping), mapping), existing);
  }

  /** The header as `mapping`'s delimiter splits it (the page offers its cells as the columns). */
  header(mapping: CsvMapping): string[] {
    return this.tableFor(mapping).header;
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
    const { merged, added, alreadyPresent, keptDifferent } = mergeTransactions(existing, parsed.transactions);
    return { merged, added: added.stock + added.dividend + added.commission, alreadyPresent: alreadyPresent + keptDifferent, skippedRows: parsed.problemCount };
  }

  /** The open file's header key (the mapping is remembered under it), or null. */
  headerKey(): string | null {
    return this.file ? headerKey(this.file.table.header) : null;
  }

  discard(): void {
    this.file = null;
  }

  private tableFor(mapping: CsvMapping): CsvTable {
    if (!this.file) throw new Error('There is no file to map; choose it again.');
    if (this.file.table.delimiter !== mapping.delimiter) this.file = { ...this.file, table: readTable(this.file.text, mapping.delimiter) };
    return this.file.table;
  }
}
