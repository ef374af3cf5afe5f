/**
 * A transaction set split per ticker and turned into columns on epoch days, once per `setTransactions`.
 * Keeps the source rows so an unchanged ticker is recognised and not recomputed.
 */
import { TRANSACTION_TYPES, epochDayFromIso, type Currency, type Transaction, type TransactionSet, type TransactionType } from '../../model';

export type TransactionsByType = Record<TransactionType, Transaction[]>;

export interface TransactionColumns {
  /** Epoch days, ascending (same-day rows keep their order). */
  days: Int32Array;
  /** As recorded: shares for stock (not split-adjusted yet), 1 otherwise. */
  amounts: Float64Array;
  /** In `currencies[k]`. */
  values: Float64Array;
  currencies: Currency[];
}

export interface TickerTransactions {
  ticker: string;
  sources: TransactionsByType;
  columns: Record<TransactionType, TransactionColumns>;
  /** Earliest day of any type. */
  firstDay: number;
  /** Currency of the latest stock transaction, else of the latest transaction. */
  currency: Currency;
  /** Every currency its transactions are recorded in, on any day. */
  currencies: Currency[];
}

export function groupByTicker(set: TransactionSet): Map<string, TransactionsByType> {
  const groups = new Map<string, TransactionsByType>();
  for (const type of TRANSACTION_TYPES) {
    for (const transaction of set[type]) {
      let group = groups.get(transaction.ticker);
      if (!group) {
        group = { stock: [], dividend: [], commission: [] };
        groups.set(transaction.ticker, group);
      }
      group[type].push(transaction);
    }
  }
  return groups;
}

export function sameTransactions(a: TransactionsByType, b: TransactionsByType): boolean {
  return TRANSACTION_TYPES.every((type) => {
    const left = a[type];
    const right = b[type];
    return left.length === right.length && left.every((row, k) => sameRow(row, right[k]));
  });
}

function sameRow(a: Transaction, b: Transaction): boolean {
  return a.date === b.date && a.amount === b.amount && a.value === b.value && a.currency === b.currency;
}

/**
 * Columns for one ticker; throws a RangeError naming the row when a date is not `YYYY-MM-DD`. Keeps
 * copies of the rows, so a caller that edits its objects in place cannot hide a change.
 */
export function prepareTicker(ticker: string, sources: TransactionsByType): TickerTransactions {
  const copies = { stock: sources.stock.map(copyRow), dividend: sources.dividend.map(copyRow), commission: sources.commission.map(copyRow) };
  const columns = {
    stock: toColumns(sources.stock),
    dividend: toColumns(sources.dividend),
    commission: toColumns(sources.commission),
  };
  let firstDay = Infinity;
  for (const type of TRANSACTION_TYPES) if (columns[type].days.length > 0) firstDay = Math.min(firstDay, columns[type].days[0]);
  const currencies = [...new Set(TRANSACTION_TYPES.flatMap((type) => columns[type].currencies))].sort();
  return { ticker, sources: copies, columns, firstDay, currency: latestCurrency(columns), currencies };
}

function copyRow(row: Transaction): Transaction {
  return { ...row };
}

function toColumns(rows: readonly Transaction[]): TransactionColumns {
  const days = rows.map((row) => dayOf(row));
  const order = Array.from(rows.keys()).sort((a, b) => days[a] - days[b] || a - b);
  return {
    days: Int32Array.from(order, (k) => days[k]),
    amounts: Float64Array.from(order, (k) => rows[k].amount),
    values: Float64Array.from(order, (k) => rows[k].value),
    currencies: order.map((k) => rows[k].currency),
  };
}

function dayOf(row: Transaction): number {
  try {
    return epochDayFromIso(row.date);
  } catch {
    throw new RangeError(`${row.ticker} ${row.type} transaction has no valid date (YYYY-MM-DD): ${row.date}`);
  }
}

function latestCurrency(columns: Record<TransactionType, TransactionColumns>): Currency {
  const stock = columns.stock;
  if (stock.days.length > 0) return stock.currencies[stock.currencies.length - 1];
  let latestDay = -Infinity;
  let currency: Currency = 'EUR';
  for (const type of TRANSACTION_TYPES) {
    const { days, currencies } = columns[type];
    const last = days.length - 1;
    if (last >= 0 && days[last] >= latestDay) {
      latestDay = days[last];
      currency = currencies[last];
    }
  }
  return currency;
}
