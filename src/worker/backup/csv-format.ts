/**
 * Our CSV of transactions, one row each, as docs/data-formats.md documents it: the columns, and how a
 * number and a text cell are written and read back so that every value survives the round trip exactly.
 *
 *   ticker,type,date,amount,value,currency,tax,import_id,product,isin,account,kind,price_currency
 *   VWCE.DE,stock,2021-03-01,10,950.5,EUR,,degiro:0a1b2c3d4e5f60,Vanguard FTSE All-World,IE00BK5BQT80,DEGIRO,,
 *   ,cash,2021-02-26,,1000,EUR,,,,,DEGIRO,deposit,
 *
 * `account` is the account's name (what a person reading the file knows it by; a restore finds the
 * account by it), `kind` a cash row's kind, `price_currency` a trade's `priceCurrency`. Exports made
 * before accounts and cash (issue 33) lack the three columns: their rows belong to the first account.
 *
 * UTF-8 with a byte-order mark (so spreadsheet programs read accents right), `\r\n` line ends (RFC 4180),
 * `.` decimals without digit grouping, ISO dates; text cells guarded against formulas (`csv-writer.ts`).
 */

/** The columns of an export made before accounts and cash: still read, every row into the first account. */
export const CSV_COLUMNS_WITHOUT_ACCOUNTS = [
  'ticker',
  'type',
  'date',
  'amount',
  'value',
  'currency',
  'tax',
  'import_id',
  'product',
  'isin',
] as const;
export const CSV_COLUMNS = [...CSV_COLUMNS_WITHOUT_ACCOUNTS, 'account', 'kind', 'price_currency'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export const CSV_HEADER = CSV_COLUMNS.join(',');
export const CSV_HEADER_WITHOUT_ACCOUNTS = CSV_COLUMNS_WITHOUT_ACCOUNTS.join(',');
export const CSV_LINE_END = '\r\n';
