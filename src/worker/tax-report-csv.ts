/**
 * The dividend tax report as CSV, for the tax return: one line per dividend received (gross, withheld
 * tax and net, as recorded and in EUR at the day's rate), and after each year a total line in EUR.
 * Dots for decimals and commas between fields, so any spreadsheet reads it; EUR to the cent, totals
 * summed before rounding (they match the Income page's per-year table). Written by the one CSV writer
 * (`csv-writer.ts`), which guards text against formulas and keeps numbers plain.
 */
import { csvFile, numberCell, type CsvCell } from './csv-writer';
import type { DividendRecord } from './engine';

/** The report as the worker hands it to the page: the CSV text and the file name to save it under. */
export interface TaxReport {
  csv: string;
  /** `dividend-tax-YYYY-MM-DD.csv`, dated by the figures' asOf. */
  fileName: string;
}

export const TAX_REPORT_HEADER = 'year,date,ticker,currency,gross,tax,net,gross_eur,tax_eur,net_eur';

/** As recorded: the shortest decimal that reads back the same number (no binary noise from the sum). */
const amount = (value: number): CsvCell => numberCell(Math.round(value * 1e8) / 1e8 + 0);

/** EUR to the cent. */
const cents = (eur: number): CsvCell => numberCell(Math.round(eur * 100) / 100 + 0, 2);

/** `records` sorted by date, as `PortfolioEngine.dividendRecords` gives them. Ends with a line break. */
export function taxReportCsv(records: readonly DividendRecord[]): string {
  const lines: CsvCell[][] = [TAX_REPORT_HEADER.split(',')];
  let year = '';
  let gross = 0;
  let tax = 0;
  let net = 0;
  const total = () => lines.push([year, '', 'Total', 'EUR', '', '', '', cents(gross), cents(tax), cents(net)]);
  for (const record of records) {
    const recordYear = record.date.slice(0, 4);
    if (recordYear !== year) {
      if (year !== '') total();
      year = recordYear;
      gross = tax = net = 0;
    }
    const grossEur = (record.net + record.tax) * record.eurPerUnit;
    const taxEur = record.tax * record.eurPerUnit;
    const netEur = record.net * record.eurPerUnit;
    gross += grossEur;
    tax += taxEur;
    net += netEur;
    lines.push([
      year,
      record.date,
      record.ticker,
      record.currency,
      amount(record.net + record.tax),
      amount(record.tax),
      amount(record.net),
      cents(grossEur),
      cents(taxEur),
      cents(netEur),
    ]);
  }
  if (year !== '') total();
  return csvFile(lines, { lineEnd: '\n', byteOrderMark: false });
}
