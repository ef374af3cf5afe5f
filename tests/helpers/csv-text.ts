/** Edits of CSV text for tests of refused files: what a spreadsheet does to an export. */

/** The CSV (CRLF lines, no quoted commas) with the cells of columns `a` and `b` (0-based) swapped on every line, heading included. */
export function swapColumns(csv: string, a: number, b: number): string {
  return csv
    .split('\r\n')
    .map((line) => {
      if (line === '') return line;
      const cells = line.split(',');
      [cells[a], cells[b]] = [cells[b]!, cells[a]!];
      return cells.join(',');
    })
    .join('\r\n');
}
