/**
 * A first mapping for a file never seen before: columns by their headings (in a few languages), the date
 * order and the decimal mark from the first rows. The user checks it in the live preview and corrects it.
 */
import { foldText } from '../import/text';
import { readDate, readNumber } from './fields';
import {
  DATE_ORDERS,
  MAPPED_FIELDS,
  type CsvMapping,
  type DateOrder,
  type DecimalMarkChoice,
  type MappedField,
} from '../../model/csv-mapping';
import type { CsvTable } from './read-table';

const HEADINGS: Record<MappedField, readonly string[]> = {
  date: ['date', 'trade date', 'datum', 'fecha', 'data', 'time', 'transaction date', 'settlement date'],
  ticker: ['ticker', 'symbol', 'instrument', 'code', 'security', 'stock', 'asset'],
  type: ['type', 'action', 'transaction type', 'activity', 'side', 'kind', 'operation', 'soort', 'typ'],
  amount: ['quantity', 'qty', 'shares', 'units', 'aantal', 'anzahl', 'no. of shares', 'number of shares'],
  value: [
    'value',
    'amount',
    'total',
    'net amount',
    'amount eur',
    'total amount',
    'waarde',
    'betrag',
    'cash',
    'proceeds',
  ],
  currency: ['currency', 'ccy', 'valuta', 'wahrung', 'devise', 'moneda', 'currency code'],
  tax: ['tax', 'withholding tax', 'taxes', 'belasting', 'steuer', 'withholding'],
  fees: ['fees', 'fee', 'commission', 'costs', 'kosten', 'gebuhr', 'transaction costs'],
};

/** Columns whose heading names a field, each column used once, the fields in MAPPED_FIELDS order. */
function columnsByHeading(header: readonly string[]): CsvMapping['columns'] {
  const folded = header.map((cell) => foldText(cell).trim());
  const taken = new Set<number>();
  const columns = {} as CsvMapping['columns'];
  for (const field of MAPPED_FIELDS) {
    let found = folded.findIndex((cell, i) => !taken.has(i) && HEADINGS[field].includes(cell));
    if (found === -1)
      found = folded.findIndex((cell, i) => !taken.has(i) && HEADINGS[field].some((name) => cell.startsWith(name)));
    columns[field] = found === -1 ? null : found;
    if (found !== -1) taken.add(found);
  }
  return columns;
}

/** The date order that reads the most sample dates (a typo must not decide); on a tie year first, then day first. */
function guessDateOrder(samples: readonly string[]): DateOrder {
  let best: DateOrder = 'YMD';
  let bestCount = -1;
  for (const order of DATE_ORDERS) {
    const count = samples.filter((text) => readDate(text, order) !== null).length;
    if (count > bestCount) [best, bestCount] = [order, count];
  }
  return best;
}

/** The mark that reads every sample number; `,` only when `.` fails. */
function guessDecimalMark(samples: readonly string[]): DecimalMarkChoice {
  const reads = (mark: DecimalMarkChoice) =>
    samples.every((text) => text.trim() === '' || readNumber(text, mark) !== null);
  if (reads('.') && !samples.some((text) => /,\d{1,2}$/.test(text.trim()))) return '.';
  return reads(',') ? ',' : '.';
}

export function guessMapping(table: CsvTable): CsvMapping {
  const columns = columnsByHeading(table.header);
  const sample = table.rows.slice(0, 50);
  const cellsOf = (field: MappedField) => {
    const column = columns[field];
    return column === null ? [] : sample.map((row) => row[column] ?? '').filter((cell) => cell.trim() !== '');
  };
  return {
    delimiter: table.delimiter,
    columns,
    fixedCurrency: 'EUR',
    dateOrder: guessDateOrder(cellsOf('date')),
    decimalMark: guessDecimalMark([...cellsOf('amount'), ...cellsOf('value'), ...cellsOf('tax'), ...cellsOf('fees')]),
  };
}
