/** CSV records → typed rows: dates, amounts in the file's number format, the classification, a fingerprint. */
import {
  isBoundedNumber,
  isTransactionYear,
  MAX_ABSOLUTE_NUMBER,
  MAX_TRANSACTION_YEAR,
  MIN_TRANSACTION_YEAR,
} from '../../model/transaction-limits';
import { Classifier } from './classify';
import type { HeaderInfo } from './header';
import { DateReader } from './dates';
import { Hasher } from './import-id';
import { decimalMarkOf, parseLocaleNumber, type DecimalMark } from './numbers';
import { cell, type RawRecord } from './records';
import { foldText, repairMojibake } from './text';
import { costsFingerprint, tradeFingerprint, tradeWithoutSharesReason } from './row-keys';
import { describedMove } from './statement-moves';
import { StatementColumns } from './statement-columns';
import { TRADE } from './vocabulary';
import { ACCOUNT_PRODUCT, sourceRow, type RowCells, type SourceRow } from './source-row';

export { ACCOUNT_PRODUCT, chronological, linesOf, sourceRow } from './source-row';
export type { RowCells, SourceRow } from './source-row';

/** Whether `text` is three capital letters (`EUR`): a currency code's shape. */
function isCode(text: string): boolean {
  if (text.length !== 3) return false;
  for (let i = 0; i < 3; i++) {
    const code = text.charCodeAt(i);
    if (code < 65 || code > 90) return false;
  }
  return true;
}
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

export class RowBuilder {
  /** What the statement's check reads of each row built, by the row's index (every row built is kept, in order). */
  readonly columns = new StatementColumns();
  private readonly classifier = new Classifier();
  private readonly dates = new DateReader();
  private readonly hasher = new Hasher();
  private readonly interned = new Map<string, string>();
  /** The last product and ISIN cells read, and what they gave (two fields each: no pair made per change). */
  private lastProductRaw = '';
  private lastProduct = '';
  private lastIsinRaw = '';
  private lastIsin = '';
  /** The last date whose year was checked, and the answer. */
  private lastYearDate = '';
  private lastYearValid = false;
  private lastCurrency = '';
  private commaVotes = 0;
  private dotVotes = 0;
  private readonly cells: RowCells = {
    date: '',
    epochDay: 0,
    product: '',
    isin: '',
    classification: { kind: 'unknown' },
    problem: null,
    quantity: 0,
    currency: '',
    amount: 0,
    orderId: '',
  };

  constructor(private readonly header: HeaderInfo) {}

  /** Counts the decimal marks a record's amount and balance prove, for rows whose own numbers prove none. */
  vote(record: RawRecord): void {
    // The file's habit is clear long before its end.
    if (this.commaVotes + this.dotVotes >= MAX_VOTES) return;
    const { change, balance } = this.header.columns;
    this.count(decimalMarkOf(cell(record.fields, change + 1)));
    this.count(decimalMarkOf(cell(record.fields, balance + 1)));
  }

  private count(mark: DecimalMark | null): void {
    if (mark === ',') this.commaVotes += 1;
    else if (mark === '.') this.dotVotes += 1;
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
    if (!isCode(currency) && isCode(amountText)) {
      const swapped = currency;
      currency = amountText;
      amountText = swapped;
    }
    if (currency === this.lastCurrency) currency = this.lastCurrency;
    else currency = this.lastCurrency = this.intern(currency);
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
      else if (!this.isTransactionYear(date))
        problem = `the date "${dateText}" is outside the years ${MIN_TRANSACTION_YEAR}–${MAX_TRANSACTION_YEAR}`;
      else if (Number.isNaN(amount)) problem = `the amount "${amountText}" is not a number`;
      else if (!isBoundedNumber(amount)) problem = `the amount "${amountText}" is beyond ±${MAX_ABSOLUTE_NUMBER}`;
      else if (!isCode(currency)) problem = `"${currency}" is not a currency code`;
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

    // One cells object for every row (sourceRow copies it): no allocation per row beyond the row itself.
    const { cells } = this;
    cells.date = date;
    cells.epochDay = epochDay;
    cells.product = product;
    cells.isin = isin;
    cells.classification = classification;
    cells.problem = problem;
    cells.quantity = quantity;
    cells.currency = currency;
    cells.amount = amount;
    cells.orderId = cell(fields, columns.orderId);
    const row = sourceRow(record, cell(fields, columns.time), cells, ACCOUNT_PRODUCT);
    const balanceText = cell(fields, columns.balance + 1);
    this.columns.add(
      row,
      // The mark decides only a number whose own separators prove none (parseLocaleNumber).
      balanceText === '' ? Number.NaN : parseLocaleNumber(balanceText, rowMark),
      // The columns keep one text per currency themselves.
      balanceText === '' ? '' : cell(fields, columns.balance),
      amountText === '' && classification.kind === 'skip'
        ? describedMove(description, classification.skipReason!, rowMark)
        : Number.NaN,
    );
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
      if (shared !== 0) {
        row.formerFingerprint = row.fingerprint;
        row.fingerprint = shared;
      }
    }
    return row;
  }

  private isTransactionYear(date: string): boolean {
    if (date !== this.lastYearDate) {
      this.lastYearDate = date;
      this.lastYearValid = isTransactionYear(date);
    }
    return this.lastYearValid;
  }

  private isinOf(raw: string): string {
    if (raw !== this.lastIsinRaw) {
      this.lastIsinRaw = raw;
      this.lastIsin = this.intern(raw.toUpperCase());
    }
    return this.lastIsin;
  }

  /** The product name as shown: mojibake repaired, whitespace collapsed, one string per product. */
  private productName(raw: string): string {
    if (raw === this.lastProductRaw) return this.lastProduct;
    let product = repairMojibake(raw);
    if (/\s\s|[\t\u00a0]/.test(product)) product = product.replace(/\s+/g, ' ');
    product = this.intern(product);
    this.lastProductRaw = raw;
    this.lastProduct = product;
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
