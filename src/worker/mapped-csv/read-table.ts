/** Another broker's CSV as a table: its delimiter (the one that splits the header most), header and rows. */
import Papa from 'papaparse';
import { DELIMITERS, type Delimiter } from '../../model/csv-mapping';

export interface CsvTable {
  delimiter: Delimiter;
  header: string[];
  rows: string[][];
}

/** The delimiter that splits the first line into the most cells (`,` on a tie). */
export function detectDelimiter(text: string): Delimiter {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  let best: Delimiter = ',';
  let bestCells = 0;
  for (const delimiter of DELIMITERS) {
    const cells = (Papa.parse<string[]>(firstLine, { delimiter }).data[0] ?? []).length;
    if (cells > bestCells) [best, bestCells] = [delimiter, cells];
  }
  return best;
}

/** The header and only the first `rows` data rows (the rest is not split); `complete` when the file has no more. */
export function readTableStart(
  text: string,
  delimiter: Delimiter,
  rows: number,
): { table: CsvTable; complete: boolean } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // One row more than asked for tells whether the file goes on.
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: 'greedy', preview: rows + 2 });
  const [header = [], ...data] = parsed.data;
  return {
    table: { delimiter, header: header.map((cell) => cell.trim()), rows: data.slice(0, rows) },
    complete: data.length <= rows,
  };
}

export function readTable(text: string, delimiter: Delimiter = detectDelimiter(text)): CsvTable {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: 'greedy' });
  const [header = [], ...rows] = parsed.data;
  return { delimiter, header: header.map((cell) => cell.trim()), rows };
}
