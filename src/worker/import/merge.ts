/**
 * Adds an import's new transactions to the existing set: rows imported before (same import id, or the id
 * an earlier version gave them, which the stored transaction then takes) are not added twice, but a dividend stored before without its withheld tax (an import of an earlier version
 * netted it away) gets the tax the file shows, and a transaction stored in a foreign currency because the
 * export it came from ended before its conversion to EUR is replaced by the later export's EUR version
 * (same import id: the conversion rows do not identify it), keeping the ticker it is stored under. An
 * order's costs stored by an earlier version as one commission per cost row are replaced by the order's one.
 */
import { byDateAscending, type Transaction, type TransactionSet, type TransactionType } from '../../model';
import { importIdParts } from './import-id';
import { mergeCash } from './merge-cash';
import type { DegiroImport, ImportedTransaction } from './types';

export interface MergeResult {
  /** The full set, each list sorted by date; the existing set unchanged when the merge is refused. */
  merged: TransactionSet;
  added: number;
  alreadyPresent: number;
  /** Dividends already present that had no `tax` and now have the one the file shows (counted in `alreadyPresent` too). */
  taxFilled: number;
  /** Transactions stored in USD that the file has converted to EUR, replaced by it (counted in `alreadyPresent` too). */
  converted: number;
  /**
   * Stored transactions that took the new id of their former one, and imported commissions that replaced
   * the parts of them stored each alone (an order's cost rows); counted in `alreadyPresent` too.
   */
  renamed: number;
  /** Product keys (ISIN, or product name) still without a ticker: while any is listed, nothing is merged. */
  unresolvedProducts: string[];
}

const TYPES: readonly TransactionType[] = ['stock', 'dividend', 'commission'];

function plain(imported: ImportedTransaction, account?: string): Transaction {
  const { ticker, type, date, amount, value, currency, importId, tax, product, priceCurrency } = imported;
  const transaction: Transaction =
    account === undefined
      ? { ticker, type, date, amount, value, currency, importId }
      : { account, ticker, type, date, amount, value, currency, importId };
  if (tax !== undefined) transaction.tax = tax;
  if (product !== undefined) transaction.product = product;
  if (priceCurrency !== undefined) transaction.priceCurrency = priceCurrency;
  return transaction;
}

/**
 * The existing lists (copies), where a transaction stored under the former id of an imported one (trades
 * and product costs were keyed differently before Account.csv and Transactions.csv shared their keys)
 * takes the new id, which `known` then holds: it is the same transaction, already present.
 */
function renameFormerIds(
  existing: TransactionSet,
  imported: DegiroImport,
  known: Set<string>,
): { lists: TransactionSet; count: number } {
  let count = 0;
  const renamed: TransactionSet = {
    stock: [...existing.stock],
    dividend: [...existing.dividend],
    commission: [...existing.commission],
  };
  for (const type of TYPES) {
    let at: Map<string, number> | null = null;
    for (const t of imported.transactions[type]) {
      if (!t.formerImportId || known.has(t.importId) || !known.has(t.formerImportId)) continue;
      at ??= new Map(renamed[type].flatMap((stored, i) => (stored.importId ? [[stored.importId, i] as const] : [])));
      const index = at.get(t.formerImportId);
      if (index === undefined) continue;
      renamed[type][index] = { ...renamed[type][index]!, importId: t.importId };
      at.delete(t.formerImportId);
      known.delete(t.formerImportId);
      known.add(t.importId);
      count += 1;
    }
  }
  return { lists: renamed, count };
}

/**
 * Stored commissions that are parts of an imported one (an order's cost rows, stored each alone by an
 * earlier version, while the import sums them into the order's one commission) give way to it: they are
 * removed, and it takes their place (with the ticker of the first) unless it is stored already (another
 * file gave it). Changes `lists.commission` and `known`; returns how many imported commissions replaced parts.
 */
function replaceStoredParts(lists: TransactionSet, imported: DegiroImport, known: Set<string>): number {
  const joining = imported.transactions.commission.filter((t) => t.replacesImportIds?.some((id) => known.has(id)));
  if (joining.length === 0) return 0;
  const at = new Map(lists.commission.flatMap((stored, i) => (stored.importId ? [[stored.importId, i] as const] : [])));
  const removed = new Set<number>();
  const added: Transaction[] = [];
  for (const t of joining) {
    const parts = t.replacesImportIds!.flatMap((id) => {
      const index = at.get(id);
      return index === undefined || id === t.importId || removed.has(index) ? [] : [index];
    });
    if (parts.length === 0) continue;
    for (const index of parts) {
      removed.add(index);
      known.delete(lists.commission[index]!.importId!);
    }
    if (!known.has(t.importId)) {
      const first = lists.commission[parts[0]!]!;
      added.push({ ...plain(t, first.account), ticker: first.ticker });
      known.add(t.importId);
    }
  }
  lists.commission = [...lists.commission.filter((_, i) => !removed.has(i)), ...added];
  return joining.length;
}

/**
 * A dividend whose id joins the ids of tax refunds attributed to it (`joinImportIds`) against the stored
 * dividends sharing one of its parts: 'present' when one of them already holds all it holds (or more),
 * 'replaces' when it holds all they hold (it then takes their place: `dropped` gets their indices, the
 * ticker of the first stays), 'new' when none shares a part.
 */
function joinedDividend(
  list: Transaction[],
  t: ImportedTransaction,
  dropped: Set<number>,
): 'present' | 'replaces' | 'new' {
  const parts = new Set(importIdParts(t.importId));
  const owners: number[] = [];
  list.forEach((stored, i) => {
    if (!stored.importId || dropped.has(i)) return;
    if (importIdParts(stored.importId).some((part) => parts.has(part))) owners.push(i);
  });
  if (owners.length === 0) return 'new';
  const holdsAll = (i: number) => importIdParts(list[i]!.importId!).every((part) => parts.has(part));
  if (!owners.every(holdsAll)) return 'present';
  t.ticker = list[owners[0]!]!.ticker;
  for (const i of owners) dropped.add(i);
  return 'replaces';
}

/** What {@link mergeImported} counts, without the merged set: what the preview asks. */
export type MergeCounts = Omit<MergeResult, 'merged'>;

/**
 * `account`: the id of the account the new transactions go to (cash too); absent, they carry none (the
 * set's first account). A transaction already stored keeps its account.
 */
export function mergeImported(existing: TransactionSet, imported: DegiroImport, account?: string): MergeResult {
  return merge(existing, imported, account, true);
}

/**
 * The counts {@link mergeImported} gives, by the same walk, without making the merged set: no copy of a new
 * transaction and no list sorted (the preview's question, asked again each time it is shown).
 */
export function mergeCounts(existing: TransactionSet, imported: DegiroImport): MergeCounts {
  const { merged: _unused, ...counts } = merge(existing, imported, undefined, false);
  return counts;
}

/** The merge; without `build`, only its counts are right (new transactions go into the lists as they are, unsorted). */
function merge(
  existing: TransactionSet,
  imported: DegiroImport,
  account: string | undefined,
  build: boolean,
): MergeResult {
  const unresolved = new Set<string>();
  for (const type of TYPES)
    for (const t of imported.transactions[type]) if (t.ticker === '') unresolved.add(t.productKey);
  if (unresolved.size > 0)
    return {
      merged: existing,
      added: 0,
      alreadyPresent: 0,
      taxFilled: 0,
      converted: 0,
      renamed: 0,
      unresolvedProducts: [...unresolved].sort(),
    };

  const known = new Set<string>();
  for (const type of TYPES) for (const t of existing[type]) if (t.importId) known.add(t.importId);
  const { lists: renamed, count: renamedCount } = renameFormerIds(existing, imported, known);
  const joinedCount = replaceStoredParts(renamed, imported, known);
  /** Stored dividends without a tax, by import id: where an import may fill the tax in. */
  const untaxed = new Map<string, number>();
  existing.dividend.forEach((t, i) => {
    if (t.importId && t.tax === undefined) untaxed.set(t.importId, i);
  });
  let added = 0;
  let alreadyPresent = 0;
  let taxFilled = 0;
  let converted = 0;
  const merged = {} as TransactionSet;
  /** Stored dividends a joined one replaces, by index. */
  const dropped = new Set<number>();
  /** The parts of stored dividends' joined ids: a refund or a dividend imported again alone is already in one. */
  const joinedParts = new Set(
    renamed.dividend.flatMap((t) => (t.importId?.includes('+') ? importIdParts(t.importId) : [])),
  );
  for (const type of TYPES) {
    const list = renamed[type];
    /** Stored transactions not in EUR, by import id: an export that ended before their conversion. */
    let unconverted: Map<string, number> | null = null;
    for (const t of imported.transactions[type]) {
      if (known.has(t.importId)) {
        alreadyPresent += 1;
        if (t.currency === 'EUR') {
          unconverted ??= new Map(
            list.flatMap((stored, i) =>
              stored.importId && stored.currency !== 'EUR' ? [[stored.importId, i] as const] : [],
            ),
          );
          const at = unconverted.get(t.importId);
          if (at !== undefined) {
            const complete = plain(t, list[at]!.account);
            complete.ticker = list[at]!.ticker;
            list[at] = complete;
            unconverted.delete(t.importId);
            untaxed.delete(t.importId);
            converted += 1;
            continue;
          }
        }
        const at = type === 'dividend' && t.tax !== undefined ? untaxed.get(t.importId) : undefined;
        if (at !== undefined) {
          list[at] = { ...list[at]!, tax: t.tax! };
          untaxed.delete(t.importId);
          taxFilled += 1;
        }
        continue;
      }
      if (type === 'dividend' && (t.importId.includes('+') || joinedParts.size > 0)) {
        const joined = t.importId.includes('+')
          ? joinedDividend(list, t, dropped)
          : joinedParts.has(t.importId)
            ? 'present'
            : 'new';
        if (joined === 'present') {
          alreadyPresent += 1;
          continue;
        }
        if (joined === 'replaces') {
          // A dividend now with the tax refunds of later days that were stored before, alone or as one of them.
          alreadyPresent += 1;
          taxFilled += 1;
        } else added += 1;
      } else added += 1;
      known.add(t.importId);
      // Counting only, the imported transaction stands for its copy: the walk reads only its id and ticker.
      list.push(build ? plain(t, account) : (t as Transaction));
    }
    merged[type] = !build
      ? list
      : (dropped.size > 0 && type === 'dividend' ? list.filter((_, i) => !dropped.has(i)) : list).sort(byDateAscending);
  }
  const folded = new Set(TYPES.flatMap((type) => imported.transactions[type].flatMap((t) => t.foldedImportIds ?? [])));
  const cash = mergeCash(
    existing.cash ?? [],
    merged.commission,
    imported.transactions.cash,
    account,
    folded,
    existing,
    build,
  );
  merged.commission = cash.commission;
  if (existing.cash !== undefined || cash.cash.length > 0) merged.cash = cash.cash;
  return {
    merged,
    added: added + cash.added,
    alreadyPresent: alreadyPresent + cash.alreadyPresent,
    taxFilled,
    converted,
    renamed: renamedCount + joinedCount + cash.replaced,
    unresolvedProducts: [],
  };
}
