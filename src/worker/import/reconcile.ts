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
import { chronological, chronologicalOrder, type SourceRow } from './rows';
import type { ImportedTransactions, Reconciliation } from './types';

const cents = (value: number) => Math.round(value * 100);

/** How the statement's balance moves on the row, in its balance currency. */
function statementEffect(row: SourceRow): number {
  if (Number.isFinite(row.amount) && row.currency === row.balanceCurrency) return row.amount;
  return Number.isFinite(row.statementMove) ? row.statementMove : 0;
}

/** The statement's balance before the row, in cents. */
const centsBefore = (row: SourceRow) => cents(row.balance - statementEffect(row));

/**
 * The row of `lines[from…to)` (one minute, chronological) whose balance no other row of the minute continues
 * from (`last`; for `first`, that continues from no other row's); else the minute's last (or first) row.
 */
function chainEnd(lines: readonly SourceRow[], from: number, to: number, end: 'last' | 'first'): SourceRow {
  const fallback = end === 'last' ? lines[to - 1]! : lines[from]!;
  if (to - from === 1) return fallback;
  let open: SourceRow | null = null;
  let opens = 0;
  for (let i = from; i < to; i++) {
    const mine = end === 'last' ? cents(lines[i]!.balance) : centsBefore(lines[i]!);
    let continued = false;
    for (let j = from; j < to && !continued; j++)
      continued = j !== i && (end === 'last' ? centsBefore(lines[j]!) : cents(lines[j]!.balance)) === mine;
    if (!continued) {
      opens += 1;
      open = lines[i]!;
    }
  }
  return opens === 1 ? open! : fallback;
}

/** Where the latest (or earliest) minute of the chronological day `lines[from…to)` starts (`last`) or ends (`first`). */
function edgeMinute(lines: readonly SourceRow[], from: number, to: number, end: 'last' | 'first'): number {
  if (end === 'first') {
    let stop = from + 1;
    while (stop < to && lines[stop]!.minutes === lines[from]!.minutes) stop++;
    return stop;
  }
  let start = to - 1;
  while (start > from && lines[start - 1]!.minutes === lines[to - 1]!.minutes) start--;
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

/** What each row moves, per currency (most rows move one). */
class Deltas {
  readonly byCurrency = new Map<string, Moves>();
  /** The currency added last, and its moves: most rows in a row are of one currency. */
  private lastCurrency = '';
  private lastMoves: Moves | null = null;
  constructor(private readonly size: number) {}

  add(index: number, currency: string, amount: number): void {
    if (amount === 0 || !Number.isFinite(amount)) return;
    let moves = currency === this.lastCurrency ? this.lastMoves : this.byCurrency.get(currency);
    if (!moves) {
      moves = { delta: new Float64Array(this.size), touched: new Uint8Array(this.size) };
      this.byCurrency.set(currency, moves);
    }
    this.lastCurrency = currency;
    this.lastMoves = moves;
    moves.delta[index] += amount;
    moves.touched[index] = 1;
  }
}

/** Each row's index in `rows` by its physical lines (rows that share a trade's line aside); -1 for none. */
function indexByLine(rows: readonly SourceRow[]): Int32Array {
  let last = 0;
  for (const row of rows) last = Math.max(last, row.line + row.lineCount);
  const byLine = new Int32Array(last + 1).fill(-1);
  rows.forEach((row, index) => {
    if (!row.sharesLine) for (let i = 0; i < row.lineCount; i++) byLine[row.line + i] = index;
  });
  return byLine;
}

/** What each row moves in each currency, by the imported transactions and the lines booked as nothing. */
function rowDeltas(
  rows: readonly SourceRow[],
  transactions: ImportedTransactions,
  internal: readonly SourceRow[],
): Deltas {
  const byLine = indexByLine(rows);
  const rowAt = (line: number) => (line >= 0 && line < byLine.length ? byLine[line]! : -1);
  const deltas = new Deltas(rows.length);
  const own: number[] = [];
  const foreignCurrencies: string[] = [];
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
      for (let i = 0; i < own.length; i++)
        if (rows[own[i]!]!.date === t.date) {
          anchor = own[i]!;
          break;
        }
      let same = 0;
      // The other currencies' sums, in the order met (most transactions have none, a converted one has one).
      foreignCurrencies.length = 0;
      foreignSums.length = 0;
      for (let i = 0; i < own.length; i++) {
        const index = own[i]!;
        const row = rows[index]!;
        if (!Number.isFinite(row.amount)) continue;
        deltas.add(index, row.currency, row.amount);
        if (row.currency === t.currency) same += row.amount;
        else {
          const at = foreignCurrencies.indexOf(row.currency);
          if (at === -1) {
            foreignCurrencies.push(row.currency);
            foreignSums.push(0 + row.amount);
          } else foreignSums[at] += row.amount;
        }
      }
      deltas.add(anchor, t.currency, sign * t.value - same);
      for (let i = 0; i < foreignCurrencies.length; i++) deltas.add(anchor, foreignCurrencies[i]!, -foreignSums[i]!);
    }
  }
  for (const row of internal) {
    const atLine = row.sharesLine ? -1 : rowAt(row.line);
    const index = atLine !== -1 && rows[atLine] === row ? atLine : rows.indexOf(row);
    deltas.add(
      index,
      Number.isFinite(row.amount) ? row.currency : row.balanceCurrency,
      Number.isFinite(row.amount) ? row.amount : row.statementMove,
    );
  }
  return deltas;
}

/**
 * The check of one currency: `lines` its balance lines, `moving` the indexes of every row that moves it,
 * both chronological; `moves` what each row moves in it.
 */
function reconcileCurrency(
  currency: string,
  rows: readonly SourceRow[],
  lines: readonly SourceRow[],
  moving: readonly number[],
  moves: Moves | undefined,
  reasons: ReadonlyMap<number, string>,
): Reconciliation {
  // Where each day of `lines` starts, and one past the last.
  const dayStarts: number[] = [];
  for (let i = 0; i < lines.length; i++)
    if (i === 0 || lines[i]!.epochDay !== lines[i - 1]!.epochDay) dayStarts.push(i);
  dayStarts.push(lines.length);
  const first = chainEnd(lines, 0, edgeMinute(lines, 0, dayStarts[1]!, 'first'), 'first');
  const openingCents = centsBefore(first);
  const result: Reconciliation = {
    currency,
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
    const epochDay = lines[from]!.epochDay;
    const start = implied;
    const movedFrom = next;
    while (next < moving.length && rows[moving[next]!]!.epochDay <= epochDay) implied += delta![moving[next++]!]!;
    const end = chainEnd(lines, edgeMinute(lines, from, to, 'last'), to, 'last');
    const difference = cents(end.balance) - cents(implied);
    if (difference === 0) continue;
    // The first line of the day whose balance the imported rows do not reach.
    const day = lines.slice(from, to);
    const today = moving.slice(movedFrom, next).filter((index) => rows[index]!.epochDay === epochDay);
    const deltaOf = new Map(today.map((index) => [rows[index]!, delta![index]!] as const));
    let run = start;
    let named = end;
    for (const row of [...new Set([...today.map((index) => rows[index]!), ...day])].sort(chronological)) {
      run += deltaOf.get(row) ?? 0;
      if (row.balanceCurrency === currency && cents(row.balance) !== cents(run)) {
        named = row;
        break;
      }
    }
    Object.assign(result, { status: 'off', day: lines[from]!.date, line: named.line, differenceCents: difference });
    const reason = reasons.get(named.line);
    if (reason !== undefined) result.reason = reason;
    break;
  }
  return result;
}

/**
 * The check of every currency of the statement's balance column; empty for a file without one. `internal`:
 * the rows booked as nothing that move the balance; `reasons`: why each line not booked is not.
 */
export function reconcile(
  rows: readonly SourceRow[],
  transactions: ImportedTransactions,
  internal: readonly SourceRow[],
  reasons: ReadonlyMap<number, string>,
): Reconciliation[] {
  if (!rows.some(isLine)) return [];
  const deltas = rowDeltas(rows, transactions, internal);
  const order = chronologicalOrder(rows);
  const byCurrency = new Map<string, SourceRow[]>();
  for (let i = 0; i < order.length; i++) {
    const row = rows[order[i]!]!;
    if (!isLine(row)) continue;
    const list = byCurrency.get(row.balanceCurrency);
    if (list) list.push(row);
    else byCurrency.set(row.balanceCurrency, [row]);
  }
  return [...byCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, list]) => {
      const moves = deltas.byCurrency.get(currency);
      const moving: number[] = [];
      if (moves)
        for (let i = 0; i < order.length; i++) {
          const index = order[i]!;
          if (moves.touched[index] === 1 && Number.isFinite(rows[index]!.epochDay)) moving.push(index);
        }
      return reconcileCurrency(currency, rows, list, moving, moves, reasons);
    });
}

/** Whether the row is one of the statement's balance lines. */
function isLine(row: SourceRow): boolean {
  return Number.isFinite(row.balance) && row.balanceCurrency !== '' && Number.isFinite(row.epochDay);
}
