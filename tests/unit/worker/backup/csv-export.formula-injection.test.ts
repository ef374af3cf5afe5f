/**
 * Issue 31, finding 1: formula injection through a separator. Hostile product names, import ids and
 * account names (a hostile statement, or the shared demo account) are exported, then split the way spreadsheets in other
 * locales split a CSV: on `,`, `;` and tab, honouring quotes and not. No cell of any of these readings may
 * start, after whitespace (and quotes), with `=`, `+`, `-` or `@` unless it is a plain number; and our own
 * restore still reads the export back to the same transactions, product names and account names. The tax report, the
 * other CSV the app writes, holds to the same rule.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Transaction, TransactionSet } from '#src/model';
import type { DividendRecord } from '#src/worker/engine';
import { transactionsToCsv } from '#src/worker/backup/export-csv';
import { readRestoreFile } from '#src/worker/backup/read-restore';
import { applyRestore } from '#src/worker/backup/restore-plan';
import { FIRST_ACCOUNT, type Account } from '#src/model/cash';
import { taxReportCsv } from '#src/worker/tax-report-csv';
import { formulaCells, HOSTILE_TEXTS } from '#helpers/spreadsheet-readings';

/** The reader's clock (`readRestoreFile` has none), which dates the saved-at times a backup may carry. */
const NOW_MS = Date.UTC(2026, 10, 29, 12);

const trade = (i: number, product: string, importId: string): Transaction => ({
  ticker: 'ACME',
  type: 'stock',
  date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
  amount: i % 2 === 0 ? 3 : -3,
  value: i % 2 === 0 ? 250.5 : -262.25,
  currency: 'EUR',
  importId,
  product,
});

/** Each hostile text as a product name and as an import id; a sell's negative numbers beside them. */
const set: TransactionSet = {
  stock: HOSTILE_TEXTS.flatMap((text, i) => [
    trade(2 * i, text, `degiro:${i}`),
    trade(2 * i + 1, `Product ${i}`, text),
  ]).sort((a, b) => a.date.localeCompare(b.date)),
  dividend: [{ ticker: 'KO', type: 'dividend', date: '2024-04-01', amount: 1, value: 4.6, currency: 'USD', tax: 0.66 }],
  commission: [{ ticker: 'ACME', type: 'commission', date: '2024-01-02', amount: 1, value: -1.5, currency: 'EUR' }],
};
/** A hostile name as a symbol choice's product key: it fills the `product` column of a ticker's rows without one. */
const symbolChoices = { '=2*3;@x': 'KO', 'ACME\t-1': 'VWCE.DE' };
/** Each hostile text as an account's name (trimmed, as the server keeps names), the dividend in the last one. */
const accounts: Account[] = [
  FIRST_ACCOUNT,
  ...HOSTILE_TEXTS.map((text, i) => ({ id: `acc-${i}`, name: text.trim() || `Account ${i}` })).filter(
    (a, i, all) => all.findIndex((b) => b.name.toLowerCase() === a.name.toLowerCase()) === i,
  ),
];
const hostileAccounts = accounts.slice(1);
set.stock = set.stock.map((t, i) => (i < hostileAccounts.length ? { ...t, account: hostileAccounts[i]!.id } : t));

describe('the transactions CSV, read by spreadsheets that split on , ; and tab', () => {
  const csv = transactionsToCsv(
    {
      ...set,
      stock: [
        ...set.stock,
        { ticker: 'VWCE.DE', type: 'stock', date: '2024-06-03', amount: 1, value: 100, currency: 'EUR' },
      ],
    },
    symbolChoices,
    accounts,
  );

  it('holds no cell that starts with a formula, whatever the separator', () => {
    expect(formulaCells(csv)).toEqual([]);
  });

  it('keeps negative amounts and values as plain numbers in their own cells', () => {
    const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), {
      delimiter: ',',
      newline: '\r\n',
      skipEmptyLines: true,
    }).data;
    const sell = rows.find((row) => row[3] === '-3');
    expect(sell?.slice(3, 5)).toEqual(['-3', '-262.25']);
    expect(rows.find((row) => row[1] === 'commission')?.[4]).toBe('-1.5');
  });

  it('reads back through our restore to the same transactions, product names and accounts', async () => {
    const read = await readRestoreFile(transactionsToCsv(set, symbolChoices, accounts), NOW_MS);
    if (!read.ok) throw new Error(read.error);
    const portfolio = { transactions: { stock: [], dividend: [], commission: [] }, symbolChoices: {}, settings: {} };
    const restored = applyRestore({ ...portfolio, csvMappings: [], accounts }, read.content, 'replace');
    expect(restored.transactions).toEqual({ ...set, cash: [] });
    expect(restored.accounts).toEqual(accounts);
    expect(read.content.symbolChoices).toMatchObject({ '=2*3;@x': 'KO' });
  });
});

describe('the dividend tax report CSV', () => {
  const record = (ticker: string, net: number): DividendRecord => ({
    date: '2024-04-01',
    ticker,
    currency: 'USD',
    net,
    tax: 0.66,
    eurPerUnit: 0.92,
  });
  const csv = taxReportCsv([
    record('KO', 4.6),
    record('=2*3;X', -1.25),
    ...HOSTILE_TEXTS.map((text) => record(text, 1)),
  ]);

  it('holds no cell that starts with a formula, whatever the separator (a ticker is checked, the report guards anyway)', () => {
    expect(formulaCells(csv)).toEqual([]);
  });

  it('keeps a negative amount a plain number', () => {
    const rows = Papa.parse<string[]>(csv, { delimiter: ',', skipEmptyLines: true }).data;
    expect(rows.some((row) => row[6] === '-1.25')).toBe(true);
  });
});
