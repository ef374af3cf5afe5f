/**
 * Which tickers a new set changed, as the page draws them: a ticker's section is its transactions of each
 * type, in the set's order, each with its id. A view names, per ticker, the revision of those rows: it
 * stays while none of them changed, and is a number never used before when one did (added, deleted,
 * edited, renamed to or from, moved in the order). The page keeps the section of a ticker whose revision
 * it already drew (an import that touched five of 200 tickers draws five sections again, not 200).
 */
import { emptyByType, TRANSACTION_TYPES, type Transaction, type TransactionSet, type TransactionType } from '../model';

/** A set as the store holds it: the transactions and, list by list in the same order, each one's id. */
export interface IdentifiedSet {
  set: TransactionSet;
  ids: Readonly<Record<TransactionType, readonly number[]>>;
}

/** Per ticker, the places of its transactions in each list of the set, in order. */
function placesByTicker(set: TransactionSet): Map<string, Record<TransactionType, number[]>> {
  const places = new Map<string, Record<TransactionType, number[]>>();
  for (const type of TRANSACTION_TYPES) {
    const list = set[type];
    for (let i = 0; i < list.length; i += 1) {
      const ticker = list[i]!.ticker;
      let own = places.get(ticker);
      if (!own) places.set(ticker, (own = emptyByType<number>()));
      own[type].push(i);
    }
  }
  return places;
}

/** Every field the page may show or send back (a transaction of another ticker or type is in another section). */
const sameFields = (a: Transaction, b: Transaction): boolean =>
  a.date === b.date &&
  a.amount === b.amount &&
  a.value === b.value &&
  a.currency === b.currency &&
  a.tax === b.tax &&
  a.importId === b.importId &&
  a.product === b.product &&
  a.account === b.account;

function sameRows(
  before: IdentifiedSet,
  beforePlaces: Record<TransactionType, number[]>,
  after: IdentifiedSet,
  afterPlaces: Record<TransactionType, number[]>,
): boolean {
  for (const type of TRANSACTION_TYPES) {
    const was = beforePlaces[type];
    const is = afterPlaces[type];
    if (was.length !== is.length) return false;
    for (let k = 0; k < is.length; k += 1) {
      const i = was[k]!;
      const j = is[k]!;
      if (before.ids[type][i] !== after.ids[type][j] || !sameFields(before.set[type][i]!, after.set[type][j]!))
        return false;
    }
  }
  return true;
}

/**
 * The revision of each ticker of `after`: its revision in `revisions` (those of `before`) when its rows
 * are the same ids with the same fields in the same order, else `revision`.
 */
export function tickerRevisions(
  before: IdentifiedSet,
  revisions: ReadonlyMap<string, number>,
  after: IdentifiedSet,
  revision: number,
): Map<string, number> {
  const beforePlaces = placesByTicker(before.set);
  const next = new Map<string, number>();
  for (const [ticker, places] of placesByTicker(after.set)) {
    const earlier = revisions.get(ticker);
    const was = beforePlaces.get(ticker);
    next.set(ticker, earlier !== undefined && was && sameRows(before, was, after, places) ? earlier : revision);
  }
  return next;
}
