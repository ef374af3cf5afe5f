/**
 * A row of either DEGIRO file in one shape (`SourceRow`), how a reader builds one from a record's
 * cells, and the small questions every step asks of a row: its physical lines, its place in time.
 */
import type { Classification } from './classify';
import { minutesOf } from './dates';
import type { RawRecord } from './records';

/** The product of rows that belong to no product (exchange connection fees, courtesy payments…). */
export const ACCOUNT_PRODUCT = 'DEGIRO account costs';

export interface SourceRow {
  /** 1-based physical line of the row (the header is line 1). */
  line: number;
  /** Physical lines the row spans, continuation lines included: `line`, `line + 1`, … */
  lineCount: number;
  /** The row's physical lines as they stand in the file, joined by '\n'. */
  text: string;
  /** `YYYY-MM-DD`, or '' when the date is missing or malformed. */
  date: string;
  epochDay: number;
  /** Minutes after midnight of the booking time; 0 when missing. */
  minutes: number;
  product: string;
  isin: string;
  /** The ISIN, else the product name, else {@link ACCOUNT_PRODUCT}. */
  productKey: string;
  classification: Classification;
  /** Why the row cannot become a transaction (it is then listed as unrecognised); null when it can. */
  problem: string | null;
  /** Trades: shares, always positive. */
  quantity: number;
  currency: string;
  /** Signed cash movement in `currency`; NaN when missing. */
  amount: number;
  orderId: string;
  /**
   * Stable identity of the row across exports (language and number format aside): a 53-bit hash of its
   * content, made unique within the file by `distinguishRepeatedRows` (import-id.ts); only for rows that identify
   * a transaction (trades, fees, dividends and their taxes), else 0.
   */
  fingerprint: number;
  /**
   * The fingerprint the row had before trades and product costs were keyed so that Transactions.csv gives
   * the same (import ids of earlier imports are recognised by it); 0 when it is the same as `fingerprint`.
   */
  formerFingerprint: number;
  /** Transactions.csv: the trade's cash in EUR, as the file states it (the row is then settled in EUR). */
  amountEur?: number;
  /** Transactions.csv: DEGIRO's code of the exchange the trade was made on (`EAM`, `XET`, `NDQ`). */
  venue?: string;
  /** Transactions.csv: a commission row made from a trade row's costs; its line is the trade's. */
  sharesLine?: boolean;
}

/** What a reader takes from a record's cells; the rest of a {@link SourceRow} is the record's or comes later. */
export type RowCells = Pick<
  SourceRow,
  | 'date'
  | 'epochDay'
  | 'product'
  | 'isin'
  | 'classification'
  | 'problem'
  | 'quantity'
  | 'currency'
  | 'amount'
  | 'orderId'
>;

/**
 * A row of either DEGIRO file (Account.csv or Transactions.csv), in one shape so the rest of the import
 * treats them alike: the record's lines and text, its booking time, and its product key (the ISIN, else the
 * product name, else `keyWithoutProduct`); the fingerprints are 0 until the reader computes them.
 */
export function sourceRow(record: RawRecord, timeText: string, cells: RowCells, keyWithoutProduct: string): SourceRow {
  return {
    line: record.line,
    lineCount: record.lineCount,
    text: record.text,
    date: cells.date,
    epochDay: cells.epochDay,
    minutes: minutesOf(timeText),
    product: cells.product,
    isin: cells.isin,
    productKey: cells.isin || cells.product || keyWithoutProduct,
    classification: cells.classification,
    problem: cells.problem,
    quantity: cells.quantity,
    currency: cells.currency,
    amount: cells.amount,
    orderId: cells.orderId,
    fingerprint: 0,
    formerFingerprint: 0,
  };
}

/** The physical lines of a row. */
export function linesOf(row: SourceRow): number[] {
  return row.lineCount === 1 ? [row.line] : Array.from({ length: row.lineCount }, (_, i) => row.line + i);
}

/**
 * Chronological order of bookings: by day and minute; within a minute the file's order, which is
 * newest first (a higher line is later).
 */
export function chronological(a: SourceRow, b: SourceRow): number {
  return a.epochDay - b.epochDay || a.minutes - b.minutes || b.line - a.line;
}
