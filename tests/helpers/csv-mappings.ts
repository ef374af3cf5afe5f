/**
 * Column mappings of other brokers' CSV files, as tests use them: a European broker's (`;`, day first,
 * decimal comma, amounts in EUR) and an American one's (`,`, month first, decimal point, in USD), both
 * with the columns date, ticker, type, amount and value in that order; and a European file that names
 * the type before the ticker and has a currency column.
 */
import type { CsvMapping } from '#src/model/csv-mapping';

export const EUROPEAN_MAPPING: CsvMapping = {
  delimiter: ';',
  columns: { date: 0, ticker: 1, type: 2, amount: 3, value: 4, currency: null, tax: null, fees: null },
  fixedCurrency: 'EUR',
  dateOrder: 'DMY',
  decimalMark: ',',
};

export const AMERICAN_MAPPING: CsvMapping = {
  ...EUROPEAN_MAPPING,
  delimiter: ',',
  fixedCurrency: 'USD',
  dateOrder: 'MDY',
  decimalMark: '.',
};

export const EUROPEAN_MAPPING_WITH_CURRENCY: CsvMapping = {
  ...EUROPEAN_MAPPING,
  columns: { date: 0, type: 1, ticker: 2, amount: 3, value: 4, currency: 5, tax: null, fees: null },
};
