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
import { chronological, type SourceRow } from './rows';
import type { ImportedTransactions, Reconciliation } from './types';

const cents = (value: number) => Math.round(value * 100);

/** How the statement's balance moves on the row, in its balance currency. */
function statementEffect(row: SourceRow): number {
  if (Number.isFinite(row.amount) && row.currency === row.balanceCurrency) return row.amount;
  return Number.isFinite(row.statementMove) ? row.statementMove : 0;
}

/** The row of `group` (one minute, chronological) whose balance no other row of the group continues from; else `fallback`. */
function chainEnd(group: readonly SourceRow[], fallback: SourceRow, end: 'last' | 'first'): SourceRow {
  const before = group.map((row) => cents(row.balance - statementEffect(row)));
  const after = group.map((row) => cents(row.balance));
  const [mine, others] = end === 'last' ? [after, before] : [before, after];
  const open = group.filter((_, i) => !others.some((value, j) => j !== i && value === mine[i]));
  return open.length === 1 ? open[0]! : fallback;
}

/** The rows of the latest (or earliest) minute of a chronological day. */
function edgeMinute(day: readonly SourceRow[], end: 'last' | 'first'): SourceRow[] {
  const edge = end === 'last' ? day[day.length - 1]! : day[0]!;
  return day.filter((row) => row.minutes === edge.minutes);
}

/** What each row moves, per currency: one map per currency (most rows move one), keyed by row. */
type Deltas = Map<string, Map<SourceRow, number>>;

function add(deltas: Deltas, row: SourceRow, currency: string, amount: number): void {
  if (amount === 0 || !Number.isFinite(amount)) return;
  let byRow = deltas.get(currency);
  if (!byRow) deltas.set(currency, (byRow = new Map()));
  byRow.set(row, (byRow.get(row) ?? 0) + amount);
}

/** The rows a transaction came from, each once. */
function rowsOfLines(lines: readonly number[], byLine: ReadonlyMap<number, SourceRow>): SourceRow[] {
  if (lines.length === 1) {
    const row = byLine.get(lines[0]!);
    return row ? [row] : [];
  }
  return [...new Set(lines.map((line) => byLine.get(line)).filter((row): row is SourceRow => row !== undefined))];
}

/** What each row moves in each currency, by the imported transactions and the lines booked as nothing. */
function rowDeltas(
  rows: readonly SourceRow[],
  transactions: ImportedTransactions,
  internal: readonly SourceRow[],
): Deltas {
  const byLine = new Map<number, SourceRow>();
  for (const row of rows) if (!row.sharesLine) for (let i = 0; i < row.lineCount; i++) byLine.set(row.line + i, row);
  const deltas: Deltas = new Map();
  const lists = [
    { list: transactions.stock, sign: -1 },
    { list: transactions.commission, sign: -1 },
    { list: transactions.dividend, sign: 1 },
    { list: transactions.cash, sign: 1 },
  ];
  for (const { list, sign } of lists) {
    for (const t of list) {
      const own = rowsOfLines(t.lines, byLine);
      if (own.length === 0) continue;
      const anchor = own.find((row) => row.date === t.date) ?? own[0]!;
      let same = 0;
      let foreign: Map<string, number> | null = null;
      for (const row of own) {
        if (!Number.isFinite(row.amount)) continue;
        add(deltas, row, row.currency, row.amount);
        if (row.currency === t.currency) same += row.amount;
        else (foreign ??= new Map()).set(row.currency, (foreign.get(row.currency) ?? 0) + row.amount);
      }
      add(deltas, anchor, t.currency, sign * t.value - same);
      if (foreign) for (const [currency, sum] of foreign) add(deltas, anchor, currency, -sum);
    }
  }
  for (const row of internal)
    add(
      deltas,
      row,
      Number.isFinite(row.amount) ? row.currency : row.balanceCurrency,
      Number.isFinite(row.amount) ? row.amount : row.statementMove,
    );
  return deltas;
}

/** The check of one currency: `lines` its balance lines, `moving` every row that moves it, both chronological. */
function reconcileCurrency(
  currency: string,
  lines: readonly SourceRow[],
  moving: readonly SourceRow[],
  deltas: Deltas,
  reasons: ReadonlyMap<number, string>,
): Reconciliation {
  const days: SourceRow[][] = [];
  for (const row of lines) {
    const day = days[days.length - 1];
    if (day && day[0]!.epochDay === row.epochDay) day.push(row);
    else days.push([row]);
  }
  const firstMinute = edgeMinute(days[0]!, 'first');
  const first = chainEnd(firstMinute, firstMinute[0]!, 'first');
  const openingCents = cents(first.balance - statementEffect(first));
  const result: Reconciliation = {
    currency,
    status: 'reconciled',
    startsMidway: openingCents !== 0,
    openingCents,
    days: days.length,
  };
  const ofCurrency = deltas.get(currency);
  const delta = (row: SourceRow) => ofCurrency?.get(row) ?? 0;
  let implied = openingCents / 100;
  let next = 0;
  for (const day of days) {
    const start = implied;
    const today: SourceRow[] = [];
    while (next < moving.length && moving[next]!.epochDay <= day[0]!.epochDay) {
      const row = moving[next++]!;
      implied += delta(row);
      if (row.epochDay === day[0]!.epochDay) today.push(row);
    }
    const lastMinute = edgeMinute(day, 'last');
    const end = chainEnd(lastMinute, lastMinute[lastMinute.length - 1]!, 'last');
    const difference = cents(end.balance) - cents(implied);
    if (difference === 0) continue;
    // The first line of the day whose balance the imported rows do not reach.
    let run = start;
    let named = end;
    for (const row of [...new Set([...today, ...day])].sort(chronological)) {
      run += delta(row);
      if (row.balanceCurrency === currency && cents(row.balance) !== cents(run)) {
        named = row;
        break;
      }
    }
    Object.assign(result, { status: 'off', day: day[0]!.date, line: named.line, differenceCents: difference });
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
  const lines = rows.filter(
    (row) => Number.isFinite(row.balance) && row.balanceCurrency !== '' && Number.isFinite(row.epochDay),
  );
  if (lines.length === 0) return [];
  const deltas = rowDeltas(rows, transactions, internal);
  const moving = new Map<string, SourceRow[]>();
  for (const [currency, byRow] of deltas)
    moving.set(
      currency,
      [...byRow.keys()].filter((row) => Number.isFinite(row.epochDay)),
    );
  const byCurrency = new Map<string, SourceRow[]>();
  for (const row of lines) {
    const list = byCurrency.get(row.balanceCurrency);
    if (list) list.push(row);
    else byCurrency.set(row.balanceCurrency, [row]);
  }
  return [...byCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, list]) =>
      reconcileCurrency(
        currency,
        list.sort(chronological),
        (moving.get(currency) ?? []).sort(chronological),
        deltas,
        reasons,
      ),
    );
}
