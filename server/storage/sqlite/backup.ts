/**
 * Backing up the SQLite file of a running server, and putting a backup back into an empty data folder.
 *
 * The backup uses SQLite's online backup API (better-sqlite3's `db.backup()`) on a connection of its own:
 * all pages are copied in one step, inside one read transaction, so the copy is the database as of one
 * commit. In WAL mode a reader blocks no writer, so the server keeps writing meanwhile; what is still in
 * the `-wal` is read through the WAL like any reader does (copying the file alone would miss it).
 * The copy is written beside the target and renamed once complete and checked, so a file at the
 * target's name is always a whole backup; it is made 0600 (it holds password hashes and the provider's keys).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../migrations';
import { makePrivateDatabaseFiles, makePrivateDirectory, PRIVATE_FILE_MODE } from '../private-files';

/** The largest number of pages SQLite copies in one step: in effect, all of them at once. */
const ALL_PAGES = 0x7fffffff;
/** Tables every database of ours holds (migrations 1 and 4): a file without them is not one of ours. */
const REQUIRED_TABLES = ['schema_migrations', 'transaction_sets', 'accounts', 'oidc_entries', 'provider_keys'];

export interface BackupSummary {
  file: string;
  bytes: number;
  /** The highest migration the copy has: the server version that wrote it. */
  schemaVersion: number;
  transactionSets: number;
  accounts: number;
}

export type BackupCheck = { ok: true; summary: BackupSummary } | { ok: false; reason: string };

/** Copies the live database `sourceFile` to `targetFile` (which must not exist yet), then checks the copy. */
export async function backupSqliteFile(sourceFile: string, targetFile: string): Promise<BackupCheck> {
  if (!fs.existsSync(sourceFile)) return { ok: false, reason: `There is no database at ${sourceFile}.` };
  if (fs.existsSync(targetFile)) return { ok: false, reason: `${targetFile} exists already: name a new file.` };
  const partial = `${targetFile}.partial`;
  fs.rmSync(partial, { force: true });
  fs.closeSync(fs.openSync(partial, 'w', PRIVATE_FILE_MODE));
  const source = new Database(sourceFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    return { ok: false, reason: `The backup failed: ${(error as Error).message}` };
  } finally {
    source.close();
  }
  // One self-contained file: no -wal beside it to lose when it is copied elsewhere.
  const copy = new Database(partial);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const check = checkSqliteBackup(partial);
  if (!check.ok) {
    fs.rmSync(partial, { force: true });
    return check;
  }
  fs.renameSync(partial, targetFile);
  return { ok: true, summary: { ...check.summary, file: targetFile } };
}

/**
 * Whether `file` is a whole database of ours that this server can open: SQLite, `integrity_check` ok,
 * our tables present, and every migration it records known to this version (a newer server's backup is refused).
 */
export function checkSqliteBackup(file: string): BackupCheck {
  if (!fs.existsSync(file)) return { ok: false, reason: `There is no file at ${file}.` };
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      return { ok: false, reason: `${file} is damaged: integrity_check says ${String(integrity)}.` };
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
    const missing = REQUIRED_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0)
      return { ok: false, reason: `${file} is not an Investments Tracker database (no table ${missing.join(', ')}).` };
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[];
    const known = new Set(MIGRATIONS.map((migration) => migration.version));
    const unknown = versions.filter((version) => !known.has(version));
    if (unknown.length > 0) {
      return {
        ok: false,
        reason: `${file} was written by a newer server (migration ${unknown.join(', ')} unknown here): restore it with that version.`,
      };
    }
    const count = (table: string) => Number(db!.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
    return {
      ok: true,
      summary: {
        file,
        bytes: fs.statSync(file).size,
        schemaVersion: versions.at(-1) ?? 0,
        transactionSets: count('transaction_sets'),
        accounts: count('accounts'),
      },
    };
  } catch (error) {
    return { ok: false, reason: `${file} is not a readable SQLite database: ${(error as Error).message}.` };
  } finally {
    db?.close();
  }
}

/** Puts the checked backup `backupFile` into `dataDir` as `fileName`; refuses a data folder that holds anything. */
export async function restoreSqliteBackup(backupFile: string, dataDir: string, fileName: string): Promise<BackupCheck> {
  const present = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  if (present.length > 0) {
    return {
      ok: false,
      reason: `${dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): a restore goes only into an empty data folder. Move its files away (or point DATA_DIR at a new folder), with the server stopped.`,
    };
  }
  const check = checkSqliteBackup(backupFile);
  if (!check.ok) return check;
  makePrivateDirectory(dataDir);
  const target = path.join(dataDir, fileName);
  const partial = `${target}.partial`;
  fs.closeSync(fs.openSync(partial, 'w', PRIVATE_FILE_MODE));
  const source = new Database(backupFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    return { ok: false, reason: `The restore failed: ${(error as Error).message}` };
  } finally {
    source.close();
  }
  fs.renameSync(partial, target);
  makePrivateDatabaseFiles(target);
  return { ok: true, summary: { ...check.summary, file: target } };
}
