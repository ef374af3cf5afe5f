/**
 * What the statement's check (`reconcile.ts`) reads of every row of an Account.csv, in typed columns by the
 * row's index in the file's rows, filled while the rows are built (`RowBuilder`): the check walks them in
 * its own order, and reading a few numbers from columns beats visiting every row object on each pass. The
 * parser keeps every row the builder makes, in the order made, so a row's index here is its index in `rows`.
 * The balance and the move a line states live only here (no row carries them).
 */
import type { SourceRow } from './source-row';

const INITIAL_SIZE = 1024;

function grown<T extends Float64Array | Int32Array>(column: T, size: number): T {
  const next = new (column.constructor as new (length: number) => T)(size);
  next.set(column);
  return next;
}

export class StatementColumns {
  /** Rows added. */
  size = 0;
  /** The row's `epochDay`, `minutes`, `line` and `lineCount`. */
  epochDay = new Float64Array(INITIAL_SIZE);
  minutes = new Int32Array(INITIAL_SIZE);
  line = new Int32Array(INITIAL_SIZE);
  lineCount = new Int32Array(INITIAL_SIZE);
  /** The row's signed `amount` in its currency; NaN when missing. */
  amount = new Float64Array(INITIAL_SIZE);
  /** The statement's balance after the row (`Saldo`), in its balance currency; NaN when the row has none. */
  balance = new Float64Array(INITIAL_SIZE);
  /** How the statement's balance moves on the row, in its balance currency (its mutation, else the move it states, else 0). */
  effect = new Float64Array(INITIAL_SIZE);
  /** The row's currency and its balance's, as indexes in {@link currencies} (0 is '': none). */
  currency = new Int32Array(INITIAL_SIZE);
  balanceCurrency = new Int32Array(INITIAL_SIZE);
  /** Every currency text met, by its code. */
  readonly currencies: string[] = [''];
  /**
   * A line without a mutation that still moves the balance (a cash sweep's companion line, a money-market
   * conversion): the move its description states, by row index (few rows have one).
   */
  readonly statementMove = new Map<number, number>();
  /** Per currency code, its balance lines: the rows with a balance in that currency and a day. */
  readonly lineCounts: number[] = [0];
  /**
   * What the rows' order shows, kept as they are added (so the check need not walk them again): whether the
   * rows reversed are chronological (`compareRows`, rows of one moment and line in file order), whether every
   * row has a finite day, whether every row's line is above the one before; the earliest and latest moment
   * (`epochDay * 1440 + minutes`), the highest line, and one past the last line of any row.
   */
  newestFirst = true;
  allDated = true;
  linesRising = true;
  firstMoment = Infinity;
  lastMoment = -Infinity;
  lastLine = 0;
  lineEnd = 0;
  private readonly codes = new Map<string, number>([['', 0]]);
  private lastText = '';
  private lastCode = 0;

  /** The code of a currency text, given one on first sight. */
  codeOf(text: string): number {
    if (text === this.lastText) return this.lastCode;
    let code = this.codes.get(text);
    if (code === undefined) {
      code = this.currencies.length;
      this.currencies.push(text);
      this.lineCounts.push(0);
      this.codes.set(text, code);
    }
    this.lastText = text;
    this.lastCode = code;
    return code;
  }

  /** The code of a currency text, or -1 when no row has it. */
  knownCode(text: string): number {
    return this.codes.get(text) ?? -1;
  }

  /** Adds the next row: `balance` NaN and `balanceCurrency` '' without a balance, `statementMove` NaN without one. */
  add(row: SourceRow, balance: number, balanceCurrency: string, statementMove: number): void {
    const index = this.size;
    if (index === this.epochDay.length) this.grow(index * 2);
    this.size = index + 1;
    const { amount } = row;
    const currency = this.codeOf(row.currency);
    const inBalanceCurrency = balanceCurrency === '' ? 0 : this.codeOf(balanceCurrency);
    this.epochDay[index] = row.epochDay;
    this.minutes[index] = row.minutes;
    this.line[index] = row.line;
    this.lineCount[index] = row.lineCount;
    this.amount[index] = amount;
    this.balance[index] = balance;
    this.currency[index] = currency;
    this.balanceCurrency[index] = inBalanceCurrency;
    if (!Number.isNaN(statementMove)) this.statementMove.set(index, statementMove);
    this.effect[index] =
      Number.isFinite(amount) && currency === inBalanceCurrency
        ? amount
        : Number.isFinite(statementMove)
          ? statementMove
          : 0;
    const { epochDay, minutes, line, lineCount } = row;
    const dated = Number.isFinite(epochDay);
    if (!dated) this.allDated = false;
    if (dated && inBalanceCurrency !== 0 && Number.isFinite(balance)) this.lineCounts[inBalanceCurrency]! += 1;
    const moment = epochDay * 1440 + minutes;
    if (moment < this.firstMoment) this.firstMoment = moment;
    if (moment > this.lastMoment) this.lastMoment = moment;
    if (line > this.lastLine) this.lastLine = line;
    if (line + lineCount > this.lineEnd) this.lineEnd = line + lineCount;
    if (index > 0) {
      if (this.newestFirst && (compareRows(this, index, index - 1) || 1) > 0) this.newestFirst = false;
      if (line <= this.line[index - 1]!) this.linesRising = false;
    }
  }

  private grow(size: number): void {
    this.epochDay = grown(this.epochDay, size);
    this.minutes = grown(this.minutes, size);
    this.line = grown(this.line, size);
    this.lineCount = grown(this.lineCount, size);
    this.amount = grown(this.amount, size);
    this.balance = grown(this.balance, size);
    this.effect = grown(this.effect, size);
    this.currency = grown(this.currency, size);
    this.balanceCurrency = grown(this.balanceCurrency, size);
  }
}

/** The rows' chronological order (`chronological` in source-row.ts) on the columns: by day, minute, then line descending. */
export function compareRows(c: StatementColumns, a: number, b: number): number {
  return c.epochDay[a]! - c.epochDay[b]! || c.minutes[a]! - c.minutes[b]! || c.line[b]! - c.line[a]!;
}

/**
 * The indexes of all rows, chronological (rows of one moment and line in file order): each currency's lists
 * are parts of it. A statement lists the newest first, so its rows reversed are usually in order already.
 */
export function chronologicalOrder(c: StatementColumns): Int32Array {
  const count = c.size;
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[i] = count - 1 - i;
  // Whether the reversed rows are in order, whether every row has a day: known from `add`.
  if (c.newestFirst) return order;
  const inOrder = (a: number, b: number) => compareRows(c, a, b) || a - b;
  // A row without a date makes the order partial: kept to the typed array's sort, as it always was.
  if (!c.allDated) return order.sort(inOrder);
  if (byKeys(c, order)) return order;
  // Of a total order, the array's sort (which follows the runs of a nearly sorted list) gives the same result, faster.
  const moments = new Float64Array(count);
  for (let i = 0; i < count; i++) moments[i] = c.epochDay[i]! * 1440 + c.minutes[i]!;
  const indexes: number[] = [];
  for (let i = 0; i < count; i++) indexes.push(order[i]!);
  indexes.sort((a, b) => moments[a]! - moments[b]! || c.line[b]! - c.line[a]! || a - b);
  for (let i = 0; i < count; i++) order[i] = indexes[i]!;
  return order;
}

/** Lines up to this many: a row's line fits the low bits of its sort key. */
const LINE_SPAN = 2 ** 21;

/**
 * Fills `order` with the rows' chronological order by sorting one number per row, the minutes since the
 * earliest row's then the line from the end (`(moment - first) * 2^21 + (2^21 - 1 - line)`, an exact
 * integer below 2^53), as plain numbers, which needs no comparison function; each row found again by its line.
 * The same order as the comparison's, as every row has a line of its own (an Account.csv); false, with
 * `order` untouched, when rows share a line or the file is too long for the key. When the lines rise with the
 * rows (as a file's do), the row's index stands for its line in the key: the same order, found again directly.
 */
function byKeys(c: StatementColumns, order: Int32Array): boolean {
  const { epochDay, minutes, line, size, firstMoment: first, lastMoment: last, lastLine } = c;
  if (lastLine >= LINE_SPAN || last - first >= 2 ** 31) return false;
  const keys = new Float64Array(size);
  if (c.linesRising) {
    for (let i = 0; i < size; i++)
      keys[i] = (epochDay[i]! * 1440 + minutes[i]! - first) * LINE_SPAN + (LINE_SPAN - 1 - i);
    keys.sort();
    for (let i = 0; i < size; i++) order[i] = LINE_SPAN - 1 - (keys[i]! % LINE_SPAN);
    return true;
  }
  const rowOfLine = new Int32Array(lastLine + 1).fill(-1);
  for (let i = 0; i < size; i++) {
    if (rowOfLine[line[i]!] !== -1) return false;
    rowOfLine[line[i]!] = i;
  }
  for (let i = 0; i < size; i++)
    keys[i] = (epochDay[i]! * 1440 + minutes[i]! - first) * LINE_SPAN + (LINE_SPAN - 1 - line[i]!);
  keys.sort();
  for (let i = 0; i < size; i++) order[i] = rowOfLine[LINE_SPAN - 1 - (keys[i]! % LINE_SPAN)]!;
  return true;
}
