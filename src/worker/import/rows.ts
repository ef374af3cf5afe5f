/** CSV records → typed rows: dates, amounts in the file's number format, the classification, a fingerprint. */
import { epochDayFromCivil, daysInMonth } from '../../model';
import { Classifier, type Classification } from './classify';
import type { Columns, HeaderInfo } from './header';
import { decimalMarkOf, parseLocaleNumber, type DecimalMark } from './numbers';
import type { RawRecord } from './records';
import { foldText, repairMojibake } from './text';

/** The product of rows that belong to no product (exchange connection fees, courtesy payments…). */
export const ACCOUNT_PRODUCT = 'DEGIRO account costs';

export interface SourceRow {
  /** Position in file order. */
  index: number;
  /** Physical lines: the row's own first, then any continuation lines. */
  lines: number[];
  texts: string[];
  /** `YYYY-MM-DD`, or '' when the date is missing or malformed. */
  date: string;
  epochDay: number;
  /** Minutes after midnight of the booking time; 0 when missing. */
  minutes: number;
  /** Chronological order: a later booking has a larger key; within a minute the file's newest-first order counts. */
  sortKey: number;
  product: string;
  isin: string;
  /** The ISIN, else the product name, else {@link ACCOUNT_PRODUCT}. */
  productKey: string;
  description: string;
  classification: Classification;
  /** Why the row cannot become a transaction (it is then listed as unrecognised); null when it can. */
  problem: string | null;
  /** Trades: shares, always positive. */
  quantity: number;
  currency: string;
  /** Signed cash movement in `currency`; NaN when missing. */
  amount: number;
  orderId: string;
  /** Stable identity of the row across exports (language and number format aside); unique within the file. */
  fingerprint: string;
}

const DATE = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/;
const TIME = /^(\d{1,2})[:.](\d{2})/;
const CURRENCY = /^[A-Z]{3}$/;
const NUMBER_IN_TEXT = /\d[\d.,]*\d/g;

function cell(fields: readonly string[], index: number): string {
  return index >= 0 ? (fields[index] ?? '').trim() : '';
}

/** A continuation line carries only the rest of a wrapped cell (DEGIRO wraps long Order Ids): no date, no amount. */
export function isContinuation(record: RawRecord, columns: Columns): boolean {
  const { fields } = record;
  if (cell(fields, columns.date) !== '' || cell(fields, columns.description) !== '') return false;
  if (cell(fields, columns.change + 1) !== '' || cell(fields, columns.time) !== '') return false;
  return fields.some((field) => field.trim() !== '');
}

/** Appends a continuation record's cells to the record it continues (Order Id parts join without a space). */
export function appendContinuation(record: RawRecord, continuation: RawRecord, columns: Columns): RawRecord {
  const fields = [...record.fields];
  continuation.fields.forEach((value, i) => {
    const part = value.trim();
    if (part === '') return;
    const before = (fields[i] ?? '').trimEnd();
    fields[i] = i === columns.orderId || before === '' ? before + part : `${before} ${part}`;
  });
  return { fields, lines: [...record.lines, ...continuation.lines], texts: [...record.texts, ...continuation.texts] };
}

export function isBlank(record: RawRecord): boolean {
  return record.fields.every((field) => field.trim() === '');
}

export class RowBuilder {
  private readonly classifier = new Classifier();
  private readonly dates = new Map<string, { date: string; epochDay: number }>();
  private readonly occurrences = new Map<string, number>();
  private commaVotes = 0;
  private dotVotes = 0;
  private index = 0;

  constructor(private readonly header: HeaderInfo) {}

  /** Counts the decimal marks a record's amount and balance prove, for rows whose own numbers prove none. */
  vote(record: RawRecord): void {
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

  private parseDate(text: string): { date: string; epochDay: number } {
    let parsed = this.dates.get(text);
    if (!parsed) {
      const m = DATE.exec(text);
      const day = Number(m?.[1]);
      const month = Number(m?.[2]);
      const year = Number(m?.[3]);
      parsed = m && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
        ? { date: `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, epochDay: epochDayFromCivil(year, month, day) }
        : { date: '', epochDay: Number.NaN };
      this.dates.set(text, parsed);
    }
    return parsed;
  }

  build(record: RawRecord): SourceRow {
    const { columns } = this.header;
    const { fields } = record;
    const dateText = cell(fields, columns.date);
    const description = repairMojibake(cell(fields, columns.description));
    const product = repairMojibake(cell(fields, columns.product)).replace(/\s+/g, ' ');
    const isin = cell(fields, columns.isin).toUpperCase();
    let currency = cell(fields, columns.change);
    let amountText = cell(fields, columns.change + 1);
    if (!CURRENCY.test(currency) && CURRENCY.test(amountText)) [currency, amountText] = [amountText, currency];
    const orderId = cell(fields, columns.orderId);
    const time = TIME.exec(cell(fields, columns.time));
    const minutes = time ? Math.min(1439, Number(time[1]) * 60 + Number(time[2])) : 0;
    const { date, epochDay } = this.parseDate(dateText);
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
      else if (Number.isNaN(amount)) problem = `the amount "${amountText}" is not a number`;
      else if (!CURRENCY.test(currency)) problem = `"${currency}" is not a currency code`;
      else if (classification.kind === 'unknown') problem = 'the description is not one the importer knows';
      else if (classification.kind === 'trade') {
        quantity = this.parseQuantity(classification.quantityText!, description, rowMark);
        if (!(quantity >= 0)) problem = `the share count "${classification.quantityText}" is not a number`;
      }
    }

    const productKey = isin || product || ACCOUNT_PRODUCT;
    const valueDate = cell(fields, columns.valueDate);
    const kindCode = classification.kind === 'trade' ? (classification.sell ? 'sell' : 'buy') : classification.kind;
    const amountKey = Number.isNaN(amount) ? amountText : String(Math.round(amount * 1e6));
    const base = `${date || dateText}|${minutes}|${valueDate}|${isin || foldText(product)}|${kindCode}|${currency}|${amountKey}|${orderId}`;
    const occurrence = this.occurrences.get(base) ?? 0;
    this.occurrences.set(base, occurrence + 1);

    const line = record.lines[0]!;
    return {
      index: this.index++,
      lines: record.lines,
      texts: record.texts,
      date,
      epochDay,
      minutes,
      sortKey: (Number.isNaN(epochDay) ? 0 : (epochDay * 1440 + minutes) * 1e7) - line,
      product,
      isin,
      productKey,
      description,
      classification,
      problem,
      quantity,
      currency,
      amount,
      orderId,
      fingerprint: `${base}#${occurrence}`,
    };
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
