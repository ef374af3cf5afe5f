/**
 * The view's rows as the engine last took them, field by field (copies: a row object changed in place
 * later changes nothing here), so a new set tells which tickers it changed in one pass over its lists
 * instead of being grouped per ticker and compared again (set-edits.ts). Every grouped set takes one,
 * the first too.
 */
import type { CashTransaction, Transaction, TransactionSet, TransactionType } from '../../model';

/** The fields the engine reads of a row (ticker-transactions.ts, cash.ts). */
export interface Rows {
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

/** What `syncRow` found of a row: nothing changed, only its amount, value or tax, or something else. */
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

/** Copies row `row`'s fields into the snapshot's row `k`. */
export function copyRow(rows: Rows, k: number, row: Transaction): void {
  rows.keys[k] = row.ticker;
  rows.dates[k] = row.date;
  rows.amounts[k] = row.amount;
  rows.values[k] = row.value;
  rows.taxes[k] = row.tax ?? 0;
  rows.currencies[k] = row.currency;
  rows.products[k] = row.product;
  rows.priceCurrencies[k] = row.priceCurrency;
}

export function snapshotOf(set: TransactionSet): SetSnapshot {
  return { stock: rowsOf(set.stock), dividend: rowsOf(set.dividend), commission: rowsOf(set.commission) };
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
