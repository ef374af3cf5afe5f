/**
 * The dividend tax report as CSV, for the tax return: one line per dividend received (gross, withheld
 * tax and net, as recorded and in the base currency at the day's rate), and after each year a total line
 * in the base currency. Its columns name the base (`gross_eur`, `gross_gbp`…). Dots for decimals and commas
 * between fields, so any spreadsheet reads it; the base to its minor unit (the cent; the yen whole), totals
 * summed before rounding (they match the Income page's per-year table). Written by the one CSV writer
 * (`csv-writer.ts`), which guards text against formulas and keeps numbers plain.
 */
import { isCurrency, minorUnitDigits } from '../model/currencies';
import { csvFile, numberCell, type CsvCell } from './csv-writer';
import type { DividendRecord } from './engine';

/** The report as the worker hands it to the page: the CSV text and the file name to save it under. */
export interface TaxReport {
  csv: string;
  /** `dividend-tax-YYYY-MM-DD.csv`, dated by the figures' asOf. */
  fileName: string;
}

/** The header line for the base currency `base`: `year,date,ticker,currency,gross,tax,net,gross_eur,tax_eur,net_eur` in EUR. */
export const taxReportHeader = (base: string): string => {
  const code = base.toLowerCase();
  return `year,date,ticker,currency,gross,tax,net,gross_${code},tax_${code},net_${code}`;
};

/** As recorded: the shortest decimal that reads back the same number (no binary noise from the sum). */
const amount = (value: number): CsvCell => numberCell(Math.round(value * 1e8) / 1e8 + 0);

/**
 * `records` sorted by date, as `PortfolioEngine.dividendRecords` gives them (their `eurPerUnit` is the base
 * currency per unit), in the base currency `base`. Ends with a line break.
 */
export function taxReportCsv(records: readonly DividendRecord[], base = 'EUR'): string {
  const digits = isCurrency(base) ? minorUnitDigits(base) : 2;
  const scale = 10 ** digits;
  /** The base currency to its minor unit. */
  const inBase = (value: number): CsvCell => numberCell(Math.round(value * scale) / scale + 0, digits);
  const lines: CsvCell[][] = [taxReportHeader(base).split(',')];
  let year = '';
  let gross = 0;
  let tax = 0;
  let net = 0;
  const total = () => lines.push([year, '', 'Total', base, '', '', '', inBase(gross), inBase(tax), inBase(net)]);
  for (const record of records) {
    const recordYear = record.date.slice(0, 4);
    if (recordYear !== year) {
      if (year !== '') total();
      year = recordYear;
      gross = tax = net = 0;
    }
    const grossInBase = (record.net + record.tax) * record.eurPerUnit;
    const taxInBase = record.tax * record.eurPerUnit;
    const netInBase = record.net * record.eurPerUnit;
    gross += grossInBase;
    tax += taxInBase;
    net += netInBase;
    lines.push([
      year,
      record.date,
      record.ticker,
      record.currency,
      amount(record.net + record.tax),
      amount(record.tax),
      amount(record.net),
      inBase(grossInBase),
      inBase(taxInBase),
      inBase(netInBase),
    ]);
  }
  if (year !== '') total();
  return csvFile(lines, { lineEnd: '\n', byteOrderMark: false });
}
