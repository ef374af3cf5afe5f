/** Every transaction as one CSV row (`csv-format.ts`): stocks, then dividends, then commissions, each list in its stored order. */
import { TRANSACTION_TYPES, type Transaction, type TransactionSet } from '../../model';
import { csvFile, numberCell, type CsvCell } from '../csv-writer';
import { CSV_COLUMNS, CSV_LINE_END } from './csv-format';
import { productsByTicker, type ProductOfTicker } from './products';

function row(t: Transaction, product: ProductOfTicker | undefined): CsvCell[] {
  return [
    t.ticker,
    t.type,
    t.date,
    numberCell(t.amount),
    numberCell(t.value),
    t.currency,
    t.tax === undefined ? '' : numberCell(t.tax),
    t.importId ?? '',
    t.product ?? product?.product ?? '',
    product?.isin ?? '',
  ];
}

/**
 * The CSV file's text. A trade's product name is the one its import saw; otherwise `symbolChoices`
 * (product key → ticker, the user's choices from imports) fill in each ticker's product name and ISIN
 * where a choice names them; the columns stay empty otherwise. Every cell goes through the one CSV
 * writer (`csv-writer.ts`), which guards text against formulas.
 */
export function transactionsToCsv(set: TransactionSet, symbolChoices: Readonly<Record<string, string>> = {}): string {
  const products = productsByTicker(symbolChoices);
  const lines: CsvCell[][] = [[...CSV_COLUMNS]];
  for (const type of TRANSACTION_TYPES) for (const t of set[type]) lines.push(row(t, products.get(t.ticker)));
  return csvFile(lines, { lineEnd: CSV_LINE_END, byteOrderMark: true });
}
