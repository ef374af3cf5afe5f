/** The physical lines a transaction lists (its draft's rows'), and the last entry a line has in a list sorted by line. */
import type { Draft } from './drafts';
import type { SourceRow } from './rows';

/** The physical lines of the draft's rows, identifying and folded, ascending. */
export function linesOfDraft(draft: Draft): number[] {
  const lines: number[] = [];
  addLines(lines, draft.row);
  if (draft.more) for (const row of draft.more) addLines(lines, row);
  if (draft.extra) for (const row of draft.extra) addLines(lines, row);
  if (lines.length > 16) return lines.sort((a, b) => a - b);
  // A transaction's few lines, sorted in place (a sort call costs more than the sorting).
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    let at = i;
    while (at > 0 && lines[at - 1]! > line) {
      lines[at] = lines[at - 1]!;
      at--;
    }
    lines[at] = line;
  }
  return lines;
}

function addLines(lines: number[], row: SourceRow): void {
  for (let i = 0; i < row.lineCount; i++) lines.push(row.line + i);
}

/** The last entry of `line` in `entries` (sorted by line), if there is one. */
export function lastEntry<T extends { line: number }>(entries: readonly T[], line: number): T | undefined {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (entries[mid]!.line <= line) low = mid + 1;
    else high = mid;
  }
  return low > 0 && entries[low - 1]!.line === line ? entries[low - 1] : undefined;
}
