/**
 * The JSON backup of everything a user keeps with us: the transactions, the symbol choices of their
 * imports, their settings, with a format name and version so a reader knows what it holds, and the
 * counts so a cut-off or edited file is noticed even when it still parses.
 */
import type { TransactionSet } from '../../model';

export const BACKUP_FORMAT = 'investments-tracker-backup';
/** Bumped when the shape changes; a reader refuses a version it does not know. */
export const BACKUP_FORMAT_VERSION = 1;

/** The user's settings that travel with a backup. */
export interface BackupSettings {
  /** The benchmark symbol (`VWCE.DE`); absent when none is chosen. */
  benchmark?: string;
}

export interface BackupCounts {
  stock: number;
  dividend: number;
  commission: number;
  symbolChoices: number;
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
}

/** What a backup or our CSV brings back. */
export interface BackupContent {
  transactions: TransactionSet;
  symbolChoices: Record<string, string>;
  /** Null for a CSV, which carries no settings. */
  settings: BackupSettings | null;
}

export function countsOf(content: Pick<BackupContent, 'transactions' | 'symbolChoices'>): BackupCounts {
  const { stock, dividend, commission } = content.transactions;
  return { stock: stock.length, dividend: dividend.length, commission: commission.length, symbolChoices: Object.keys(content.symbolChoices).length };
}

/** The backup file's text (indented: a person may read it). `exportedAt` comes from the caller: no clock here. */
export function backupToJson(content: BackupContent, exportedAt: string): string {
  const backup: Backup = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    exportedAt,
    counts: countsOf(content),
    transactions: content.transactions,
    symbolChoices: content.symbolChoices,
    settings: content.settings ?? {},
  };
  return `${JSON.stringify(backup, null, 1)}\n`;
}

