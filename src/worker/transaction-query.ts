/**
 * The transactions page's search, filters and order, computed here where the set is: a 30-year history of
 * tens of thousands of transactions is filtered and sorted without the page's main thread, which gets the
 * matching ids (a typed array) and draws them from the listing it holds.
 */
import {
  byDateAscending,
  TRANSACTION_TYPES,
  type Transaction,
  type TransactionSet,
  type TransactionType,
} from '../model';
import type { TransactionMatches, TransactionQuery } from '../model/transaction-query';
import { productsByTicker } from './backup/products';

interface Row {
  id: number;
  t: Transaction;
  typeOrder: number;
}

const byTicker = (a: Row, b: Row): number => (a.t.ticker < b.t.ticker ? -1 : a.t.ticker > b.t.ticker ? 1 : 0);
const newestFirst = (a: Row, b: Row): number => byDateAscending(b.t, a.t);

const ORDERS: Record<TransactionQuery['sort'], (a: Row, b: Row) => number> = {
  ticker: (a, b) => byTicker(a, b) || a.typeOrder - b.typeOrder || newestFirst(a, b),
  dateDesc: (a, b) => newestFirst(a, b) || byTicker(a, b),
  dateAsc: (a, b) => byDateAscending(a.t, b.t) || byTicker(a, b),
  valueDesc: (a, b) => b.t.value - a.t.value || newestFirst(a, b),
  valueAsc: (a, b) => a.t.value - b.t.value || newestFirst(a, b),
};

/**
 * The ids of `set`'s transactions that `query` keeps, in its order; `ids` gives each transaction's id, list
 * by list. `symbolChoices` (ISIN or product name → ticker, from the user's imports) lets the text find a
 * ticker by its product's name or ISIN, as does the product name an imported trade keeps.
 */
export function queryTransactions(
  set: TransactionSet,
  ids: Readonly<Record<TransactionType, readonly number[]>>,
  query: TransactionQuery,
  symbolChoices: Readonly<Record<string, string>>,
): Uint32Array {
  const needle = query.text.trim().toLowerCase();
  // Which tickers the text finds, each decided once: by the ticker, its product's name or its ISIN.
  const products = needle === '' ? null : productsByTicker(symbolChoices);
  // The product names the imports saw, kept on the trades (`Transaction.product`), find their ticker too.
  const tradeNames = new Map<string, Set<string>>();
  if (needle !== '') {
    for (const t of set.stock) {
      if (t.product === undefined) continue;
      let names = tradeNames.get(t.ticker);
      if (!names) tradeNames.set(t.ticker, (names = new Set()));
      names.add(t.product);
    }
  }
  const found = new Map<string, boolean>();
  const textFinds = (ticker: string): boolean => {
    let hit = found.get(ticker);
    if (hit === undefined) {
      const product = products?.get(ticker);
      hit = [ticker, product?.product ?? '', product?.isin ?? '', ...(tradeNames.get(ticker) ?? [])].some((text) =>
        text.toLowerCase().includes(needle),
      );
      found.set(ticker, hit);
    }
    return hit;
  };
  const rows: Row[] = [];
  for (const [typeOrder, type] of TRANSACTION_TYPES.entries()) {
    if (query.type !== null && query.type !== type) continue;
    set[type].forEach((t, i) => {
      if (query.ticker !== null && t.ticker !== query.ticker) return;
      if ((query.from !== null && t.date < query.from) || (query.to !== null && t.date > query.to)) return;
      if (needle !== '' && !textFinds(t.ticker)) return;
      rows.push({ id: ids[type][i]!, t, typeOrder });
    });
  }
  rows.sort(ORDERS[query.sort]);
  return Uint32Array.from(rows, (row) => row.id);
}

/** The held set's matches for `query` with the set's size and `version`: what the transactions page gets. */
export function matchesOf(
  set: TransactionSet,
  ids: Readonly<Record<TransactionType, readonly number[]>>,
  query: TransactionQuery,
  symbolChoices: Readonly<Record<string, string>>,
  version: string | null,
): TransactionMatches {
  const total = set.stock.length + set.dividend.length + set.commission.length;
  return { ids: queryTransactions(set, ids, query, symbolChoices), total, version };
}
