/**
 * The worker side of "your data": export files built from the held set, and a restore read here, kept
 * here between its preview and the user's choice (the file's set never crosses to the page). The
 * builders and readers are loaded on first use, so the dashboard's worker stays small.
 */
import { TRANSACTION_TYPES, type TransactionSet } from '../model';
import { accountOf, accountsOrFirst, type Account } from '../model/cash';
import type { UserSettings } from '../model/settings';
import type { RememberedMapping } from '../model/csv-mapping';
import { toBackupSettings, type BackupContent } from './backup/backup-json';
import type { RestoreKind } from './backup/read-restore';
import type { CurrentContent, RestoredContent, RestoreMode, RestorePlan } from './backup/restore-plan';

export type ExportFormat = 'csv' | 'json';

export interface ExportedFile {
  fileName: string;
  mimeType: string;
  file: Blob;
}

export type { RestoreMode, RestorePlan } from './backup/restore-plan';

/** The preview of a restore: what the file is, how many it holds, what each choice would do. */
export interface RestorePreview {
  fileName: string;
  kind: RestoreKind;
  plan: RestorePlan;
}

/** What an export holds besides the set: the server's symbol choices, settings and remembered column mappings (the last two in the backup only). */
export interface ExportExtras {
  symbolChoices: Record<string, string>;
  settings: UserSettings;
  csvMappings: RememberedMapping[];
}

/** Which accounts an export holds: `account` (an id) alone, or all of `accounts` (null). */
export interface ExportView {
  accounts: readonly Account[];
  account: string | null;
}

/** The rows of `set` in the account `account` (all rows when null), cash included. */
export function setOfView(set: TransactionSet, accounts: readonly Account[], account: string | null): TransactionSet {
  if (account === null) return set;
  const mine = (row: { account?: string }): boolean => accountOf(row, accounts) === account;
  const view: TransactionSet = { stock: [], dividend: [], commission: [], cash: (set.cash ?? []).filter(mine) };
  for (const type of TRANSACTION_TYPES) view[type] = set[type].filter(mine);
  return view;
}

export async function buildExport(
  format: ExportFormat,
  whole: TransactionSet,
  extras: ExportExtras,
  exportedAt: string,
  view: ExportView = { accounts: [], account: null },
): Promise<ExportedFile> {
  const { symbolChoices, settings, csvMappings } = extras;
  const accounts = accountsOrFirst(view.accounts);
  const set = setOfView(whole, accounts, view.account);
  const day = exportedAt.slice(0, 10);
  if (format === 'csv') {
    const { transactionsToCsv } = await import('./backup/export-csv');
    return {
      fileName: `investments-${day}.csv`,
      mimeType: 'text/csv',
      file: new Blob([transactionsToCsv(set, symbolChoices, accounts)], { type: 'text/csv;charset=utf-8' }),
    };
  }
  const { backupToJson } = await import('./backup/backup-json');
  const json = backupToJson(
    {
      transactions: set,
      symbolChoices,
      settings: toBackupSettings(settings),
      csvMappings,
      accounts: { by: 'id', list: accounts },
    },
    exportedAt,
  );
  return {
    fileName: `investments-backup-${day}.json`,
    mimeType: 'application/json',
    file: new Blob([json], { type: 'application/json' }),
  };
}

export class RestoreSession {
  private read: { fileName: string; content: BackupContent } | null = null;

  /** Reads the file whole; a preview of both choices, or why the file cannot be restored. */
  async preview(
    file: File,
    current: CurrentContent,
  ): Promise<{ ok: true; preview: RestorePreview } | { ok: false; message: string }> {
    this.read = null;
    const { readRestoreFile } = await import('./backup/read-restore');
    const { planRestore } = await import('./backup/restore-plan');
    // The worker's clock: a backup's saved-at times may not lie in the future (`src/model/saved-at.ts`).
    const read = await readRestoreFile(file, Date.now());
    if (!read.ok) {
      const listed = read.problems.slice(1, 6).map((p) => `row ${p.row}: ${p.message}`);
      return { ok: false, message: [read.error, ...listed].join('\n') };
    }
    this.read = { fileName: file.name, content: read.content };
    return { ok: true, preview: { fileName: file.name, kind: read.kind, plan: planRestore(current, read.content) } };
  }

  /** The content to store for `mode`, from the file read last, with the accounts after it; an error when there is none. */
  async apply(current: CurrentContent, mode: RestoreMode): Promise<RestoredContent> {
    if (!this.read) throw new Error('There is no file to restore; choose it again.');
    const { applyRestore } = await import('./backup/restore-plan');
    return applyRestore(current, this.read.content, mode);
  }

  /** The column mappings the file read last carries; null when it carries none (a CSV, a version 1 backup) or there is no file. */
  csvMappings(): RememberedMapping[] | null {
    return this.read?.content.csvMappings ?? null;
  }

  discard(): void {
    this.read = null;
  }
}
