/**
 * The JSON backup of everything a user keeps with us: the transactions, the symbol choices of their
 * imports, their settings, the column mappings remembered for other brokers' CSV files, with a format
 * name and version so a reader knows what it holds, and the counts so a cut-off or edited file is
 * noticed even when it still parses.
 *
 * Versions: 1 (no `csvMappings`); 2 adds `csvMappings` and its count; 3 adds the `accounts` (each row's
 * `account` names one of them by id) and the counts of the accounts and the cash. A reader takes all
 * three and refuses any other.
 */
import type { TransactionSet } from '../../model';
import { accountsOrFirst, type Account } from '../../model/cash';
import type { RememberedMapping } from '../../model/csv-mapping';
import { isoInstantMs, savedAtAsOf } from '../../model/saved-at';

export const BACKUP_FORMAT = 'investments-tracker-backup';
/** Bumped when the shape changes; a reader refuses a version it does not know. */
export const BACKUP_FORMAT_VERSION = 3;
/** The versions a reader takes: this one and those before it. */
export const READABLE_BACKUP_VERSIONS: readonly number[] = [1, 2, 3];

/** The user's settings that travel with a backup. */
export interface BackupSettings {
  /** The benchmark symbol (`VWCE.DE`); absent when none is chosen. */
  benchmark?: string;
  /** The base currency (ISO 4217) every figure is reported in; absent for EUR, the default. */
  baseCurrency?: string;
}

/** The settings a backup carries of the user's: the benchmark when one is chosen, the base currency when not EUR. */
export function toBackupSettings(settings: { benchmark: string | null; baseCurrency: string }): BackupSettings {
  return {
    ...(settings.benchmark ? { benchmark: settings.benchmark } : {}),
    ...(settings.baseCurrency !== 'EUR' ? { baseCurrency: settings.baseCurrency } : {}),
  };
}

export interface BackupCounts {
  stock: number;
  dividend: number;
  commission: number;
  symbolChoices: number;
  /** Since version 2. */
  csvMappings: number;
  /** Since version 3. */
  cash: number;
  /** Since version 3. */
  accounts: number;
}

export interface Backup {
  format: typeof BACKUP_FORMAT;
  formatVersion: typeof BACKUP_FORMAT_VERSION;
  /** When the backup was made, ISO 8601 (UTC). */
  exportedAt: string;
  counts: BackupCounts;
  transactions: TransactionSet;
  /** Product key (ISIN, or product name without one) → ticker: the choices of the user's imports. */
  symbolChoices: Record<string, string>;
  settings: BackupSettings;
  /** The column mappings remembered for other brokers' CSV headers, most recently saved first, each with its saved-at time. */
  csvMappings: RememberedMapping[];
  /** Every account of the user, in their order (the first holds the rows that name none). */
  accounts: Account[];
}

/**
 * The accounts a file brings: a backup's whole list, its rows naming them by `id`; or the accounts our
 * CSV's rows name, by `name` (the ids are the reader's own, `file account 1`…: a restore finds each account by its
 * name, `restore-accounts.ts`).
 */
export interface FileAccounts {
  by: 'id' | 'name';
  list: Account[];
}

/** What a backup or our CSV brings back. */
export interface BackupContent {
  transactions: TransactionSet;
  symbolChoices: Record<string, string>;
  /** Null for a CSV, which carries no settings. */
  settings: BackupSettings | null;
  /** Null when the file carries none: a CSV, or a backup of version 1 (made before they were backed up). */
  csvMappings: RememberedMapping[] | null;
  /** Absent when the file names none: a backup of version 1 or 2, our CSV exported before accounts. */
  accounts?: FileAccounts;
}

export function countsOf(
  content: Pick<BackupContent, 'transactions' | 'symbolChoices' | 'csvMappings' | 'accounts'>,
): BackupCounts {
  const { stock, dividend, commission, cash } = content.transactions;
  return {
    stock: stock.length,
    dividend: dividend.length,
    commission: commission.length,
    symbolChoices: Object.keys(content.symbolChoices).length,
    csvMappings: content.csvMappings?.length ?? 0,
    cash: cash?.length ?? 0,
    accounts: accountsOrFirst(content.accounts?.list).length,
  };
}

/**
 * The mappings as a backup made at `exportedAt` holds them: none saved later (`savedAtAsOf`), so the
 * reader's time rule (`src/model/saved-at.ts`) takes every one, whatever the server stored.
 */
function mappingsAsOf(mappings: readonly RememberedMapping[], exportedAt: string): RememberedMapping[] {
  if (mappings.length === 0) return [];
  const asOfMs = isoInstantMs(exportedAt);
  if (asOfMs === null)
    throw new Error(`The backup's time ${JSON.stringify(exportedAt)} is not a time like 2026-11-25T16:05:00.000Z.`);
  return mappings.map((m) => ({ ...m, savedAt: savedAtAsOf(isoInstantMs(m.savedAt) ?? asOfMs, asOfMs) }));
}

/**
 * The backup file's text (indented: a person may read it). `exportedAt` comes from the caller: no clock
 * here. Its accounts are the content's (none: the one first account). Whatever the content, our reader takes the file back (on a clock up to a day behind).
 */
export function backupToJson(content: BackupContent, exportedAt: string): string {
  const backup: Backup = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    exportedAt,
    counts: countsOf(content),
    transactions: content.transactions,
    symbolChoices: content.symbolChoices,
    settings: content.settings ?? {},
    csvMappings: mappingsAsOf(content.csvMappings ?? [], exportedAt),
    accounts: accountsOrFirst(content.accounts?.list),
  };
  return `${JSON.stringify(backup, null, 1)}\n`;
}
