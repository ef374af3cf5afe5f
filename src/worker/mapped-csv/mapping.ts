/**
 * How another broker's CSV maps onto our transactions: which column holds what, how its dates and
 * numbers are written. The user chooses it (we guess first, `guess-mapping.ts`); it is remembered per
 * file header (`headerKey`).
 */
import type { Currency } from '../../model';

/** The order of day, month and year in a date; any of `-`, `/`, `.` between them. */
export const DATE_ORDERS = ['YMD', 'DMY', 'MDY'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export const DECIMAL_MARKS = ['.', ','] as const;
export type DecimalMarkChoice = (typeof DECIMAL_MARKS)[number];

export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** The fields a mapping fills; the last three are optional. */
export const MAPPED_FIELDS = ['date', 'ticker', 'type', 'amount', 'value', 'currency', 'tax', 'fees'] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];
export const REQUIRED_FIELDS: readonly MappedField[] = ['date', 'ticker', 'type', 'amount', 'value'];

export interface CsvMapping {
  delimiter: Delimiter;
  /** Column index (0-based) per field; null = not in the file. */
  columns: Record<MappedField, number | null>;
  /** The currency of every row when no column holds it. */
  fixedCurrency: Currency;
  dateOrder: DateOrder;
  decimalMark: DecimalMarkChoice;
}

/** The key a mapping is remembered under: the header's cells, trimmed and lower case. */
export function headerKey(header: readonly string[]): string {
  return header.map((cell) => cell.trim().toLowerCase()).join('\u001f');
}

/** What is wrong with a mapping before any row is read, or null. */
export function mappingProblem(mapping: CsvMapping, columnCount: number): string | null {
  for (const field of REQUIRED_FIELDS) {
    if (mapping.columns[field] === null) return `Choose the column of the ${field}.`;
  }
  const used = new Map<number, MappedField>();
  for (const field of MAPPED_FIELDS) {
    const column = mapping.columns[field];
    if (column === null) continue;
    if (column < 0 || column >= columnCount) return `The ${field} column ${column + 1} is not in the file (it has ${columnCount}).`;
    const other = used.get(column);
    if (other) return `The ${other} and the ${field} are both in column ${column + 1}; each needs its own.`;
    used.set(column, field);
  }
  return null;
}
