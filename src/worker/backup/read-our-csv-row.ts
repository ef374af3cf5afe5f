/**
 * One row of our CSV (`csv-format.ts`) checked cell by cell into a transaction or a cash transaction,
 * with the name of its account; else every problem of the row in words a user can act on.
 */
import { TICKER_PATTERN, TRANSACTION_TYPES, type Currency, type Transaction } from '../../model';
import { isCurrency, notACurrency } from '../../model/currencies';
import { ACCOUNT_NAME_MAX_LENGTH, CASH_KINDS, isCashKind, type CashTransaction } from '../../model/cash';
import { isIsoDate } from '../../model/days';
import {
  IMPORT_ID_MAX_LENGTH,
  PRODUCT_MAX_LENGTH,
  isBoundedNumber,
  isTransactionYear,
  isWithheldTax,
} from '../../model/transaction-limits';
import { CASH_SIGNS } from '../../model/transaction-schema';
import { parsePlainNumber, readTextCell } from '../csv-writer';
import { CSV_COLUMNS, type CsvColumn } from './csv-format';

export type RowResult =
  | {
      ok: true;
      row: Transaction | CashTransaction;
      product: string;
      isin: string;
      /** The account's name, trimmed; empty: the first account. */
      accountName: string;
    }
  | { ok: false; messages: string[] };

const COLUMN = Object.fromEntries(CSV_COLUMNS.map((name, i) => [name, i])) as Record<CsvColumn, number>;

/** `cells` of one row, in our columns' order (the two last ones absent in an export made before accounts). */
export function readRow(cells: readonly string[]): RowResult {
  const messages: string[] = [];
  const cell = (name: CsvColumn) => cells[COLUMN[name]] ?? '';
  const type = cell('type');
  const cash = type === 'cash';
  if (!cash && !(TRANSACTION_TYPES as readonly string[]).includes(type))
    messages.push(`type ${JSON.stringify(type)} is not stock, dividend, commission or cash`);
  const ticker = cell('ticker');
  if (cash) {
    if (ticker !== '') messages.push(`a cash row belongs to no ticker, but the row has ${JSON.stringify(ticker)}`);
  } else if (!TICKER_PATTERN.test(ticker))
    messages.push(`ticker ${JSON.stringify(ticker)} is not a ticker as Yahoo spells it`);
  const kind = cell('kind');
  if (cash && !isCashKind(kind))
    messages.push(`kind ${JSON.stringify(kind)} is not one of ${CASH_KINDS.join(', ')} (a cash row needs one)`);
  if (!cash && kind !== '') messages.push(`a ${type} has no kind, but the row has ${JSON.stringify(kind)}`);
  const date = cell('date');
  if (!isIsoDate(date) || !isTransactionYear(date))
    messages.push(`date ${JSON.stringify(date)} is not a date YYYY-MM-DD between 1900 and 2100`);
  const number = (name: 'amount' | 'value') => {
    const n = parsePlainNumber(cell(name));
    if (!isBoundedNumber(n))
      messages.push(`${name} ${JSON.stringify(cell(name))} is not a number written like 1234.56`);
    return n;
  };
  let amount = 1;
  if (!cash) amount = number('amount');
  else if (cell('amount') !== '')
    messages.push(
      `a cash row has no amount (its value is the money), but the row has ${JSON.stringify(cell('amount'))}`,
    );
  const value = number('value');
  if (cash && isCashKind(kind) && isBoundedNumber(value)) {
    const sign = CASH_SIGNS[kind];
    if (sign && !sign.test(value)) messages.push(`${sign.words} (this one is ${cell('value')})`);
  }
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
  const accountName = readTextCell(cell('account')).trim();
  if (accountName.length > ACCOUNT_NAME_MAX_LENGTH)
    messages.push(`account has ${accountName.length} characters, at most ${ACCOUNT_NAME_MAX_LENGTH}`);
  // The currency a DEGIRO statement priced a trade in (AutoFX: a USD listing's trade booked in EUR).
  const priceCurrency = cell('price_currency');
  if (priceCurrency !== '' && type !== 'stock')
    messages.push(`a ${type} has no price currency, but the row has ${JSON.stringify(priceCurrency)}`);
  else if (priceCurrency !== '' && !/^[A-Za-z]{3}$/.test(priceCurrency))
    messages.push(`price_currency ${JSON.stringify(priceCurrency)} is not a currency code of three letters`);
  if (messages.length > 0) return { ok: false, messages };
  const isin = readTextCell(cell('isin'));
  if (cash) {
    const row: CashTransaction = {
      type: 'cash',
      kind: kind as CashTransaction['kind'],
      date,
      value,
      currency: currency as Currency,
    };
    if (importId !== '') row.importId = importId;
    return { ok: true, row, product: '', isin: '', accountName };
  }
  const row: Transaction = {
    ticker,
    type: type as Transaction['type'],
    date,
    amount,
    value,
    currency: currency as Currency,
  };
  if (tax !== undefined) row.tax = tax;
  if (importId !== '') row.importId = importId;
  // An imported trade keeps the product name its import saw; a row entered by hand never had one.
  if (type === 'stock' && importId !== '' && product !== '') row.product = product;
  if (priceCurrency !== '') row.priceCurrency = priceCurrency;
  return { ok: true, row, product, isin, accountName };
}
