/**
 * The statement's own check (SEMANTICS.md "Statements reconciled"): per currency of its balance column and
 * per day, the cash the imported rows imply, from the statement's opening balance, must equal the
 * statement's balance at the end of that day, to the cent.
 *
 * - What a booked transaction moves: a buy or a commission `−value`, a sell `−value` (negative), a dividend
 *   or a cash transaction `+value`, in its currency. A transaction made of lines of several days or
 *   currencies (a dividend converted to EUR the next day, a USD trade with its AutoFX legs) moves each of
 *   its lines' amounts on that line's day, and whatever its value differs from their sum on its own day:
 *   the check follows the statement's timing and still sees every cent the import booked.
 * - Lines booked as nothing because the money stays the account's (a cash sweep and its companion line,
 *   a money-market conversion, an iDEAL reservation and its release) move the check's balance as they
 *   move the statement's: by their mutation, or by the amount their description states. The balance the
 *   statement shows is the part of the account's cash it covers (SEMANTICS.md).
 * - A day's lines come in no reliable order within a minute: its end balance is the balance of the line of
 *   its last minute that no other line of that minute continues (the balances chain), else the topmost.
 *   The opening balance is, alike, the balance before the first line of the first day; a statement that
 *   does not start at 0 (an export cut in the middle) starts from it and says so (`startsMidway`).
 */
import type { SourceRow } from './rows';
import { chronologicalOrder, compareRows, type StatementColumns } from './statement-columns';
import { rowDeltas, type Moves } from './statement-deltas';
import type { ImportedTransactions, Reconciliation } from './types';

const cents = (value: number) => Math.round(value * 100);

/** The statement's balance before row `i`, in cents. */
const centsBefore = (c: StatementColumns, i: number) => cents(c.balance[i]! - c.effect[i]!);

/**
 * The row of `lines[from…to)` (row indexes of one minute, chronological) whose balance no other row of the
 * minute continues from (`last`; for `first`, that continues from no other row's); else the minute's last
 * (or first) row.
 */
function chainEnd(c: StatementColumns, lines: Int32Array, from: number, to: number, end: 'last' | 'first'): number {
  const fallback = end === 'last' ? lines[to - 1]! : lines[from]!;
  if (to - from === 1) return fallback;
  let open = -1;
  let opens = 0;
  for (let i = from; i < to; i++) {
    const mine = end === 'last' ? cents(c.balance[lines[i]!]!) : centsBefore(c, lines[i]!);
    let continued = false;
    for (let j = from; j < to && !continued; j++)
      continued = j !== i && (end === 'last' ? centsBefore(c, lines[j]!) : cents(c.balance[lines[j]!]!)) === mine;
    if (!continued) {
      opens += 1;
      open = lines[i]!;
    }
  }
  return opens === 1 ? open : fallback;
}

/** Where the latest (or earliest) minute of the chronological day `lines[from…to)` starts (`last`) or ends (`first`). */
function edgeMinute(c: StatementColumns, lines: Int32Array, from: number, to: number, end: 'last' | 'first'): number {
  const { minutes } = c;
  if (end === 'first') {
    let stop = from + 1;
    while (stop < to && minutes[lines[stop]!] === minutes[lines[from]!]) stop++;
    return stop;
  }
  let start = to - 1;
  while (start > from && minutes[lines[start - 1]!] === minutes[lines[to - 1]!]) start--;
  return start;
}

/**
 * The check of one currency: `lines` the indexes of its balance lines, `moving` those of every row that
 * moves it, both chronological; `moves` what each row moves in it.
 */
function reconcileCurrency(
  code: number,
  rows: readonly SourceRow[],
  c: StatementColumns,
  lines: Int32Array,
  moving: Int32Array,
  moves: Moves | undefined,
  reasonOf: (line: number) => string | undefined,
): Reconciliation {
  const { epochDay, balance } = c;
  // Where each day of `lines` starts, and one past the last.
  const dayStarts: number[] = [];
  for (let i = 0; i < lines.length; i++)
    if (i === 0 || epochDay[lines[i]!] !== epochDay[lines[i - 1]!]) dayStarts.push(i);
  dayStarts.push(lines.length);
  const first = chainEnd(c, lines, 0, edgeMinute(c, lines, 0, dayStarts[1]!, 'first'), 'first');
  const openingCents = centsBefore(c, first);
  const result: Reconciliation = {
    currency: c.currencies[code]!,
    status: 'reconciled',
    startsMidway: openingCents !== 0,
    openingCents,
    days: dayStarts.length - 1,
  };
  const delta = moves?.delta;
  let implied = openingCents / 100;
  let next = 0;
  for (let d = 0; d + 1 < dayStarts.length; d++) {
    const from = dayStarts[d]!;
    const to = dayStarts[d + 1]!;
    const day = epochDay[lines[from]!]!;
    const start = implied;
    const movedFrom = next;
    while (next < moving.length && epochDay[moving[next]!]! <= day) implied += delta![moving[next++]!]!;
    const end = chainEnd(c, lines, edgeMinute(c, lines, from, to, 'last'), to, 'last');
    const difference = cents(balance[end]!) - cents(implied);
    if (difference === 0) continue;
    // The first line of the day whose balance the imported rows do not reach.
    const today = Array.from(moving.subarray(movedFrom, next)).filter((index) => epochDay[index] === day);
    const deltaOf = new Map(today.map((index) => [index, delta![index]!] as const));
    let run = start;
    let named = end;
    const walked = [...new Set([...today, ...lines.subarray(from, to)])].sort((a, b) => compareRows(c, a, b));
    for (const index of walked) {
      run += deltaOf.get(index) ?? 0;
      if (c.balanceCurrency[index] === code && cents(balance[index]!) !== cents(run)) {
        named = index;
        break;
      }
    }
    const line = rows[named]!.line;
    Object.assign(result, { status: 'off', day: rows[lines[from]!]!.date, line, differenceCents: difference });
    const reason = reasonOf(line);
    if (reason !== undefined) result.reason = reason;
    break;
  }
  return result;
}

/**
 * The check of every currency of the statement's balance column; empty for a file without one (no columns:
 * a Transactions.csv). `internal`: the rows booked as nothing that move the balance; `reasonOf`: why each
 * line not booked is not.
 */
export function reconcile(
  rows: readonly SourceRow[],
  c: StatementColumns | null,
  transactions: ImportedTransactions,
  internal: readonly SourceRow[],
  reasonOf: (line: number) => string | undefined,
): Reconciliation[] {
  if (!c) return [];
  if (c.size !== rows.length) throw new Error('The statement check needs a column entry for every row.');
  const count = c.size;
  // Each balance currency's lines, by code (counted as the rows were added).
  const { lineCounts } = c;
  const codes: number[] = [];
  for (let code = 1; code < lineCounts.length; code++) if (lineCounts[code]! > 0) codes.push(code);
  if (codes.length === 0) return [];
  const deltas = rowDeltas(rows, c, transactions, internal);
  const order = chronologicalOrder(c);
  // One walk in chronological order fills each currency's lines and the rows that move it.
  const lines: Int32Array[] = [];
  const moving: Int32Array[] = [];
  const touched: Array<Uint8Array | undefined> = [];
  const filledLines: number[] = [];
  const filledMoving: number[] = [];
  for (const code of codes) {
    lines[code] = new Int32Array(lineCounts[code]!);
    touched[code] = deltas.byCurrency[code]?.touched;
    moving[code] = new Int32Array(touched[code] ? count : 0);
    filledLines[code] = 0;
    filledMoving[code] = 0;
  }
  const { epochDay, balance, balanceCurrency } = c;
  for (let i = 0; i < count; i++) {
    const index = order[i]!;
    if (!Number.isFinite(epochDay[index]!)) continue;
    const code = balanceCurrency[index]!;
    if (code !== 0 && Number.isFinite(balance[index]!)) lines[code]![filledLines[code]!++] = index;
    for (let k = 0; k < codes.length; k++) {
      const moved = codes[k]!;
      if (touched[moved]?.[index] === 1) moving[moved]![filledMoving[moved]!++] = index;
    }
  }
  return codes
    .sort((a, b) => c.currencies[a]!.localeCompare(c.currencies[b]!))
    .map((code) =>
      reconcileCurrency(
        code,
        rows,
        c,
        lines[code]!,
        moving[code]!.subarray(0, filledMoving[code]!),
        deltas.byCurrency[code],
        reasonOf,
      ),
    );
}
