/** CSV records → typed rows: dates, amounts in the file's number format, the classification, a fingerprint. */
import { daysInMonth, epochDayFromCivil, isoFromEpochDay } from '../../model';
import { Classifier, type Classification } from './classify';
import type { Columns, HeaderInfo } from './header';
import { Hasher } from './import-id';
import { decimalMarkOf, parseLocaleNumber, type DecimalMark } from './numbers';
import type { RawRecord } from './records';
import { foldText, repairMojibake } from './text';

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
   * content, made unique within the file by {@link distinguishRepeatedRows}; only for rows that identify
   * a transaction (trades, fees, dividends and their taxes), else 0.
   */
  fingerprint: number;
}

const DATE = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/;

interface ParsedDate {
  date: string;
  epochDay: number;
}
const NO_DATE: ParsedDate = { date: '', epochDay: Number.NaN };

function isDateSeparator(code: number): boolean {
  return code === 45 /* - */ || code === 47 /* / */ || code === 46 /* . */;
}

/** The two digits at `at` as a number; NaN unless both are digits. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const ones = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : Number.NaN;
}
const CURRENCY = /^[A-Z]{3}$/;
const NUMBER_IN_TEXT = /\d[\d.,]*\d/g;
/** Decisive decimal marks counted before the file's habit counts as known. */
const MAX_VOTES = 20_000;
/** Kinds whose rows identify a transaction, and so carry a fingerprint. */
const IDENTIFYING: ReadonlySet<string> = new Set(['trade', 'fee', 'dividend', 'dividend-tax', 'adr-fee']);

/** Minutes after midnight of `HH:MM` (or `H:MM`); 0 when the time is missing or malformed. */
function minutesOf(time: string): number {
  const colon = time.indexOf(':');
  if (colon < 1 || colon > 2) return 0;
  const hours = colon === 1 ? time.charCodeAt(0) - 48 : twoDigits(time, 0);
  const minutes = twoDigits(time, colon + 1);
  return hours >= 0 && hours < 24 && minutes < 60 ? hours * 60 + minutes : 0;
}

function cell(fields: readonly string[], index: number): string {
  return index >= 0 ? (fields[index] ?? '').trim() : '';
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

/**
 * A continuation line carries only the rest of a wrapped cell (DEGIRO wraps long Order Ids): no date,
 * no amount, and it follows the row it continues directly.
 */
export function isContinuation(record: RawRecord, previous: RawRecord, columns: Columns): boolean {
  const { fields } = record;
  if (record.line !== previous.line + previous.lineCount) return false;
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
  return { fields, line: record.line, lineCount: record.lineCount + continuation.lineCount, text: `${record.text}\n${continuation.text}` };
}

/**
 * Gives identical-looking rows (a dividend booked, reversed and booked again; two equal fills of one
 * order) distinct fingerprints: the second and later ones, in file order, get their occurrence mixed in.
 * Files list such rows in the same order, so an overlapping export numbers them the same way.
 */
export function distinguishRepeatedRows(rows: readonly SourceRow[]): void {
  const fingerprints = new Float64Array(rows.length);
  let count = 0;
  for (const row of rows) if (row.fingerprint !== 0) fingerprints[count++] = row.fingerprint;
  const sorted = fingerprints.subarray(0, count).sort();
  const repeated = new Set<number>();
  for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) repeated.add(sorted[i]!);
  if (repeated.size === 0) return;
  const seen = new Map<number, number>();
  const hasher = new Hasher();
  for (const row of rows) {
    if (!repeated.has(row.fingerprint)) continue;
    const occurrence = seen.get(row.fingerprint) ?? 0;
    seen.set(row.fingerprint, occurrence + 1);
    if (occurrence > 0) row.fingerprint = hasher.reset().integer(row.fingerprint).integer(occurrence).digest();
  }
}

export function isBlank(record: RawRecord): boolean {
  return record.fields.every((field) => field.trim() === '');
}

export class RowBuilder {
  private readonly classifier = new Classifier();
  private readonly dates = new Map<number, ParsedDate>();
  private readonly hasher = new Hasher();
  private readonly interned = new Map<string, string>();
  private lastProduct: [raw: string, product: string] = ['', ''];
  private lastDate: [text: string, parsed: ParsedDate] = ['', NO_DATE];
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

  /** `DD-MM-YYYY` (also `D-M-YYYY`, `/` or `.` between) → ISO date and epoch day; '' and NaN when not a real date. */
  private parseDate(text: string): ParsedDate {
    if (text === this.lastDate[0]) return this.lastDate[1];
    const parsed = this.readDate(text);
    this.lastDate = [text, parsed];
    return parsed;
  }

  private readDate(text: string): ParsedDate {
    let day: number;
    let month: number;
    let year: number;
    if (text.length === 10 && isDateSeparator(text.charCodeAt(2)) && isDateSeparator(text.charCodeAt(5))) {
      day = twoDigits(text, 0);
      month = twoDigits(text, 3);
      year = twoDigits(text, 6) * 100 + twoDigits(text, 8);
    } else {
      const m = DATE.exec(text);
      if (!m) return NO_DATE;
      [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    }
    if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) return NO_DATE;
    const key = year * 10_000 + month * 100 + day;
    let parsed = this.dates.get(key);
    if (!parsed) {
      const epochDay = epochDayFromCivil(year, month, day);
      parsed = { date: isoFromEpochDay(epochDay), epochDay };
      this.dates.set(key, parsed);
    }
    return parsed;
  }

  build(record: RawRecord): SourceRow {
    const { columns } = this.header;
    const { fields } = record;
    const dateText = cell(fields, columns.date);
    const description = cell(fields, columns.description);
    const product = this.productName(cell(fields, columns.product));
    const isin = this.intern(cell(fields, columns.isin).toUpperCase());
    let currency = cell(fields, columns.change);
    let amountText = cell(fields, columns.change + 1);
    if (!CURRENCY.test(currency) && CURRENCY.test(amountText)) [currency, amountText] = [amountText, currency];
    currency = this.intern(currency);
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
        const { quantityText } = this.classifier;
        quantity = this.parseQuantity(quantityText, description, rowMark);
        if (!(quantity >= 0)) problem = `the share count "${quantityText}" is not a number`;
      }
    }

    const row: SourceRow = {
      line: record.line,
      lineCount: record.lineCount,
      text: record.text,
      date,
      epochDay,
      minutes: minutesOf(cell(fields, columns.time)),
      product,
      isin,
      productKey: isin || product || ACCOUNT_PRODUCT,
      classification,
      problem,
      quantity,
      currency,
      amount,
      orderId: cell(fields, columns.orderId),
      fingerprint: 0,
    };
    if (problem === null && IDENTIFYING.has(classification.kind)) row.fingerprint = this.fingerprintOf(row, cell(fields, columns.valueDate));
    return row;
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

  /** The row's content that survives re-exporting (no description wording, no number format, no balance), hashed. */
  private fingerprintOf(row: SourceRow, valueDate: string): number {
    const { classification } = row;
    const kind = classification.kind === 'trade' ? (classification.sell ? 'sell' : 'buy') : classification.kind;
    return this.hasher
      .reset()
      .integer(row.epochDay)
      .integer(row.minutes)
      .integer(valueDate === '' ? -1 : this.parseDate(valueDate).epochDay)
      .text(row.isin || foldText(row.product))
      .text(kind)
      .text(row.currency)
      .integer(Math.round(Math.abs(row.amount) * 1e6))
      .integer(row.amount < 0 ? 1 : 0)
      .text(row.orderId)
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
