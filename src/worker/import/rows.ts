/** CSV records → typed rows: dates, amounts in the file's number format, the classification, a fingerprint. */
import {
  isBoundedNumber,
  isTransactionYear,
  MAX_ABSOLUTE_NUMBER,
  MAX_TRANSACTION_YEAR,
  MIN_TRANSACTION_YEAR,
} from '../../model/transaction-limits';
import { Classifier, type Classification } from './classify';
import type { HeaderInfo } from './header';
import { DateReader, minutesOf } from './dates';
import { Hasher } from './import-id';
import { decimalMarkOf, parseLocaleNumber, type DecimalMark } from './numbers';
import { cell, type RawRecord } from './records';
import { foldText, repairMojibake } from './text';
import { costsFingerprint, tradeFingerprint, tradeWithoutSharesReason } from './row-keys';
import { describedMove } from './statement-moves';
import { TRADE } from './vocabulary';

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
  /** The statement's balance after the row (`Saldo`), in `balanceCurrency`; NaN when the file has none. */
  balance: number;
  balanceCurrency: string;
  /**
   * A line without a mutation that still moves the balance (a cash sweep's companion line, a money-market
   * conversion): the move its description states; NaN for any other line.
   */
  statementMove: number;
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
  /**
   * The fingerprint the row had when each product cost row was keyed alone (before an order's cost rows were
   * summed, `order-costs.ts`): set on the rows of an order with several cost rows, and after
   * `distinguishRepeatedRows` only where it differs from `fingerprint`; otherwise 0.
   */
  previousFingerprint?: number;
  /** A cost row summed into the commission of its order's first cost row, that row. */
  costsLead?: SourceRow;
  /** Transactions.csv: the trade's cash in EUR, as the file states it (the row is then settled in EUR). */
  amountEur?: number;
  /** Transactions.csv: DEGIRO's code of the exchange the trade was made on (`EAM`, `XET`, `NDQ`). */
  venue?: string;
  /** Transactions.csv: a commission row made from a trade row's costs; its line is the trade's. */
  sharesLine?: boolean;
}

const CURRENCY = /^[A-Z]{3}$/;
const NUMBER_IN_TEXT = /\d[\d.,]*\d/g;
/** Decisive decimal marks counted before the file's habit counts as known. */
const MAX_VOTES = 20_000;
/** Kinds whose rows identify a transaction, and so carry a fingerprint. */
const IDENTIFYING: ReadonlySet<string> = new Set([
  'trade',
  'fee',
  'dividend',
  'dividend-tax',
  'adr-fee',
  'cash',
  'fx',
  'accrued-interest',
]);

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
    balance: Number.NaN,
    balanceCurrency: '',
    statementMove: Number.NaN,
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

export class RowBuilder {
  private readonly classifier = new Classifier();
  private readonly dates = new DateReader();
  private readonly hasher = new Hasher();
  private readonly interned = new Map<string, string>();
  private lastProduct: [raw: string, product: string] = ['', ''];
  private lastIsin: [raw: string, isin: string] = ['', ''];
  private commaVotes = 0;
  private dotVotes = 0;

  constructor(private readonly header: HeaderInfo) {}

  /** Counts the decimal marks a record's amount and balance prove, for rows whose own numbers prove none. */
  vote(record: RawRecord): void {
    // The file's habit is clear long before its end.
    if (this.commaVotes + this.dotVotes >= MAX_VOTES) return;
    const { change, balance } = this.header.columns;
    for (const column of [change + 1, balance + 1]) {
      const mark = decimalMarkOf(cell(record.fields, column));
      if (mark === ',') this.commaVotes += 1;
      else if (mark === '.') this.dotVotes += 1;
    }
  }

  private fileMark(): DecimalMark {
    if (this.commaVotes !== this.dotVotes) return this.commaVotes > this.dotVotes ? ',' : '.';
    return this.header.languageMark;
  }

  /** One string object per distinct product, ISIN and currency, however many rows repeat it. */
  private intern(text: string): string {
    const known = this.interned.get(text);
    if (known !== undefined) return known;
    if (this.interned.size < 20_000) this.interned.set(text, text);
    return text;
  }

  build(record: RawRecord): SourceRow {
    const { columns } = this.header;
    const { fields } = record;
    const dateText = cell(fields, columns.date);
    const description = cell(fields, columns.description);
    const product = this.productName(cell(fields, columns.product));
    const isin = this.isinOf(cell(fields, columns.isin));
    let currency = cell(fields, columns.change);
    let amountText = cell(fields, columns.change + 1);
    if (!CURRENCY.test(currency) && CURRENCY.test(amountText)) [currency, amountText] = [amountText, currency];
    currency = this.intern(currency);
    const { date, epochDay } = this.dates.read(dateText);
    const rowMark = decimalMarkOf(amountText) ?? decimalMarkOf(cell(fields, columns.balance + 1)) ?? this.fileMark();
    const amount = parseLocaleNumber(amountText, rowMark);

    let classification = this.classifier.classify(description, product, isin);
    let problem: string | null = null;
    let quantity = Number.NaN;
    if (classification.kind !== 'skip' && (dateText === '' || description === '' || amountText === '')) {
      classification = { kind: 'skip', skipReason: 'incomplete row' };
    }
    if (classification.kind !== 'skip') {
      if (!date) problem = `the date "${dateText}" is not a date written DD-MM-YYYY`;
      else if (!isTransactionYear(date))
        problem = `the date "${dateText}" is outside the years ${MIN_TRANSACTION_YEAR}–${MAX_TRANSACTION_YEAR}`;
      else if (Number.isNaN(amount)) problem = `the amount "${amountText}" is not a number`;
      else if (!isBoundedNumber(amount)) problem = `the amount "${amountText}" is beyond ±${MAX_ABSOLUTE_NUMBER}`;
      else if (!CURRENCY.test(currency)) problem = `"${currency}" is not a currency code`;
      else if (classification.tradeWithoutShares !== undefined)
        problem = tradeWithoutSharesReason(description, classification.sell === true);
      else if (classification.kind === 'unknown') problem = 'the description is not one the importer knows';
      else if (classification.kind === 'trade') {
        const { quantityText } = this.classifier;
        quantity = this.parseQuantity(quantityText, description, rowMark);
        if (!(quantity >= 0)) problem = `the share count "${quantityText}" is not a number`;
        else if (!isBoundedNumber(quantity))
          problem = `the share count "${quantityText}" is beyond ${MAX_ABSOLUTE_NUMBER}`;
      }
    }

    const row = sourceRow(
      record,
      cell(fields, columns.time),
      {
        date,
        epochDay,
        product,
        isin,
        classification,
        problem,
        quantity,
        currency,
        amount,
        orderId: cell(fields, columns.orderId),
      },
      ACCOUNT_PRODUCT,
    );
    const balanceText = cell(fields, columns.balance + 1);
    if (balanceText !== '') {
      row.balance = parseLocaleNumber(balanceText, decimalMarkOf(balanceText) ?? rowMark);
      row.balanceCurrency = this.intern(cell(fields, columns.balance));
    }
    if (amountText === '' && classification.kind === 'skip')
      row.statementMove = describedMove(description, classification.skipReason!, rowMark);
    // A money-market line with a mutation and no buy or sell (`Koersverandering geldmarktfonds`, `Compensatie`) is
    // the fund's gain or loss, booked as interest: it needs an id. A conversion into or out of the fund stays the account's cash.
    const fundResult =
      classification.skipReason === 'money-market fund' &&
      Number.isFinite(amount) &&
      amount !== 0 &&
      date !== '' &&
      !TRADE.test(foldText(repairMojibake(description)));
    const booked = IDENTIFYING.has(classification.kind) || fundResult;
    if (problem === null && booked) {
      row.fingerprint = this.fingerprintOf(row, cell(fields, columns.valueDate));
      const shared =
        classification.kind === 'trade'
          ? tradeFingerprint(this.hasher, row)
          : classification.kind === 'fee' && row.isin
            ? costsFingerprint(this.hasher, row)
            : 0;
      if (shared !== 0) [row.formerFingerprint, row.fingerprint] = [row.fingerprint, shared];
    }
    return row;
  }

  private isinOf(raw: string): string {
    if (raw !== this.lastIsin[0]) this.lastIsin = [raw, this.intern(raw.toUpperCase())];
    return this.lastIsin[1];
  }

  /** The product name as shown: mojibake repaired, whitespace collapsed, one string per product. */
  private productName(raw: string): string {
    if (raw === this.lastProduct[0]) return this.lastProduct[1];
    let product = repairMojibake(raw);
    if (/\s\s|[\t\u00a0]/.test(product)) product = product.replace(/\s+/g, ' ');
    product = this.intern(product);
    this.lastProduct = [raw, product];
    return product;
  }

  /**
   * The row's content that survives re-exporting, hashed (trades and product costs are keyed by
   * {@link tradeFingerprint} and {@link costsFingerprint} instead, this being their former id): not the description's wording, the number
   * format or the balance, and not the Order Id either (identical rows are told apart by their occurrence,
   * and a wrapped Order Id cannot change an id).
   */
  private fingerprintOf(row: SourceRow, valueDate: string): number {
    const { classification } = row;
    const kind = classification.kind === 'trade' ? (classification.sell ? 'sell' : 'buy') : classification.kind;
    return this.hasher
      .reset()
      .integer(row.epochDay)
      .integer(row.minutes)
      .integer(valueDate === '' ? -1 : this.dates.read(valueDate).epochDay)
      .text(row.isin || foldText(row.product))
      .text(kind)
      .text(row.currency)
      .integer(Math.round(Math.abs(row.amount) * 1e6))
      .integer(row.amount < 0 ? 1 : 0)
      .digest();
  }

  /** A share count; an ambiguous `1.234` is read with the mark the description's other numbers prove (its price). */
  private parseQuantity(quantityText: string, description: string, rowMark: DecimalMark): number {
    let mark = rowMark;
    if (decimalMarkOf(quantityText) === null && /[.,]/.test(quantityText)) {
      for (const number of description.match(NUMBER_IN_TEXT) ?? []) {
        const proven = number === quantityText ? null : decimalMarkOf(number);
        if (proven) {
          mark = proven;
          break;
        }
      }
    }
    return parseLocaleNumber(quantityText, mark);
  }
}
