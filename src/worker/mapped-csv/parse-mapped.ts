/**
 * Another broker's rows as our transactions, by a mapping: a buy or sell becomes a stock transaction
 * (shares positive for a buy, negative for a sell, whatever sign the file uses; value likewise), a
 * dividend a dividend (its value the cash received, a tax column its withheld tax), a fee a commission.
 * Cash rows (SEMANTICS.md "Cash") need no ticker and no shares: a deposit (value > 0), a withdrawal
 * (value < 0), interest (the sign the file gives it), and a fee without a ticker (the account's cost, < 0).
 * A fees column adds a commission to its row, and so does a tax on a trade (stamp duty is a cost).
 * Each transaction gets an import id from the file's header, the row's cells and the row's occurrence,
 * so importing the same file again adds nothing. A row that cannot be read is listed with the reason;
 * the others still import.
 */
import { isCurrency, notACurrency } from '../../model/currencies';
import {
  TICKER_PATTERN,
  TRANSACTION_TYPES,
  byDateAscending,
  emptyTransactionSet,
  type Currency,
  type Transaction,
  type TransactionSet,
} from '../../model';
import type { CashTransaction } from '../../model/cash';
import { isBoundedNumber } from '../../model/transaction-limits';
import { Hasher } from '../import/import-id';
import { readDate, readKind, readNumber } from './fields';
import { headerKey, mappingProblem, type CsvMapping } from '../../model/csv-mapping';
import type { CsvTable } from './read-table';

export const MAPPED_IMPORT_ID_PREFIX = 'csv:';
/** Rows shown in the live preview. */
export const PREVIEW_ROWS = 10;
const MAX_LISTED_PROBLEMS = 100;

export interface MappedRow {
  /** 1-based record of the file (the header is 1). */
  row: number;
  cells: string[];
  transactions: Array<Transaction | CashTransaction>;
  /** Why the row makes no transaction; null when it makes some. */
  problem: string | null;
}

export interface MappedParse {
  /** A problem with the mapping itself (a required column not chosen): no row is read. */
  error: string | null;
  transactions: TransactionSet;
  /** The first rows as read, for the preview. */
  preview: MappedRow[];
  /** Rows that make no transaction, the first ones listed. */
  problems: Array<{ row: number; message: string }>;
  problemCount: number;
  rowCount: number;
}

function readRow(
  cells: readonly string[],
  mapping: CsvMapping,
): { transactions: Array<Transaction | CashTransaction> } | { problem: string } {
  const cell = (field: keyof CsvMapping['columns']) => {
    const column = mapping.columns[field];
    return column === null ? '' : (cells[column] ?? '').trim();
  };
  const problems: string[] = [];
  const date = readDate(cell('date'), mapping.dateOrder);
  if (date === null || date < '1900' || date > '2100-12-31')
    problems.push(`date "${cell('date')}" is not a date in the order ${mapping.dateOrder}`);
  const ticker = cell('ticker');
  const kind = readKind(cell('type'));
  // Money in or out of the account, its interest, a fee of no product: cash, no ticker, no shares.
  const cashKind =
    kind === 'deposit' || kind === 'withdrawal' || kind === 'interest'
      ? kind
      : kind === 'fee' && ticker === ''
        ? 'fee'
        : null;
  if (cashKind === null && !TICKER_PATTERN.test(ticker))
    problems.push(`ticker "${ticker}" is not a ticker as Yahoo spells it (letters, digits, . - = ^)`);
  if (kind === null)
    problems.push(`type "${cell('type')}" is none of buy, sell, dividend, fee, deposit, withdrawal, interest`);
  let signedValue = 0;
  const number = (field: 'amount' | 'value' | 'tax' | 'fees', optional: boolean) => {
    const text = cell(field);
    if (optional && text === '') return 0;
    const n = readNumber(text, mapping.decimalMark);
    if (n === null || !isBoundedNumber(n)) {
      problems.push(`${field} "${text}" is not a number with "${mapping.decimalMark}" as decimal mark`);
      return 0;
    }
    if (field === 'value') signedValue = n;
    return Math.abs(n);
  };
  const shares = kind === 'buy' || kind === 'sell' ? number('amount', false) : 1;
  const value = number('value', false);
  const tax = number('tax', true);
  const fees = number('fees', true);
  let currency: Currency = mapping.fixedCurrency;
  if (mapping.columns.currency !== null) {
    const text = cell('currency').toUpperCase();
    if (isCurrency(text)) currency = text;
    else problems.push(`currency: ${notACurrency(cell('currency'))}`);
  }
  if (problems.length > 0 || date === null || kind === null) return { problem: problems.join('; ') };
  if (cashKind !== null) {
    if (value === 0 && (cashKind === 'deposit' || cashKind === 'withdrawal'))
      return { problem: `a ${cashKind} of 0 moves no money` };
    const cashValue = cashKind === 'deposit' ? value : cashKind === 'interest' ? signedValue : -value;
    return { transactions: [{ type: 'cash', kind: cashKind, date, value: cashValue + 0, currency }] };
  }

  const base = { ticker, date, currency };
  const transactions: Transaction[] = [];
  if (kind === 'buy' || kind === 'sell') {
    const sign = kind === 'buy' ? 1 : -1;
    transactions.push({ ...base, type: 'stock', amount: sign * shares, value: sign * value });
  } else if (kind === 'dividend') {
    transactions.push({ ...base, type: 'dividend', amount: 1, value, ...(tax > 0 ? { tax } : {}) });
  } else {
    transactions.push({ ...base, type: 'commission', amount: 1, value });
  }
  const costs = fees + (kind === 'dividend' ? 0 : tax);
  if (costs > 0) transactions.push({ ...base, type: 'commission', amount: 1, value: costs });
  return { transactions };
}

/**
 * Reads the rows of `table` by `mapping` a stretch at a time (`readUntil`), so that a count over a large
 * file can stop between stretches (a newer mapping cancels it) and the live preview can read only the
 * first rows. The result is the same however the rows were split into stretches.
 */
export class MappedReader {
  private readonly result: MappedParse;
  private readonly fileKey: number;
  private readonly occurrences = new Map<string, number>();
  private next = 0;

  constructor(
    private readonly table: CsvTable,
    private readonly mapping: CsvMapping,
  ) {
    this.result = {
      error: mappingProblem(mapping, table.header.length),
      transactions: emptyTransactionSet(),
      preview: [],
      problems: [],
      problemCount: 0,
      rowCount: table.rows.length,
    };
    this.fileKey = new Hasher().text(headerKey(table.header)).digest();
  }

  /** Rows read so far. */
  get rowsRead(): number {
    return this.result.error ? this.table.rows.length : this.next;
  }

  get done(): boolean {
    return this.rowsRead >= this.table.rows.length;
  }

  /** Reads the rows before index `end` (0-based, data rows) not read yet. */
  readUntil(end: number): void {
    if (this.result.error) return;
    const { result, mapping } = this;
    const rows = Math.min(this.table.rows.length, end);
    for (let i = this.next; i < rows; i++) {
      const cells = this.table.rows[i]!;
      const row = i + 2;
      const read = readRow(cells, mapping);
      if ('problem' in read) {
        result.problemCount += 1;
        if (result.problems.length < MAX_LISTED_PROBLEMS) result.problems.push({ row, message: read.problem });
        if (result.preview.length < PREVIEW_ROWS)
          result.preview.push({ row, cells, transactions: [], problem: read.problem });
        continue;
      }
      const rowText = cells.join('\u001f');
      const occurrence = this.occurrences.get(rowText) ?? 0;
      this.occurrences.set(rowText, occurrence + 1);
      read.transactions.forEach((t, part) => {
        const hash = new Hasher().integer(this.fileKey).text(rowText).integer(occurrence).integer(part).digest();
        t.importId = MAPPED_IMPORT_ID_PREFIX + hash.toString(16).padStart(14, '0');
        if (t.type === 'cash') (result.transactions.cash ??= []).push(t);
        else result.transactions[t.type].push(t);
      });
      if (result.preview.length < PREVIEW_ROWS)
        result.preview.push({ row, cells, transactions: read.transactions, problem: null });
    }
    this.next = Math.max(this.next, rows);
  }

  /** What the rows read so far make, each list by date. */
  parsed(): MappedParse {
    for (const type of TRANSACTION_TYPES) this.result.transactions[type].sort(byDateAscending);
    this.result.transactions.cash?.sort(byDateAscending);
    return this.result;
  }
}

/** Reads every row (or only the first `limit`) of `table` by `mapping`. */
export function parseMapped(table: CsvTable, mapping: CsvMapping, limit = Number.POSITIVE_INFINITY): MappedParse {
  const reader = new MappedReader(table, mapping);
  reader.readUntil(limit);
  return reader.parsed();
}
