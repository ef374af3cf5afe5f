/** Every transaction as one CSV row (`csv-format.ts`): stocks, then dividends, then commissions, each list in its stored order. */
import { TRANSACTION_TYPES, type Transaction, type TransactionSet } from '../../model';
import { BYTE_ORDER_MARK, CSV_HEADER, CSV_LINE_END, formatNumber, textCell } from './csv-format';
import { productsByTicker, type ProductOfTicker } from './products';

function row(t: Transaction, product: ProductOfTicker | undefined): string {
  return [
    t.ticker,
    t.type,
    t.date,
    formatNumber(t.amount),
    formatNumber(t.value),
    t.currency,
    t.tax === undefined ? '' : formatNumber(t.tax),
    textCell(t.importId ?? ''),
    textCell(t.product ?? product?.product ?? ''),
    textCell(product?.isin ?? ''),
  ].join(',');
}

/**
 * The CSV file's text. A trade's product name is the one its import saw; otherwise `symbolChoices`
 * (product key → ticker, the user's choices from imports) fill in each ticker's product name and ISIN
 * where a choice names them; the columns stay empty otherwise.
 */
export function transactionsToCsv(set: TransactionSet, symbolChoices: Readonly<Record<string, string>> = {}): string {
  const products = productsByTicker(symbolChoices);
  const lines = [CSV_HEADER];
  for (const type of TRANSACTION_TYPES) for (const t of set[type]) lines.push(row(t, products.get(t.ticker)));
  return BYTE_ORDER_MARK + lines.join(CSV_LINE_END) + CSV_LINE_END;
}
