/**
 * What each row of an Account.csv moves in each currency for the statement's check (`reconcile.ts`): the
 * imported transactions found again by their lines (each of a transaction's rows moves its amount, on its own
 * day; its first row of the transaction's day moves whatever the value differs from their sum), and the
 * lines booked as nothing that move the balance, by their mutation or the move their description states.
 */
import { daysInMonth, epochDayFromCivil } from '../../model/days';
import type { SourceRow } from './rows';
import type { StatementColumns } from './statement-columns';
import type { ImportedTransactions } from './types';

/**
 * What each row moves in one currency, by the row's index in the file's rows; `touched` marks the rows
 * any line of a transaction or move in that currency came to (their sum may be 0).
 */
export interface Moves {
  delta: Float64Array;
  touched: Uint8Array;
}

/** What each row moves, per currency code (most rows move one). */
export class Deltas {
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

/** The epoch day of `YYYY-MM-DD` written in digits; NaN for any other text. */
function epochDayOfDate(date: string): number {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return Number.NaN;
  let year = 0;
  let month = 0;
  let day = 0;
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 7) continue;
    const digit = date.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    if (i < 4) year = year * 10 + digit;
    else if (i < 7) month = month * 10 + digit;
    else day = day * 10 + digit;
  }
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
    ? epochDayFromCivil(year, month, day)
    : Number.NaN;
}

/** Each row's index by its physical lines; -1 for none. */
function indexByLine(c: StatementColumns): Int32Array {
  const { line, lineCount, size } = c;
  const byLine = new Int32Array(c.lineEnd + 1).fill(-1);
  for (let index = 0; index < size; index++)
    for (let i = 0; i < lineCount[index]!; i++) byLine[line[index]! + i] = index;
  return byLine;
}

/** What each row moves in each currency, by the imported transactions and the lines booked as nothing. */
export function rowDeltas(
  rows: readonly SourceRow[],
  c: StatementColumns,
  transactions: ImportedTransactions,
  internal: readonly SourceRow[],
): Deltas {
  const byLine = indexByLine(c);
  const lastLine = byLine.length;
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
      if (lines.length === 1) {
        // Most transactions are one row's (the sums below, with one row).
        const first = lines[0]!;
        const index = first >= 0 && first < lastLine ? byLine[first]! : -1;
        if (index === -1) continue;
        const ownCurrency = c.codeOf(t.currency);
        const moved = amount[index]!;
        const code = currency[index]!;
        if (!Number.isFinite(moved)) deltas.add(index, ownCurrency, sign * t.value - 0);
        else if (code === ownCurrency) {
          deltas.add(index, code, moved);
          deltas.add(index, ownCurrency, sign * t.value - (0 + moved));
        } else {
          deltas.add(index, code, moved);
          deltas.add(index, ownCurrency, sign * t.value - 0);
          deltas.add(index, code, -(0 + moved));
        }
        continue;
      }
      // The rows the transaction came from, each once, in the order of its lines.
      own.length = 0;
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i]!;
        const index = line >= 0 && line < lastLine ? byLine[line]! : -1;
        if (index !== -1 && !own.includes(index)) own.push(index);
      }
      if (own.length === 0) continue;
      let anchor = own[0]!;
      if (own.length > 1) {
        // The first row of the transaction's day (a row's date is its epoch day written out).
        const day = epochDayOfDate(t.date);
        for (let i = 0; i < own.length; i++)
          if (Number.isNaN(day) ? rows[own[i]!]!.date === t.date : c.epochDay[own[i]!] === day) {
            anchor = own[i]!;
            break;
          }
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
    const atLine = row.line >= 0 && row.line < lastLine ? byLine[row.line]! : -1;
    const index = atLine !== -1 && rows[atLine] === row ? atLine : rows.indexOf(row);
    const moved = amount[index]!;
    if (Number.isFinite(moved)) deltas.add(index, currency[index]!, moved);
    else deltas.add(index, c.balanceCurrency[index]!, c.statementMove.get(index) ?? Number.NaN);
  }
  return deltas;
}
