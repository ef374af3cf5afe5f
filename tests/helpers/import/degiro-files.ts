/** Shared helpers of the DEGIRO import tests: fixtures, small CSVs, and the every-line-once check. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { parseDegiroExport, type DegiroImport, type ImportedTransaction, type ParseOptions } from '#src/worker/import';
import { HEADER_EN, HEADER_NL } from './export-generator';

export { HEADER_EN, HEADER_NL };

export function fixtureBytes(name: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(fileURLToPath(new URL(`../../fixtures/degiro/${name}`, import.meta.url))));
}

export function fixtureText(name: string): string {
  return new TextDecoder().decode(fixtureBytes(name));
}

/** Imports a fixture the way the worker does: as a Blob, read in slices. */
export function importFixture(name: string, options?: ParseOptions): Promise<DegiroImport> {
  return parseDegiroExport(new Blob([fixtureBytes(name)]), options);
}

/** A Dutch export of `rows` (newest first, as DEGIRO writes them). */
export function csv(rows: readonly string[], header = HEADER_NL): string {
  return `${header}\n${rows.join('\n')}\n`;
}

export function allTransactions(result: DegiroImport): ImportedTransaction[] {
  return [...result.transactions.stock, ...result.transactions.dividend, ...result.transactions.commission];
}

/** The lines of every booked row: the transactions' and the cash transactions'. */
export function bookedLines(result: DegiroImport): number[] {
  return [...allTransactions(result).flatMap((t) => t.lines), ...result.transactions.cash.flatMap((c) => c.lines)];
}

/**
 * A line the importer passes over as blank: nothing but spaces, commas and quotes, so every cell is empty
 * (an export cut off just after a wrapped Order Id's line break leaves such a line: ",").
 */
function isBlankLine(line: string): boolean {
  return /^[\s,"]*$/.test(line);
}

/** Asserts that every non-blank line after the header appears exactly once across transactions, cash, skipped and unrecognised. */
export function expectEveryLineOnce(result: DegiroImport, text: string): void {
  const physical = text.split(/\r\n|\n|\r/);
  const headerIndex = physical.findIndex((line) => !isBlankLine(line));
  const expected = physical.flatMap((line, i) => (i > headerIndex && !isBlankLine(line) ? [i + 1] : []));
  const seen = [
    ...bookedLines(result),
    ...result.skipped.map((s) => s.line),
    ...result.unrecognised.map((u) => u.line),
  ].sort((a, b) => a - b);
  expect(seen).toEqual(expected);
  expect(result.counts.lines).toBe(expected.length);
}

/** Sum of values, to the cent. */
export function total(transactions: readonly ImportedTransaction[]): number {
  return Math.round(transactions.reduce((sum, t) => sum + t.value, 0) * 100) / 100;
}

export function only<T>(list: readonly T[]): T {
  expect(list).toHaveLength(1);
  return list[0]!;
}

export interface RowCells {
  date: string;
  time?: string;
  valueDate?: string;
  product?: string;
  isin?: string;
  description: string;
  fx?: string;
  currency: string;
  /** As DEGIRO writes it: `-1017,51` (quoted for you) or `-1017.51`. */
  amount: string;
  balance?: string;
  orderId?: string;
}

const quoted = (cell: string) => (cell.includes(',') || cell.includes('"') ? `"${cell.replaceAll('"', '""')}"` : cell);

/** One Account.csv row; cells with a comma are quoted as DEGIRO does. */
export function row(cells: RowCells): string {
  const {
    date,
    time = '09:00',
    valueDate = date,
    product = '',
    isin = '',
    description,
    fx = '',
    currency,
    amount,
    balance = '0',
    orderId = '',
  } = cells;
  return [date, time, valueDate, product, isin, description, fx, currency, amount, currency, balance, orderId]
    .map(quoted)
    .join(',');
}
