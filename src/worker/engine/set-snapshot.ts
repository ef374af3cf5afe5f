/**
 * The view's rows as the engine last took them, field by field (copies: a row object changed in place
 * later changes nothing here), so a new set tells which tickers it changed in one pass over its lists
 * instead of being grouped per ticker and compared again. An edit keeps every list's length and every
 * other row where it was: only the tickers of the rows that differ are prepared again. A list of
 * another length (a row added or deleted) asks for the whole set to be grouped again.
 */
import {
  TRANSACTION_TYPES,
  type CashTransaction,
  type Transaction,
  type TransactionSet,
  type TransactionType,
} from '../../model';
import type { TransactionsByType } from './ticker-transactions';

/** The fields the engine reads of a row (ticker-transactions.ts, cash.ts). */
interface Rows {
  keys: string[];
  dates: string[];
  amounts: Float64Array;
  values: Float64Array;
  taxes: Float64Array;
  currencies: string[];
  products: Array<string | undefined>;
  priceCurrencies: Array<string | undefined>;
}

export type SetSnapshot = Record<TransactionType, Rows>;

function rowsOf(list: readonly Transaction[]): Rows {
  const rows: Rows = {
    keys: new Array<string>(list.length),
    dates: new Array<string>(list.length),
    amounts: new Float64Array(list.length),
    values: new Float64Array(list.length),
    taxes: new Float64Array(list.length),
    currencies: new Array<string>(list.length),
    products: new Array<string | undefined>(list.length),
    priceCurrencies: new Array<string | undefined>(list.length),
  };
  for (let k = 0; k < list.length; k += 1) copyRow(rows, k, list[k]);
  return rows;
}

function copyRow(rows: Rows, k: number, row: Transaction): void {
  rows.keys[k] = row.ticker;
  rows.dates[k] = row.date;
  rows.amounts[k] = row.amount;
  rows.values[k] = row.value;
  rows.taxes[k] = row.tax ?? 0;
  rows.currencies[k] = row.currency;
  rows.products[k] = row.product;
  rows.priceCurrencies[k] = row.priceCurrency;
}

function sameRow(rows: Rows, k: number, row: Transaction): boolean {
  return (
    rows.keys[k] === row.ticker &&
    rows.dates[k] === row.date &&
    rows.amounts[k] === row.amount &&
    rows.values[k] === row.value &&
    rows.taxes[k] === (row.tax ?? 0) &&
    rows.currencies[k] === row.currency &&
    rows.products[k] === row.product &&
    rows.priceCurrencies[k] === row.priceCurrency
  );
}

export function snapshotOf(set: TransactionSet): SetSnapshot {
  return { stock: rowsOf(set.stock), dividend: rowsOf(set.dividend), commission: rowsOf(set.commission) };
}

/**
 * The tickers whose rows differ from the snapshot's (a changed row's ticker before and after), the
 * snapshot brought up to date; null when a list's length changed (the snapshot is left as it was).
 */
export function changedTickers(snapshot: SetSnapshot, set: TransactionSet): Set<string> | null {
  if (TRANSACTION_TYPES.some((type) => snapshot[type].keys.length !== set[type].length)) return null;
  const changed = new Set<string>();
  for (const type of TRANSACTION_TYPES) {
    const rows = snapshot[type];
    const list = set[type];
    for (let k = 0; k < list.length; k += 1) {
      if (sameRow(rows, k, list[k])) continue;
      changed.add(rows.keys[k]);
      changed.add(list[k].ticker);
      copyRow(rows, k, list[k]);
    }
  }
  return changed;
}

/** The rows of `tickers` per ticker and type, each list in the set's order (as `groupByTicker` has them). */
export function rowsOfTickers(set: TransactionSet, tickers: ReadonlySet<string>): Map<string, TransactionsByType> {
  const groups = new Map<string, TransactionsByType>();
  for (const type of TRANSACTION_TYPES) {
    for (const row of set[type]) {
      if (!tickers.has(row.ticker)) continue;
      let group = groups.get(row.ticker);
      if (!group) groups.set(row.ticker, (group = { stock: [], dividend: [], commission: [] }));
      group[type].push(row);
    }
  }
  return groups;
}

/** The cash rows' fields as the engine last took them. */
export interface CashSnapshot {
  dates: string[];
  values: Float64Array;
  currencies: string[];
  kinds: string[];
}

export function cashSnapshotOf(rows: readonly CashTransaction[]): CashSnapshot {
  return {
    dates: rows.map((row) => row.date),
    values: Float64Array.from(rows, (row) => row.value),
    currencies: rows.map((row) => row.currency),
    kinds: rows.map((row) => row.kind),
  };
}

export function sameCash(snapshot: CashSnapshot, rows: readonly CashTransaction[]): boolean {
  if (snapshot.dates.length !== rows.length) return false;
  for (let k = 0; k < rows.length; k += 1) {
    const row = rows[k];
    if (
      snapshot.dates[k] !== row.date ||
      snapshot.values[k] !== row.value ||
      snapshot.currencies[k] !== row.currency ||
      snapshot.kinds[k] !== row.kind
    )
      return false;
  }
  return true;
}
