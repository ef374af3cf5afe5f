/**
 * A transaction set split per ticker and turned into columns on epoch days, once per `setTransactions`.
 * Keeps the source rows so an unchanged ticker is recognised and not recomputed.
 */
import { TRANSACTION_TYPES, type Currency, type Transaction, type TransactionType } from '../../model';
import { epochDayOfIso } from './iso-day';

export type TransactionsByType = Record<TransactionType, Transaction[]>;

export interface TransactionColumns {
  /** As written, `YYYY-MM-DD`: kept to recognise an unchanged ticker without parsing again. */
  dates: string[];
  /** Epoch days, ascending (same-day rows keep their order). */
  days: Int32Array;
  /** As recorded: shares for stock (not split-adjusted yet), 1 otherwise. */
  amounts: Float64Array;
  /** In `currencies[k]`. */
  values: Float64Array;
  /** Dividends: the tax withheld, in `currencies[k]`; 0 where none is recorded (and for the other types). */
  taxes: Float64Array;
  currencies: Currency[];
  /** The row (in its list's order) each entry was prepared from; null when entry k is row k (rows in day order). */
  rows: Int32Array | null;
}

export interface TickerTransactions {
  ticker: string;
  columns: Record<TransactionType, TransactionColumns>;
  /** Earliest day of any type. */
  firstDay: number;
  /** Currency of the latest stock transaction, else of the latest transaction. */
  currency: Currency;
  /** Every currency its transactions are recorded in, on any day. */
  currencies: Currency[];
  /** The product name of its latest trade that has one (`Transaction.product`); null when none has. */
  product: string | null;
  /** The currency its latest trade was priced in (`Transaction.priceCurrency`, else its `currency`); null without trades. */
  priceCurrency: string | null;
}

/**
 * Whether the ticker's value depends on market data: it has shares or dividends. A ticker of commissions
 * only (DEGIRO's account costs, booked on one account-level entry) is worth nothing and needs no quote.
 */
export function needsQuotes(transactions: TickerTransactions): boolean {
  return transactions.columns.stock.days.length > 0 || transactions.columns.dividend.days.length > 0;
}

/**
 * Whether `rows` hold exactly what `prepared` was built from. The columns are in date order, which is
 * the order the database keeps; rows in another order read as changed, which only costs a recompute.
 */
export function sameTransactions(prepared: TickerTransactions, rows: TransactionsByType): boolean {
  if (productOf(rows.stock) !== prepared.product || priceCurrencyOf(rows.stock) !== prepared.priceCurrency)
    return false;
  return TRANSACTION_TYPES.every((type) => {
    const columns = prepared.columns[type];
    const list = rows[type];
    if (list.length !== columns.dates.length) return false;
    for (let k = 0; k < list.length; k += 1) {
      const row = list[k];
      if (
        row.date !== columns.dates[k] ||
        row.amount !== columns.amounts[k] ||
        row.value !== columns.values[k] ||
        row.currency !== columns.currencies[k] ||
        (row.tax ?? 0) !== columns.taxes[k]
      ) {
        return false;
      }
    }
    return true;
  });
}

/** Columns for one ticker; throws a RangeError naming the row when a date is not `YYYY-MM-DD`. */
export function prepareTicker(ticker: string, rows: TransactionsByType): TickerTransactions {
  const columns = {
    stock: toColumns(rows.stock),
    dividend: toColumns(rows.dividend),
    commission: toColumns(rows.commission),
  };
  let firstDay = Infinity;
  for (const type of TRANSACTION_TYPES)
    if (columns[type].days.length > 0) firstDay = Math.min(firstDay, columns[type].days[0]);
  const currencies = [...new Set(TRANSACTION_TYPES.flatMap((type) => columns[type].currencies))].sort();
  return {
    ticker,
    columns,
    firstDay,
    currency: latestCurrency(columns),
    currencies,
    product: productOf(rows.stock),
    priceCurrency: priceCurrencyOf(rows.stock),
  };
}

/** The currency the latest trade (by date, then list order) was priced in. */
function priceCurrencyOf(trades: readonly Transaction[]): string | null {
  let currency: string | null = null;
  let date = '';
  for (const trade of trades) {
    if (trade.date >= date) {
      currency = trade.priceCurrency ?? trade.currency;
      date = trade.date;
    }
  }
  return currency;
}

/** The name of the latest trade (by date, then list order) that carries one: DEGIRO renames products. */
function productOf(trades: readonly Transaction[]): string | null {
  let product: string | null = null;
  let date = '';
  for (const trade of trades) {
    if (trade.product !== undefined && trade.date >= date) {
      product = trade.product;
      date = trade.date;
    }
  }
  return product;
}

/** The rows' fields copied into columns (so later edits to the row objects change nothing here), in day order. */
function toColumns(rows: readonly Transaction[]): TransactionColumns {
  const count = rows.length;
  const rowDays = new Int32Array(count);
  let sorted = true;
  for (let k = 0; k < count; k += 1) {
    rowDays[k] = dayOf(rows[k]);
    if (k > 0 && rowDays[k] < rowDays[k - 1]) sorted = false;
  }
  // Rows come in date order (the database's): only rows out of it need an order of their own.
  const order = sorted ? null : Array.from(rows.keys()).sort((a, b) => rowDays[a] - rowDays[b] || a - b);
  const columns: TransactionColumns = {
    rows: order && Int32Array.from(order),
    dates: new Array<string>(count),
    days: new Int32Array(count),
    amounts: new Float64Array(count),
    values: new Float64Array(count),
    taxes: new Float64Array(count),
    currencies: new Array<Currency>(count),
  };
  for (let k = 0; k < count; k += 1) {
    const from = order === null ? k : order[k];
    const row = rows[from];
    columns.dates[k] = row.date;
    columns.days[k] = rowDays[from];
    columns.amounts[k] = row.amount;
    columns.values[k] = row.value;
    columns.taxes[k] = row.tax ?? 0;
    columns.currencies[k] = row.currency;
  }
  return columns;
}

function dayOf(row: Transaction): number {
  try {
    return epochDayOfIso(row.date);
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
