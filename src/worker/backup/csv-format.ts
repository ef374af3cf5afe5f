/**
 * Our CSV of transactions, one row each, as the README documents it: the columns, and how a number and a
 * text cell are written and read back so that every value survives the round trip exactly.
 *
 *   ticker,type,date,amount,value,currency,tax,import_id,product,isin
 *   VWCE.DE,stock,2021-03-01,10,950.5,EUR,,degiro:0a1b2c3d4e5f60,Vanguard FTSE All-World,IE00BK5BQT80
 *
 * UTF-8 with a byte-order mark (so spreadsheet programs read accents right), `\r\n` line ends (RFC 4180),
 * `.` decimals without digit grouping, ISO dates; text cells guarded against formulas (`csv-writer.ts`).
 */

export const CSV_COLUMNS = [
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
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export const CSV_HEADER = CSV_COLUMNS.join(',');
export const CSV_LINE_END = '\r\n';
