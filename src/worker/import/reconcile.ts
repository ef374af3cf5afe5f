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
 * What each row moves in one currency, by the row's index in the file's rows; `touched` marks the rows
 * any line of a transaction or move in that currency came to (their sum may be 0).
 */
interface Moves {
  delta: Float64Array;
  touched: Uint8Array;
}

/** What each row moves, per currency code (most rows move one). */
class Deltas {
  readonly byCurrency: Array<Moves | undefined> = [];
  constructor(private readonly size: number) {}

  add(index: number, currency: number, amount: number): void {
    if (amount === 0 || !Number.isFinite(amount)) return;
    let moves = this.byCurrency[currency];
    if (!moves) {
      moves = { delta: new Float64Array(this.size), touched: new Uint8Array(this.size) };
      this.byCurrency[currency] = moves;
    }
    moves.delta[index] += amount;
    moves.touched[index] = 1;
  }
}

/** Each row's index by its physical lines; -1 for none. */
function indexByLine(c: StatementColumns): Int32Array {
  const { line, lineCount, size } = c;
  let last = 0;
  for (let i = 0; i < size; i++) last = Math.max(last, line[i]! + lineCount[i]!);
  const byLine = new Int32Array(last + 1).fill(-1);
  for (let index = 0; index < size; index++)
    for (let i = 0; i < lineCount[index]!; i++) byLine[line[index]! + i] = index;
  return byLine;
}

/** What each row moves in each currency, by the imported transactions and the lines booked as nothing. */
function rowDeltas(
  rows: readonly SourceRow[],
  c: StatementColumns,
  transactions: ImportedTransactions,
  internal: readonly SourceRow[],
): Deltas {
  const byLine = indexByLine(c);
  const rowAt = (line: number) => (line >= 0 && line < byLine.length ? byLine[line]! : -1);
  const deltas = new Deltas(c.size);
  const { amount, currency } = c;
  const own: number[] = [];
  const foreignCurrencies: number[] = [];
  const foreignSums: number[] = [];
  const lists = [
    { list: transactions.stock, sign: -1 },
    { list: transactions.commission, sign: -1 },
    { list: transactions.dividend, sign: 1 },
    { list: transactions.cash, sign: 1 },
  ];
  // Indexed loops: this runs once per import, much of it before the optimising compiler takes over.
  for (let l = 0; l < lists.length; l++) {
    const { list, sign } = lists[l]!;
    for (let k = 0; k < list.length; k++) {
      const t = list[k]!;
      const { lines } = t;
      // The rows the transaction came from, each once, in the order of its lines.
      own.length = 0;
      for (let i = 0; i < lines.length; i++) {
        const index = rowAt(lines[i]!);
        if (index !== -1 && !own.includes(index)) own.push(index);
      }
      if (own.length === 0) continue;
      let anchor = own[0]!;
      if (own.length > 1)
        for (let i = 0; i < own.length; i++)
          if (rows[own[i]!]!.date === t.date) {
            anchor = own[i]!;
            break;
          }
      const ownCurrency = c.codeOf(t.currency);
      let same = 0;
      // The other currencies' sums, in the order met (most transactions have none, a converted one has one).
      foreignCurrencies.length = 0;
      foreignSums.length = 0;
      for (let i = 0; i < own.length; i++) {
        const index = own[i]!;
        const moved = amount[index]!;
        if (!Number.isFinite(moved)) continue;
        const code = currency[index]!;
        deltas.add(index, code, moved);
        if (code === ownCurrency) same += moved;
        else {
          const at = foreignCurrencies.indexOf(code);
          if (at === -1) {
            foreignCurrencies.push(code);
            foreignSums.push(0 + moved);
          } else foreignSums[at] += moved;
        }
      }
      deltas.add(anchor, ownCurrency, sign * t.value - same);
      for (let i = 0; i < foreignCurrencies.length; i++) deltas.add(anchor, foreignCurrencies[i]!, -foreignSums[i]!);
    }
  }
  for (const row of internal) {
    const atLine = rowAt(row.line);
    const index = atLine !== -1 && rows[atLine] === row ? atLine : rows.indexOf(row);
    const moved = amount[index]!;
    if (Number.isFinite(moved)) deltas.add(index, currency[index]!, moved);
    else deltas.add(index, c.balanceCurrency[index]!, c.statementMove.get(index) ?? Number.NaN);
  }
  return deltas;
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
  reasons: ReadonlyMap<number, string>,
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
    const reason = reasons.get(line);
    if (reason !== undefined) result.reason = reason;
    break;
  }
  return result;
}

/** Whether row `i` is one of the statement's balance lines. */
function isLine(c: StatementColumns, i: number): boolean {
  return Number.isFinite(c.balance[i]!) && c.balanceCurrency[i] !== 0 && Number.isFinite(c.epochDay[i]!);
}

/**
 * The check of every currency of the statement's balance column; empty for a file without one (no columns:
 * a Transactions.csv). `internal`: the rows booked as nothing that move the balance; `reasons`: why each
 * line not booked is not.
 */
export function reconcile(
  rows: readonly SourceRow[],
  c: StatementColumns | null,
  transactions: ImportedTransactions,
  internal: readonly SourceRow[],
  reasons: ReadonlyMap<number, string>,
): Reconciliation[] {
  if (!c) return [];
  if (c.size !== rows.length) throw new Error('The statement check needs a column entry for every row.');
  const count = c.size;
  // Each balance currency's lines, by code; counted first, then filled in chronological order.
  const lineCounts: number[] = [];
  for (let i = 0; i < count; i++)
    if (isLine(c, i)) lineCounts[c.balanceCurrency[i]!] = (lineCounts[c.balanceCurrency[i]!] ?? 0) + 1;
  if (lineCounts.length === 0) return [];
  const deltas = rowDeltas(rows, c, transactions, internal);
  const order = chronologicalOrder(c);
  const lists: Array<{ lines: Int32Array; filled: number } | undefined> = lineCounts.map((n) =>
    n === undefined ? undefined : { lines: new Int32Array(n), filled: 0 },
  );
  for (let i = 0; i < count; i++) {
    const index = order[i]!;
    if (!isLine(c, index)) continue;
    const list = lists[c.balanceCurrency[index]!]!;
    list.lines[list.filled++] = index;
  }
  const codes: number[] = [];
  lists.forEach((list, code) => {
    if (list) codes.push(code);
  });
  return codes
    .sort((a, b) => c.currencies[a]!.localeCompare(c.currencies[b]!))
    .map((code) => {
      const moves = deltas.byCurrency[code];
      let moving = new Int32Array(0);
      if (moves) {
        const { touched } = moves;
        let n = 0;
        for (let i = 0; i < count; i++) if (touched[i] === 1 && Number.isFinite(c.epochDay[i]!)) n += 1;
        moving = new Int32Array(n);
        n = 0;
        for (let i = 0; i < count; i++) {
          const index = order[i]!;
          if (touched[index] === 1 && Number.isFinite(c.epochDay[index]!)) moving[n++] = index;
        }
      }
      return reconcileCurrency(code, rows, c, lists[code]!.lines, moving, moves, reasons);
    });
}
