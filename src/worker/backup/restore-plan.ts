/**
 * What a restore would do, before it does it, and the set it makes: **merge** adds what the portfolio
 * lacks (no duplicates, `merge-transactions.ts`), **replace** makes the portfolio the file's. The
 * accounts after each choice: `restore-accounts.ts`.
 */
import { countTransactions, type TransactionSet } from '../../model';
import { accountsOrFirst, type Account } from '../../model/cash';
import { MAX_REMEMBERED_MAPPINGS, savedAtMs, type RememberedMapping } from '../../model/csv-mapping';
import type { BackupContent, BackupSettings } from './backup-json';
import { mergeTransactions, type TypeCounts } from './merge-transactions';
import { restoredAccounts, type RestoreMode } from './restore-accounts';

export { mergeTransactions, type TypeCounts } from './merge-transactions';
export type { RestoreMode } from './restore-accounts';

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
  /** Cash transactions of the file the portfolio lacks: added. */
  cashAdded: number;
  /** The accounts' names after the merge, in their order. */
  accounts: string[];
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
  /** Cash transactions after the replace: the file's. */
  cash: number;
  /** The accounts' names after the replace, in their order. */
  accounts: string[];
}

export interface RestorePlan {
  current: {
    total: number;
    symbolChoices: number;
    csvMappings: number;
    cash: number;
    accounts: string[];
    settings: BackupSettings;
  };
  /** The settings the file carries; null when it carries none (a CSV). */
  fileSettings: BackupSettings | null;
  /** The column mappings the file carries; null when it carries none (a CSV, a version 1 backup). */
  fileCsvMappings: number | null;
  merge: MergeCounts;
  replace: ReplaceCounts;
}

/**
 * The settings after a merge: the portfolio's, with what it has not set taken from the file. The base
 * currency is always set (EUR when absent), so a merge never changes it.
 */
function mergedSettings(current: BackupSettings, incoming: BackupSettings | null): BackupSettings {
  const { baseCurrency: _fileBase, ...fromFile } = incoming ?? {};
  return { ...fromFile, ...current };
}

function settingsAddedBy(current: BackupSettings, incoming: BackupSettings | null): string[] {
  const merged = mergedSettings(current, incoming);
  return (Object.keys(merged) as Array<keyof BackupSettings>).filter((key) => current[key] === undefined);
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
  /** The user's accounts; absent: the one first account. */
  accounts?: readonly Account[];
}

/** What a restore stores: the content, with the accounts after it. */
export type RestoredContent = CurrentContent & { accounts: Account[] };

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
  const mine = accountsOrFirst(current.accounts);
  const merging = restoredAccounts(mine, incoming, 'merge');
  const match = mergeTransactions(current.transactions, merging.transactions, mine, merging.accounts);
  const replacing = restoredAccounts(mine, incoming, 'replace');
  const { alreadyPresent, keptDifferent } = mergeTransactions(
    current.transactions,
    replacing.transactions,
    mine,
    replacing.accounts,
  );
  const kept = applyRestore(current, incoming, 'replace');
  const mergedMappings =
    incoming.csvMappings === null ? current.csvMappings : mergeCsvMappings(current.csvMappings, incoming.csvMappings);
  const own = new Set(current.csvMappings.map((m) => m.header));
  const names = (accounts: readonly Account[]) => accounts.map((a) => a.name);
  return {
    current: {
      total: countTransactions(current.transactions),
      symbolChoices: Object.keys(current.symbolChoices).length,
      csvMappings: current.csvMappings.length,
      cash: current.transactions.cash?.length ?? 0,
      accounts: names(mine),
      settings: current.settings,
    },
    fileSettings: incoming.settings,
    fileCsvMappings: incoming.csvMappings?.length ?? null,
    merge: {
      added: match.added,
      alreadyPresent: match.alreadyPresent,
      keptDifferent: match.keptDifferent,
      symbolChoicesAdded: Object.keys(incoming.symbolChoices).filter(
        (key) => !Object.hasOwn(current.symbolChoices, key),
      ).length,
      settingsAdded: settingsAddedBy(current.settings, incoming.settings),
      csvMappingsAdded: mergedMappings.filter((m) => !own.has(m.header)).length,
      csvMappings: mergedMappings.length,
      total: countTransactions(match.merged),
      cashAdded: match.cashAdded,
      accounts: names(merging.accounts),
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
      cash: incoming.transactions.cash?.length ?? 0,
      accounts: names(replacing.accounts),
    },
  };
}

/**
 * The content to store after a restore in `mode`. Replace takes a backup whole (its cash too: none from
 * a file without any); a CSV carries no settings and only the symbol choices its product columns name,
 * so with a CSV the portfolio's stay (the file's added). Column mappings: replace takes the file's, merge
 * adds the file's for headers the user has none for (`mergeCsvMappings`); a file that carries none (a
 * CSV, a version 1 backup) leaves the user's. The accounts: `restoredAccounts`.
 */
export function applyRestore(current: CurrentContent, incoming: BackupContent, mode: RestoreMode): RestoredContent {
  const mine = accountsOrFirst(current.accounts);
  const { accounts, transactions } = restoredAccounts(mine, incoming, mode);
  if (mode === 'replace') {
    const csvMappings =
      incoming.csvMappings === null ? [...current.csvMappings] : [...incoming.csvMappings].sort(byMostRecent);
    const replaced = { ...transactions, cash: transactions.cash ?? [] };
    if (incoming.settings === null) {
      return {
        transactions: replaced,
        symbolChoices: { ...current.symbolChoices, ...incoming.symbolChoices },
        settings: current.settings,
        csvMappings,
        accounts,
      };
    }
    return {
      transactions: replaced,
      symbolChoices: { ...incoming.symbolChoices },
      settings: incoming.settings,
      csvMappings,
      accounts,
    };
  }
  return {
    transactions: mergeTransactions(current.transactions, transactions, mine, accounts).merged,
    symbolChoices: { ...incoming.symbolChoices, ...current.symbolChoices },
    settings: mergedSettings(current.settings, incoming.settings),
    csvMappings:
      incoming.csvMappings === null
        ? [...current.csvMappings]
        : mergeCsvMappings(current.csvMappings, incoming.csvMappings),
    accounts,
  };
}
