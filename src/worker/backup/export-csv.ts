/**
 * Every transaction as one CSV row (`csv-format.ts`): stocks, then dividends, then commissions, then the
 * cash, each list in its stored order, each row with the name of its account.
 */
import { TRANSACTION_TYPES, type Transaction, type TransactionSet } from '../../model';
import { accountOf, accountsOrFirst, type Account, type CashTransaction } from '../../model/cash';
import { csvFile, numberCell, type CsvCell } from '../csv-writer';
import { CSV_COLUMNS, CSV_LINE_END } from './csv-format';
import { productsByTicker, type ProductOfTicker } from './products';

function row(t: Transaction, product: ProductOfTicker | undefined, account: string): CsvCell[] {
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
    account,
    '',
    t.priceCurrency ?? '',
  ];
}

function cashRow(c: CashTransaction, account: string): CsvCell[] {
  return ['', 'cash', c.date, '', numberCell(c.value), c.currency, '', c.importId ?? '', '', '', account, c.kind, ''];
}

/**
 * The CSV file's text. A trade's product name is the one its import saw; otherwise `symbolChoices`
 * (product key → ticker, the user's choices from imports) fill in each ticker's product name and ISIN
 * where a choice names them; the columns stay empty otherwise. `accounts` name each row's account (a row
 * without one is the first account's). Every cell goes through the one CSV writer (`csv-writer.ts`),
 * which guards text against formulas.
 */
export function transactionsToCsv(
  set: TransactionSet,
  symbolChoices: Readonly<Record<string, string>> = {},
  accounts: readonly Account[] = accountsOrFirst(undefined),
): string {
  const products = productsByTicker(symbolChoices);
  const names = new Map(accounts.map((a) => [a.id, a.name]));
  const nameOf = (row: { account?: string }) => {
    const id = accountOf(row, accounts);
    return names.get(id) ?? id;
  };
  const lines: CsvCell[][] = [[...CSV_COLUMNS]];
  for (const type of TRANSACTION_TYPES)
    for (const t of set[type]) lines.push(row(t, products.get(t.ticker), nameOf(t)));
  for (const c of set.cash ?? []) lines.push(cashRow(c, nameOf(c)));
  return csvFile(lines, { lineEnd: CSV_LINE_END, byteOrderMark: true });
}
