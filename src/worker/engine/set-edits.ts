/**
 * A new set taken as an edit of the one before (set-snapshot.ts holds its rows): in one pass over its
 * lists, the rows that differ; a row whose amount, value or tax alone changed is written into a copy of
 * its ticker's columns, and only the tickers of rows that changed otherwise (ticker, date, currency,
 * product) are grouped and prepared again. A list of another length (a row added or deleted) asks for
 * the whole set to be grouped again. Only edits need this code: the worker loads it with the first
 * change (intents/transactions.ts), so its first chunk stays without it; a view without it groups again.
 */
import { TRANSACTION_TYPES, type Transaction, type TransactionSet, type TransactionType } from '../../model';
import { copyRow, type Rows, type SetSnapshot } from './set-snapshot';
import {
  prepareTicker,
  sameTransactions,
  type TickerTransactions,
  type TransactionColumns,
  type TransactionsByType,
} from './ticker-transactions';

/** A row whose amount, value or tax changed and nothing else: its ticker's columns take the new numbers in place. */
interface NumbersEdit {
  ticker: string;
  type: TransactionType;
  /** Its place among the ticker's rows of its type, in the set's order. */
  ordinal: number;
  amount: number;
  value: number;
  /** 0 where none is recorded. */
  tax: number;
}

/** What a set changed of the snapshot's rows. */
interface SetChanges {
  /** Tickers whose rows must be grouped again: a row's ticker (before and after), date, currency or product changed. */
  regroup: Set<string>;
  /** Rows of other tickers whose numbers alone changed. */
  numbers: NumbersEdit[];
}

/** What `syncRow` found of a row: nothing changed, only its amount, value or tax, or something else. */
const SAME = 0;
const NUMBERS = 1;
const OTHER = 2;

/**
 * The index of the first row from `from` on that differs from the snapshot's, or the list's length. The
 * loop over every row does nothing else (the few rows that differ are recorded by the caller), so its
 * code compiled on the way (on-stack) holds nothing the first edit has not run yet.
 */
function nextChange(rows: Rows, list: readonly Transaction[], from: number): number {
  const { keys, dates, currencies, products, priceCurrencies, amounts, values, taxes } = rows;
  // The comparison written out here, not called: the first edit runs this loop before it is compiled.
  for (let k = from; k < list.length; k += 1) {
    const row = list[k];
    if (
      keys[k] !== row.ticker ||
      dates[k] !== row.date ||
      amounts[k] !== row.amount ||
      values[k] !== row.value ||
      currencies[k] !== row.currency ||
      taxes[k] !== (row.tax ?? 0) ||
      products[k] !== row.product ||
      priceCurrencies[k] !== row.priceCurrency
    )
      return k;
  }
  return list.length;
}

/** What differs between `row` and the snapshot's row `k` (one `nextChange` found). */
function syncRow(rows: Rows, k: number, row: Transaction): number {
  if (
    rows.keys[k] !== row.ticker ||
    rows.dates[k] !== row.date ||
    rows.currencies[k] !== row.currency ||
    rows.products[k] !== row.product ||
    rows.priceCurrencies[k] !== row.priceCurrency
  )
    return OTHER;
  return rows.amounts[k] === row.amount && rows.values[k] === row.value && rows.taxes[k] === (row.tax ?? 0)
    ? SAME
    : NUMBERS;
}

/**
 * What `set` changed of the snapshot's rows, the snapshot brought up to date; null when a list's length
 * changed (the snapshot is left as it was).
 */
function changedRows(snapshot: SetSnapshot, set: TransactionSet): SetChanges | null {
  if (TRANSACTION_TYPES.some((type) => snapshot[type].keys.length !== set[type].length)) return null;
  const regroup = new Set<string>();
  const edited: Array<{ type: TransactionType; index: number }> = [];
  for (const type of TRANSACTION_TYPES) {
    const rows = snapshot[type];
    const list = set[type];
    for (let index = nextChange(rows, list, 0); index < list.length; index = nextChange(rows, list, index + 1)) {
      if (syncRow(rows, index, list[index]) === NUMBERS) edited.push({ type, index });
      else {
        regroup.add(rows.keys[index]);
        regroup.add(list[index].ticker);
      }
      copyRow(rows, index, list[index]);
    }
  }
  const numbers = edited
    .filter(({ type, index }) => !regroup.has(snapshot[type].keys[index]))
    .map(({ type, index }): NumbersEdit => {
      const rows = snapshot[type];
      const ticker = rows.keys[index];
      let ordinal = 0;
      for (let k = 0; k < index; k += 1) if (rows.keys[k] === ticker) ordinal += 1;
      return { ticker, type, ordinal, amount: rows.amounts[index], value: rows.values[index], tax: rows.taxes[index] };
    });
  return { regroup, numbers };
}

/** The rows of `tickers` per ticker and type, each list in the set's order (as `groupByTicker` has them). */
function rowsOfTickers(set: TransactionSet, tickers: ReadonlySet<string>): Map<string, TransactionsByType> {
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

/** An edit of one row's numbers: the row's place among the ticker's rows of `type` (their list's order) and its new amount, value and tax. */
interface RowNumbers {
  type: TransactionType;
  ordinal: number;
  amount: number;
  value: number;
  tax: number;
}

/**
 * `prepared` with rows' amounts, values and taxes replaced (nothing else of a row changed: its day, its
 * currency, its place), as `prepareTicker` would give for the edited rows. The columns of the types edited
 * are copies: `prepared` itself stays as it was.
 */
function withNumbers(prepared: TickerTransactions, edits: readonly RowNumbers[]): TickerTransactions {
  // Objects built as prepareTicker builds them, field by field in its order, and never written after: the
  // same shape (and the same constant fields) for the code that reads them.
  const edited = new Set(edits.map((edit) => edit.type));
  const of = (type: TransactionType) =>
    edited.has(type) ? numbersCopied(prepared.columns[type]) : prepared.columns[type];
  const columns = { stock: of('stock'), dividend: of('dividend'), commission: of('commission') };
  for (const { type, ordinal, amount, value, tax } of edits) {
    const target = columns[type];
    const k = target.rows ? target.rows.indexOf(ordinal) : ordinal;
    target.amounts[k] = amount;
    target.values[k] = value;
    target.taxes[k] = tax;
  }
  const { ticker, firstDay, currency, currencies, product, priceCurrency } = prepared;
  return { ticker, columns, firstDay, currency, currencies, product, priceCurrency };
}

/** The columns with their amounts, values and taxes copied (to be written), in toColumns' field order. */
function numbersCopied(before: TransactionColumns): TransactionColumns {
  const { rows, dates, days, currencies } = before;
  const amounts = before.amounts.slice();
  const values = before.values.slice();
  const taxes = before.taxes.slice();
  return { rows, dates, days, amounts, values, taxes, currencies };
}

/**
 * Takes `set` into `tickers` as an edit of the snapshot's rows (brought up to date), calling `changed` with
 * each ticker whose transactions changed, came or went; false when a list's length changed: nothing was
 * taken, the set must be grouped again.
 */
export function takeEdit(
  tickers: Map<string, TickerTransactions>,
  snapshot: SetSnapshot,
  set: TransactionSet,
  changed: (ticker: string) => void,
): boolean {
  const changes = changedRows(snapshot, set);
  if (changes === null) return false;
  const edits = new Map<string, RowNumbers[]>();
  for (const edit of changes.numbers) {
    const list = edits.get(edit.ticker);
    if (list) list.push(edit);
    else edits.set(edit.ticker, [edit]);
  }
  const touched = changes.regroup;
  for (const [ticker, list] of edits) {
    const previous = tickers.get(ticker);
    if (!previous) touched.add(ticker);
    else {
      tickers.set(ticker, withNumbers(previous, list));
      changed(ticker);
    }
  }
  if (touched.size === 0) return true;
  const rows = rowsOfTickers(set, touched);
  for (const ticker of touched) {
    const tickerRows = rows.get(ticker);
    const previous = tickers.get(ticker);
    if (!tickerRows) tickers.delete(ticker);
    else if (!previous || !sameTransactions(previous, tickerRows))
      tickers.set(ticker, prepareTicker(ticker, tickerRows));
    else continue;
    changed(ticker);
  }
  return true;
}
