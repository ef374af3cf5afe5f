/**
 * What a restore would do, before it does it, and the set it makes: **merge** adds what the portfolio
 * lacks (no duplicates), **replace** makes the portfolio the file's.
 *
 * A transaction's identity: its import id when it has one (imported rows); otherwise its content (type,
 * ticker, date, amount, value, currency, tax). Content is counted, not just compared: two identical
 * buys on one day are two transactions, so a file that holds them twice and a portfolio that holds them
 * once merge into twice, and merging a file into itself changes nothing.
 */
import {
  TRANSACTION_TYPES,
  byDateAscending,
  countTransactions,
  type Transaction,
  type TransactionSet,
  type TransactionType,
} from '../../model';
import { MAX_REMEMBERED_MAPPINGS, savedAtMs, type RememberedMapping } from '../../model/csv-mapping';
import type { BackupContent, BackupSettings } from './backup-json';

export type TypeCounts = Record<TransactionType, number>;

export interface MergeCounts {
  /** Transactions of the file the portfolio lacks: added. */
  added: TypeCounts;
  /** Transactions of the file already in the portfolio. */
  alreadyPresent: number;
  /** Imported transactions whose id is in the portfolio with other content: the portfolio's kept. */
  keptDifferent: number;
  /** Symbol choices of the file for products without one: added (the portfolio's own choices are kept). */
  symbolChoicesAdded: number;
  /** Settings the portfolio has not set that the file brings (its own are kept). */
  settingsAdded: string[];
  /** Column mappings of the file for headers the user has none for: added (the user's own are kept). */
  csvMappingsAdded: number;
  /** Column mappings after the merge (the most recently saved MAX_REMEMBERED_MAPPINGS). */
  csvMappings: number;
  /** Transactions after the merge. */
  total: number;
}

export interface ReplaceCounts {
  /** Transactions of the portfolio not in the file: gone after the replace. */
  removed: number;
  /** Transactions of the file not in the portfolio. */
  added: number;
  /** Imported transactions in both whose content differs: the file's replace the portfolio's. */
  changed: number;
  /** Transactions in both. */
  unchanged: number;
  /** The file's transactions: the portfolio's after the replace. */
  total: number;
  /** Symbol choices after the replace: a backup's; with a CSV (which names only some) the portfolio's and the file's. */
  symbolChoices: number;
  /** Settings that change (a CSV brings none, so none change). */
  settingsChanged: string[];
  /** Column mappings after the replace: the file's; the user's when the file carries none (a CSV, a version 1 backup). */
  csvMappings: number;
}

export interface RestorePlan {
  current: { total: number; symbolChoices: number; csvMappings: number };
  /** The column mappings the file carries; null when it carries none (a CSV, a version 1 backup). */
  fileCsvMappings: number | null;
  merge: MergeCounts;
  replace: ReplaceCounts;
}

/** The key a transaction is found by, and the content it must match under that key. */
function contentKey(t: Transaction): string {
  return JSON.stringify([t.type, t.ticker, t.date, t.amount, t.value, t.currency, t.tax ?? null]);
}

const zero = (): TypeCounts => ({ stock: 0, dividend: 0, commission: 0 });

/** Counts of content keys, taken one by one. */
class Multiset {
  private readonly counts = new Map<string, number>();
  size = 0;

  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.size += 1;
  }

  /** Takes one `key`, or any key when `key` is absent and `orAny`; whether one was taken. */
  take(key: string, orAny = false): boolean {
    let taken = key;
    if (!this.counts.get(key)) {
      if (!orAny || this.size === 0) return false;
      taken = this.counts.keys().next().value!;
    }
    const left = this.counts.get(taken)! - 1;
    if (left === 0) this.counts.delete(taken);
    else this.counts.set(taken, left);
    this.size -= 1;
    return true;
  }
}

/** What the portfolio holds, for matching: imported ones by id (then content), the others by content. */
class Holdings {
  private readonly byImportId = new Map<string, Multiset>();
  private readonly byContent = new Multiset();

  constructor(set: TransactionSet) {
    for (const type of TRANSACTION_TYPES) {
      for (const t of set[type]) {
        if (t.importId === undefined) this.byContent.add(contentKey(t));
        else {
          let held = this.byImportId.get(t.importId);
          if (!held) this.byImportId.set(t.importId, (held = new Multiset()));
          held.add(contentKey(t));
        }
      }
    }
  }

  /** Takes `t` from what is held: 'present', 'different' (its import id held with other content) or 'absent'. */
  take(t: Transaction): 'present' | 'different' | 'absent' {
    const key = contentKey(t);
    if (t.importId === undefined) return this.byContent.take(key) ? 'present' : 'absent';
    const held = this.byImportId.get(t.importId);
    if (!held || held.size === 0) return 'absent';
    if (held.take(key)) return 'present';
    held.take(key, true);
    return 'different';
  }
}

/** The merged set (each list by date; same-day transactions: the portfolio's first) and what it took. */
export function mergeTransactions(
  current: TransactionSet,
  incoming: TransactionSet,
): { merged: TransactionSet; added: TypeCounts; alreadyPresent: number; keptDifferent: number } {
  const held = new Holdings(current);
  const added = zero();
  let alreadyPresent = 0;
  let keptDifferent = 0;
  const merged = {} as TransactionSet;
  for (const type of TRANSACTION_TYPES) {
    const list = [...current[type]];
    for (const t of incoming[type]) {
      const found = held.take(t);
      if (found === 'present') alreadyPresent += 1;
      else if (found === 'different') keptDifferent += 1;
      else {
        list.push(t);
        added[type] += 1;
      }
    }
    merged[type] = list.sort(byDateAscending);
  }
  // The cash (issue 33) is kept, and a file's cash rows the portfolio lacks added, each counted once.
  if (current.cash || incoming.cash) {
    const held = new Map<string, number>();
    for (const c of current.cash ?? []) held.set(JSON.stringify(c), (held.get(JSON.stringify(c)) ?? 0) + 1);
    const cash = [...(current.cash ?? [])];
    for (const c of incoming.cash ?? []) {
      const key = JSON.stringify(c);
      const left = held.get(key) ?? 0;
      if (left > 0) held.set(key, left - 1);
      else cash.push(c);
    }
    merged.cash = cash.sort(byDateAscending);
  }
  return { merged, added, alreadyPresent, keptDifferent };
}

function settingsAddedBy(current: BackupSettings, incoming: BackupSettings | null): string[] {
  if (!incoming) return [];
  return (Object.keys(incoming) as Array<keyof BackupSettings>).filter(
    (key) => current[key] === undefined && incoming[key] !== undefined,
  );
}

function settingsChangedBy(current: BackupSettings, incoming: BackupSettings | null): string[] {
  if (!incoming) return [];
  const keys = new Set([...Object.keys(current), ...Object.keys(incoming)] as Array<keyof BackupSettings>);
  return [...keys].filter((key) => current[key] !== incoming[key]).sort();
}

/** What the portfolio holds now: its transactions, symbol choices, settings and remembered column mappings. */
export interface CurrentContent {
  transactions: TransactionSet;
  symbolChoices: Readonly<Record<string, string>>;
  settings: BackupSettings;
  csvMappings: readonly RememberedMapping[];
}

/** Most recently saved first; on the same time by header (the server's order). */
const byMostRecent = (a: RememberedMapping, b: RememberedMapping) =>
  (savedAtMs(b.savedAt) ?? 0) - (savedAtMs(a.savedAt) ?? 0) || (a.header < b.header ? -1 : a.header > b.header ? 1 : 0);

/**
 * The remembered mappings after a merge, as the server makes them (`PUT /api/csv-mappings/all`): the
 * user's own for every header they have, the file's for the others, and of those the most recently
 * saved MAX_REMEMBERED_MAPPINGS.
 */
export function mergeCsvMappings(
  current: readonly RememberedMapping[],
  incoming: readonly RememberedMapping[],
): RememberedMapping[] {
  const own = new Set(current.map((m) => m.header));
  return [...current, ...incoming.filter((m) => !own.has(m.header))]
    .sort(byMostRecent)
    .slice(0, MAX_REMEMBERED_MAPPINGS);
}

export function planRestore(current: CurrentContent, incoming: BackupContent): RestorePlan {
  const match = mergeTransactions(current.transactions, incoming.transactions);
  const { alreadyPresent, keptDifferent } = match;
  const kept = applyRestore(current, incoming, 'replace');
  const mergedMappings =
    incoming.csvMappings === null ? current.csvMappings : mergeCsvMappings(current.csvMappings, incoming.csvMappings);
  const own = new Set(current.csvMappings.map((m) => m.header));
  return {
    current: {
      total: countTransactions(current.transactions),
      symbolChoices: Object.keys(current.symbolChoices).length,
      csvMappings: current.csvMappings.length,
    },
    fileCsvMappings: incoming.csvMappings?.length ?? null,
    merge: {
      added: match.added,
      alreadyPresent,
      keptDifferent,
      symbolChoicesAdded: Object.keys(incoming.symbolChoices).filter(
        (key) => !Object.hasOwn(current.symbolChoices, key),
      ).length,
      settingsAdded: settingsAddedBy(current.settings, incoming.settings),
      csvMappingsAdded: mergedMappings.filter((m) => !own.has(m.header)).length,
      csvMappings: mergedMappings.length,
      total: countTransactions(match.merged),
    },
    replace: {
      removed: countTransactions(current.transactions) - alreadyPresent - keptDifferent,
      added: countTransactions(incoming.transactions) - alreadyPresent - keptDifferent,
      changed: keptDifferent,
      unchanged: alreadyPresent,
      total: countTransactions(incoming.transactions),
      symbolChoices: Object.keys(kept.symbolChoices).length,
      settingsChanged: settingsChangedBy(current.settings, incoming.settings),
      csvMappings: kept.csvMappings.length,
    },
  };
}

export type RestoreMode = 'merge' | 'replace';

/**
 * The content to store after a restore in `mode`. Replace takes a backup whole; a CSV carries no settings
 * and only the symbol choices its product columns name, so with a CSV the portfolio's stay (the file's
 * added). Column mappings: replace takes the file's, merge adds the file's for headers the user has none
 * for (`mergeCsvMappings`); a file that carries none (a CSV, a version 1 backup) leaves the user's.
 */
export function applyRestore(current: CurrentContent, incoming: BackupContent, mode: RestoreMode): CurrentContent {
  if (mode === 'replace') {
    const csvMappings =
      incoming.csvMappings === null ? [...current.csvMappings] : [...incoming.csvMappings].sort(byMostRecent);
    if (incoming.settings === null) {
      return {
        transactions: incoming.transactions,
        symbolChoices: { ...current.symbolChoices, ...incoming.symbolChoices },
        settings: current.settings,
        csvMappings,
      };
    }
    return {
      transactions: incoming.transactions,
      symbolChoices: { ...incoming.symbolChoices },
      settings: incoming.settings,
      csvMappings,
    };
  }
  return {
    transactions: mergeTransactions(current.transactions, incoming.transactions).merged,
    symbolChoices: { ...incoming.symbolChoices, ...current.symbolChoices },
    settings: { ...(incoming.settings ?? {}), ...current.settings },
    csvMappings:
      incoming.csvMappings === null
        ? [...current.csvMappings]
        : mergeCsvMappings(current.csvMappings, incoming.csvMappings),
  };
}
