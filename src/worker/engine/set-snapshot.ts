/**
 * The view's rows as the engine last took them, field by field (copies: a row object changed in place
 * later changes nothing here), so a new set tells which tickers it changed in one pass over its lists
 * instead of being grouped per ticker and compared again (set-edits.ts). Every grouped set takes one,
 * the first too, by the loop an edit runs.
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
export const SAME = 0;
export const NUMBERS = 1;
const OTHER = 2;

/**
 * A new snapshot is the empty one brought up to the set by the loop an edit runs (`syncList`): so the first
 * edit after a load runs code the load has run and compiled, not code that starts cold on 10,000 rows.
 */
function rowsOf(list: readonly Transaction[]): Rows {
  const count = list.length;
  const rows: Rows = {
    keys: new Array<string>(count).fill(''),
    dates: new Array<string>(count).fill(''),
    amounts: new Float64Array(count).fill(Number.NaN),
    values: new Float64Array(count).fill(Number.NaN),
    taxes: new Float64Array(count).fill(Number.NaN),
    currencies: new Array<string>(count).fill(''),
    products: new Array<string | undefined>(count).fill(''),
    priceCurrencies: new Array<string | undefined>(count).fill(''),
  };
  syncList(rows, list, [], []);
  return rows;
}

/**
 * Brings the snapshot's rows up to `list` (of their length): for each row that differed, pushes to
 * `changed` its index × 4 + what differed (`syncRow`) and to `former` the ticker the snapshot held.
 */
export function syncList(rows: Rows, list: readonly Transaction[], changed: number[], former: string[]): void {
  for (let k = 0; k < list.length; k += 1) {
    const before = rows.keys[k];
    const kind = syncRow(rows, k, list[k]);
    if (kind === SAME) continue;
    changed.push(k * 4 + kind);
    former.push(before);
  }
}

/** Compares every field of `row` with the snapshot's row `k` (none skipped), copies it when it differs, and says what differed. */
function syncRow(rows: Rows, k: number, row: Transaction): number {
  const tax = row.tax ?? 0;
  let changed = SAME;
  if (rows.keys[k] !== row.ticker) changed |= OTHER;
  if (rows.dates[k] !== row.date) changed |= OTHER;
  if (rows.currencies[k] !== row.currency) changed |= OTHER;
  if (rows.products[k] !== row.product) changed |= OTHER;
  if (rows.priceCurrencies[k] !== row.priceCurrency) changed |= OTHER;
  if (rows.amounts[k] !== row.amount) changed |= NUMBERS;
  if (rows.values[k] !== row.value) changed |= NUMBERS;
  if (rows.taxes[k] !== tax) changed |= NUMBERS;
  if (changed !== SAME) {
    rows.keys[k] = row.ticker;
    rows.dates[k] = row.date;
    rows.amounts[k] = row.amount;
    rows.values[k] = row.value;
    rows.taxes[k] = tax;
    rows.currencies[k] = row.currency;
    rows.products[k] = row.product;
    rows.priceCurrencies[k] = row.priceCurrency;
  }
  return changed;
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
