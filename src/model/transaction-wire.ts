/**
 * A transaction set in columns, for the page ↔ worker messages: a structured clone of tens of thousands
 * of small objects costs the receiving thread ~1 µs per object (20–30 ms for 30,000 transactions, in one
 * task), where two typed arrays (transferred, not copied) and one string cost next to nothing, and the
 * objects are built again in a few ms.
 */
import {
  TRANSACTION_TYPES,
  countTransactions,
  emptyByType,
  emptyTransactionSet,
  type Currency,
  type ListedSet,
  type TickerGroups,
  type Transaction,
  type TransactionSet,
  type TransactionType,
} from './transaction';

export interface PackedTransactions {
  /** How many transactions of each type, in the order of `TRANSACTION_TYPES`. */
  counts: [stock: number, dividend: number, commission: number];
  /** Every distinct string (tickers, dates, currencies, import ids, product names, account ids), one after another. */
  text: string;
  /** Where each distinct string ends in `text`. */
  ends: Uint32Array;
  /** Per transaction: the indices of its ticker, date, currency, import id, product and account (−1: none) among the strings. */
  refs: Int32Array;
  /** Per transaction: amount, value. */
  numbers: Float64Array;
  /** Per dividend, in list order: the tax withheld, NaN when the dividend carries none (a tax is never NaN). */
  taxes: Float64Array;
}

const REFS = 6;

export function packTransactions(set: TransactionSet): PackedTransactions {
  const total = countTransactions(set);
  const index = new Map<string, number>();
  const strings: string[] = [];
  const ref = (text: string): number => {
    let at = index.get(text);
    if (at === undefined) {
      at = strings.length;
      index.set(text, at);
      strings.push(text);
    }
    return at;
  };
  const refs = new Int32Array(total * REFS);
  const numbers = new Float64Array(total * 2);
  const taxes = new Float64Array(set.dividend.length);
  for (const [i, t] of set.dividend.entries()) taxes[i] = t.tax ?? NaN;
  let k = 0;
  for (const type of TRANSACTION_TYPES) {
    for (const t of set[type]) {
      refs[k * REFS] = ref(t.ticker);
      refs[k * REFS + 1] = ref(t.date);
      refs[k * REFS + 2] = ref(t.currency);
      refs[k * REFS + 3] = t.importId === undefined ? -1 : ref(t.importId);
      refs[k * REFS + 4] = t.product === undefined ? -1 : ref(t.product);
      refs[k * REFS + 5] = t.account === undefined ? -1 : ref(t.account);
      numbers[k * 2] = t.amount;
      numbers[k * 2 + 1] = t.value;
      k += 1;
    }
  }
  const ends = new Uint32Array(strings.length);
  let end = 0;
  for (const [i, text] of strings.entries()) ends[i] = end += text.length;
  return {
    counts: [set.stock.length, set.dividend.length, set.commission.length],
    text: strings.join(''),
    ends,
    refs,
    numbers,
    taxes,
  };
}

/**
 * Builds a packed set's transactions a slice at a time, in order: `next(count)` builds up to `count` more
 * and says whether all are built; `set` holds them (its lists are complete once `next` said so). With
 * `ids`, each transaction gets its id as it is built (a listing). With `groups`, each is also put in its
 * ticker's group as it is built (what `groupByTicker(set)` gives, without a second pass over the set).
 * Pure: whoever calls it decides how many per task.
 */
export function transactionUnpacker(
  packed: PackedTransactions,
  ids?: Uint32Array,
  groups?: TickerGroups<Transaction>,
): { next(count: number): boolean; readonly set: TransactionSet } {
  const { text, ends, refs, numbers, taxes } = packed;
  const strings = new Array<string>(ends.length);
  for (let i = 0, start = 0; i < ends.length; start = ends[i]!, i += 1) strings[i] = text.slice(start, ends[i]);
  /** Each ticker's group by the index of its string: an array look-up per transaction, not a hash. */
  const groupOf: Array<Record<TransactionType, Transaction[]> | undefined> = groups ? new Array(ends.length) : [];
  const set: TransactionSet = emptyTransactionSet();
  for (const [typeIndex, type] of TRANSACTION_TYPES.entries())
    set[type] = new Array<Transaction>(packed.counts[typeIndex]!);
  /** Where the next transaction is: its type, its place in that type's list, its place in the columns. */
  let typeIndex = 0;
  let i = 0;
  let k = 0;
  const next = (count: number): boolean => {
    for (let built = 0; typeIndex < TRANSACTION_TYPES.length;) {
      const type = TRANSACTION_TYPES[typeIndex]!;
      const list = set[type];
      if (i >= list.length) {
        typeIndex += 1;
        i = 0;
        continue;
      }
      if (built >= count) return false;
      const importRef = refs[k * REFS + 3]!;
      const t: Transaction = {
        ticker: strings[refs[k * REFS]!]!,
        type,
        date: strings[refs[k * REFS + 1]!]!,
        amount: numbers[k * 2]!,
        value: numbers[k * 2 + 1]!,
        currency: strings[refs[k * REFS + 2]!] as Currency,
      };
      // The id in the first shape the object takes: one hidden class for a listing's objects, not a transition each.
      if (ids) (t as ListedSet['stock'][number]).id = ids[k]!;
      if (importRef >= 0) t.importId = strings[importRef];
      const productRef = refs[k * REFS + 4]!;
      if (productRef >= 0) t.product = strings[productRef];
      const accountRef = refs[k * REFS + 5]!;
      if (accountRef >= 0) t.account = strings[accountRef];
      if (type === 'dividend') {
        const tax = taxes[i]!;
        if (!Number.isNaN(tax)) t.tax = tax;
      }
      list[i] = t;
      if (groups) {
        const tickerRef = refs[k * REFS]!;
        let group = groupOf[tickerRef];
        if (!group) groups.set(t.ticker, (group = groupOf[tickerRef] = emptyByType<Transaction>()));
        group[type].push(t);
      }
      i += 1;
      k += 1;
      built += 1;
    }
    return true;
  };
  return { next, set };
}

export function unpackTransactions(packed: PackedTransactions): TransactionSet {
  const unpacker = transactionUnpacker(packed);
  unpacker.next(Number.POSITIVE_INFINITY);
  return unpacker.set;
}

/** The buffers to transfer with a packed set. */
export const packedBuffers = (packed: PackedTransactions): ArrayBuffer[] => [
  packed.ends.buffer as ArrayBuffer,
  packed.refs.buffer as ArrayBuffer,
  packed.numbers.buffer as ArrayBuffer,
  packed.taxes.buffer as ArrayBuffer,
];

/** A listed set in columns: the packed transactions and, in the same order, each one's id. */
export interface PackedListing extends PackedTransactions {
  ids: Uint32Array;
}

/** `ids` in the order of `TRANSACTION_TYPES`, then each list's order. */
export function packListing(set: TransactionSet, ids: Uint32Array): PackedListing {
  return { ...packTransactions(set), ids };
}

export function unpackListing(packed: PackedListing): ListedSet {
  const unpacker = transactionUnpacker(packed, packed.ids);
  unpacker.next(Number.POSITIVE_INFINITY);
  return unpacker.set as ListedSet;
}

export const listingBuffers = (packed: PackedListing): ArrayBuffer[] => [
  ...packedBuffers(packed),
  packed.ids.buffer as ArrayBuffer,
];
