/**
 * The view's cash transactions in columns on epoch days (SEMANTICS.md, "Cash"), once per
 * `setTransactions` or view: what the engine needs of them before any account figure (their first day
 * for the grid, their currencies for the rates to request). The figures themselves (cash-on-grid.ts,
 * account-returns.ts, account-fees.ts) are loaded only for a view that holds cash (account-math.ts).
 */
import { CASH_KINDS, epochDayFromIso, type CashKind, type CashTransaction, type Currency } from '../../model';

export interface CashColumns {
  /** Epoch days, ascending (same-day rows keep their order). */
  days: Int32Array;
  /** In `currencies[k]`, signed from the account's side. */
  values: Float64Array;
  currencies: Currency[];
  /** Position in CASH_KINDS. */
  kinds: Uint8Array;
  /** Earliest day; Infinity without rows. */
  firstDay: number;
}

export const DEPOSIT = CASH_KINDS.indexOf('deposit');
export const WITHDRAWAL = CASH_KINDS.indexOf('withdrawal');
export const FEE = CASH_KINDS.indexOf('fee');

/** Columns of the view's cash transactions, in day order; throws a RangeError naming the row when a date or kind is not one. */
export function prepareCash(rows: readonly CashTransaction[]): CashColumns {
  const count = rows.length;
  const rowDays = new Int32Array(count);
  for (let k = 0; k < count; k += 1) rowDays[k] = dayOf(rows[k]);
  const order = Array.from(rows.keys()).sort((a, b) => rowDays[a] - rowDays[b] || a - b);
  const columns: CashColumns = {
    days: new Int32Array(count),
    values: new Float64Array(count),
    currencies: new Array<Currency>(count),
    kinds: new Uint8Array(count),
    firstDay: count > 0 ? rowDays[order[0]] : Infinity,
  };
  for (let k = 0; k < count; k += 1) {
    const row = rows[order[k]];
    const kind = CASH_KINDS.indexOf(row.kind as CashKind);
    if (kind < 0) throw new RangeError(`cash transaction of ${row.date} has no known kind: ${String(row.kind)}`);
    columns.days[k] = rowDays[order[k]];
    columns.values[k] = row.value;
    columns.currencies[k] = row.currency;
    columns.kinds[k] = kind;
  }
  return columns;
}

function dayOf(row: CashTransaction): number {
  try {
    return epochDayFromIso(row.date);
  } catch {
    throw new RangeError(`cash transaction has no valid date (YYYY-MM-DD): ${row.date}`);
  }
}
