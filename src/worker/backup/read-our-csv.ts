/**
 * Reads our CSV (`csv-format.ts`) for a restore: whether a header names our columns, in our order or
 * another, and each row checked cell by cell into a transaction, every invalid row named by its record
 * number (the first ones listed, all counted). The file's size and encoding are checked before, in
 * read-restore.ts, which also reads our JSON backup.
 */
import Papa from 'papaparse';
import { isCurrency, notACurrency } from '../../model/currencies';
import {
  TICKER_PATTERN,
  TRANSACTION_TYPES,
  emptyTransactionSet,
  type Currency,
  type Transaction,
  type TransactionSet,
  type TransactionType,
} from '../../model';
import { isIsoDate } from '../../model/days';
import {
  IMPORT_ID_MAX_LENGTH,
  MAX_TRANSACTIONS,
  PRODUCT_MAX_LENGTH,
  isBoundedNumber,
  isTransactionYear,
  isWithheldTax,
} from '../../model/transaction-limits';
import { CSV_COLUMNS, CSV_HEADER } from './csv-format';
import { parsePlainNumber, readTextCell } from '../csv-writer';
import { ISIN_PATTERN } from './products';
import { refusal, type RestoreProblem, type RestoreRead } from './read-restore';

/** Whether a CSV header names our columns: exactly (`same`), in another order (`reordered`), or not (`other`). */
export function ourHeader(cells: readonly string[]): 'same' | 'reordered' | 'other' {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  if (names.join(',') === CSV_HEADER) return 'same';
  const sorted = (list: readonly string[]) => [...list].sort().join(',');
  return sorted(names) === sorted(CSV_COLUMNS) ? 'reordered' : 'other';
}

const COLUMN = Object.fromEntries(CSV_COLUMNS.map((name, i) => [name, i])) as Record<
  (typeof CSV_COLUMNS)[number],
  number
>;

type RowResult =
  { ok: true; transaction: Transaction; product: string; isin: string } | { ok: false; messages: string[] };

function readRow(cells: readonly string[]): RowResult {
  const messages: string[] = [];
  const cell = (name: keyof typeof COLUMN) => cells[COLUMN[name]] ?? '';
  const ticker = cell('ticker');
  if (!TICKER_PATTERN.test(ticker))
    messages.push(`ticker ${JSON.stringify(ticker)} is not a ticker as Yahoo spells it`);
  const type = cell('type');
  if (!(TRANSACTION_TYPES as readonly string[]).includes(type))
    messages.push(`type ${JSON.stringify(type)} is not stock, dividend or commission`);
  const date = cell('date');
  if (!isIsoDate(date) || !isTransactionYear(date))
    messages.push(`date ${JSON.stringify(date)} is not a date YYYY-MM-DD between 1900 and 2100`);
  const number = (name: 'amount' | 'value') => {
    const n = parsePlainNumber(cell(name));
    if (!isBoundedNumber(n))
      messages.push(`${name} ${JSON.stringify(cell(name))} is not a number written like 1234.56`);
    return n;
  };
  const amount = number('amount');
  const value = number('value');
  const currency = cell('currency');
  if (!isCurrency(currency)) messages.push(`currency: ${notACurrency(currency)}`);
  const taxText = cell('tax');
  let tax: number | undefined;
  if (taxText !== '') {
    tax = parsePlainNumber(taxText);
    if (type !== 'dividend') messages.push(`a ${type} carries no tax, but the row has ${JSON.stringify(taxText)}`);
    else if (!isWithheldTax(tax)) messages.push(`tax ${JSON.stringify(taxText)} is not a number ≥ 0 written like 12.5`);
  }
  const importId = readTextCell(cell('import_id'));
  if (importId.length > IMPORT_ID_MAX_LENGTH)
    messages.push(`import_id has ${importId.length} characters, at most ${IMPORT_ID_MAX_LENGTH}`);
  const product = readTextCell(cell('product'));
  if (product.length > PRODUCT_MAX_LENGTH)
    messages.push(`product has ${product.length} characters, at most ${PRODUCT_MAX_LENGTH}`);
  if (messages.length > 0) return { ok: false, messages };
  const transaction: Transaction = {
    ticker,
    type: type as TransactionType,
    date,
    amount,
    value,
    currency: currency as Currency,
  };
  if (tax !== undefined) transaction.tax = tax;
  if (importId !== '') transaction.importId = importId;
  // An imported trade keeps the product name its import saw; a row entered by hand never had one.
  if (type === 'stock' && importId !== '' && product !== '') transaction.product = product;
  return { ok: true, transaction, product, isin: readTextCell(cell('isin')) };
}

export function readOurCsv(text: string): RestoreRead {
  const parsed = Papa.parse<string[]>(text, {
    delimiter: ',',
    newline: text.includes('\r\n') ? '\r\n' : '\n',
    skipEmptyLines: 'greedy',
  });
  const [header, ...rows] = parsed.data;
  if (!header) return refusal('The file is empty. Nothing was restored.');
  const shape = ourHeader(header);
  if (shape === 'reordered') {
    return refusal(
      `The columns are in another order than an Investments Tracker export: "${header.join(',')}" instead of "${CSV_HEADER}". Nothing was restored; restore the file as it was exported, or put the columns back in order.`,
    );
  }
  if (shape === 'other') {
    return refusal(
      `This CSV is not an Investments Tracker export: its header should be "${CSV_HEADER}". For another broker's CSV, map its columns instead. Nothing was restored.`,
    );
  }
  if (rows.length > MAX_TRANSACTIONS) {
    return refusal(
      `The file has ${rows.length.toLocaleString('en')} rows; a portfolio holds at most ${MAX_TRANSACTIONS.toLocaleString('en')} transactions. Nothing was restored.`,
    );
  }
  const transactions: TransactionSet = emptyTransactionSet();
  const symbolChoices = new Map<string, string>();
  const problems: RestoreProblem[] = [];
  rows.forEach((cells, i) => {
    const row = i + 2;
    if (cells.length !== CSV_COLUMNS.length) {
      problems.push({
        row,
        message: `${cells.length} cells instead of ${CSV_COLUMNS.length}${i === rows.length - 1 ? ' (is the file cut off?)' : ''}`,
      });
      return;
    }
    const result = readRow(cells);
    if (!result.ok) {
      const hint = result.messages.length >= 2 ? ' (are columns swapped?)' : '';
      problems.push({ row, message: result.messages.join('; ') + hint });
      return;
    }
    transactions[result.transaction.type].push(result.transaction);
    const key = ISIN_PATTERN.test(result.isin) ? result.isin : result.product;
    if (key !== '' && !symbolChoices.has(key)) symbolChoices.set(key, result.transaction.ticker);
  });
  if (problems.length > 0) {
    const first = problems[0]!;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more row${problems.length === 2 ? '' : 's'})` : '';
    return refusal(`Row ${first.row} is not valid: ${first.message}${more}. Nothing was restored.`, problems);
  }
  return {
    ok: true,
    kind: 'csv',
    content: { transactions, symbolChoices: Object.fromEntries(symbolChoices), settings: null, csvMappings: null },
  };
}
