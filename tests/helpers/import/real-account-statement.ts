/**
 * The statement of tests/fixtures/degiro/real-account-40 read line by line, independently of the importer:
 * its rows' own words and figures (a row's shares from "Koop N @", its costs from its cost rows), so that
 * a test compares the app's figures with the statement, not with a copy of the importer's rules. No test
 * framework here: the unit tests and the Playwright specs both read it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const REAL_ACCOUNT_DIR = path.join(import.meta.dirname, '../../fixtures/degiro/real-account-40');
export const REAL_ACCOUNT = path.join(REAL_ACCOUNT_DIR, 'Account.csv');
export const REAL_TRADES = path.join(REAL_ACCOUNT_DIR, 'Transactions.csv');

/** One CSV record's cells (quoted cells may hold commas; DEGIRO's files hold no line breaks in a cell). */
export function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      out.push(cell);
      cell = '';
    } else cell += char;
  }
  out.push(cell);
  return out;
}

/** A Dutch-format number of the statement ("-2,37", "1.234,50"). */
export const dutch = (text: string): number => Number(text.replace(/\./g, '').replace(',', '.'));

export interface AccountLine {
  /** The file's line number, 1 the header. */
  line: number;
  text: string;
  /** `DD-MM-YYYY`, as the statement writes it. */
  date: string;
  product: string;
  isin: string;
  description: string;
  currency: string;
  amount: number;
  orderId: string;
}

export const accountLines: AccountLine[] = readFileSync(REAL_ACCOUNT, 'utf8')
  .split(/\r?\n/)
  .map((text, index) => ({ text, index }))
  .slice(1)
  .filter(({ text }) => text.trim() !== '')
  .map(({ text, index }) => {
    const c = cells(text);
    return {
      line: index + 1,
      text,
      date: c[0]!,
      product: c[3]!,
      isin: c[4]!,
      description: c[5]!,
      currency: c[7]!,
      amount: dutch(c[8]!),
      orderId: c[11]!,
    };
  });

/** Transactions.csv's records after its header, as cells. */
export const tradeRecords: string[][] = readFileSync(REAL_TRADES, 'utf8')
  .split(/\r?\n/)
  .slice(1)
  .filter(Boolean)
  .map(cells);

/** A product's transaction costs (`DEGIRO Transactiekosten …`). */
export const isCost = (row: AccountLine): boolean => row.description.startsWith('DEGIRO Transactiekosten');
/** The account's own costs, of no product (`DEGIRO Aansluitingskosten …`: the exchange connection fee). */
export const isAccountCost = (row: AccountLine): boolean => row.description.startsWith('DEGIRO Aansluitingskosten');

/** Shares a statement row buys (+) or sells (−), from its own words; 0 for other rows (and for a bare `Koop`). */
export function sharesOf(row: AccountLine): number {
  const match = /(Koop|Verkoop) (\d+) @ /.exec(row.description);
  return match ? (match[1] === 'Koop' ? 1 : -1) * Number(match[2]) : 0;
}

export const productLines = (isin: string): AccountLine[] => accountLines.filter((row) => row.isin === isin);
export const isinOf = (name: RegExp): string => accountLines.find((row) => name.test(row.product))!.isin;
/** Every product's ISIN, in the statement's order. */
export const isins = (): string[] => [...new Set(accountLines.map((row) => row.isin).filter((isin) => isin !== ''))];

/** The buy and sell rows whose description is the bare word (`Koop`), without "N @ price". */
export const bareBuys = accountLines.filter((row) => /^(Koop|Verkoop)$/.test(row.description));

/** Orders whose costs the account statement books in more than one row (one Order Id). */
export function splitCostOrders(): Array<[orderId: string, rows: AccountLine[]]> {
  const byOrder = new Map<string, AccountLine[]>();
  for (const row of accountLines.filter((line) => isCost(line) && line.orderId !== ''))
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return [...byOrder].filter(([, rows]) => rows.length > 1);
}

/** Epoch milliseconds of a statement date (`DD-MM-YYYY`), UTC. */
export function statementTime(date: string): number {
  const [day, month, year] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}
