/**
 * Reads a file the user wants to restore: our JSON backup or our CSV (`csv-format.ts`), checked whole
 * before anything is stored. Each refusal says what is wrong in words a user can act on: a file too
 * large, a cut-off or damaged backup, another format version, columns in another order, the rows that
 * are not valid (the first ones listed, all counted). Our CSV's header and rows are read in read-our-csv.ts.
 */
import { TICKER_PATTERN, TRANSACTION_TYPES, type TransactionSet } from '../../model';
import { isCurrency } from '../../model/currencies';
import { notACurrency } from '../../model/not-a-currency';
import type { Account } from '../../model/cash';
import { IMPORT_ID_MAX_LENGTH, MAX_TRANSACTIONS } from '../../model/transaction-limits';
import { accountsSchema, transactionSetSchema } from '../../model/transaction-schema';
import { config } from 'zod/mini';
import english from 'zod/v4/locales/en.js';
import { checkRememberedMappings } from '../../model/csv-mapping';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  countsOf,
  READABLE_BACKUP_VERSIONS,
  type BackupContent,
  type BackupSettings,
} from './backup-json';
import { BYTE_ORDER_MARK } from '../csv-writer';
import { decodeBytes, looksBinary } from '../import/text-encoding';
import { readOurCsv } from './read-our-csv';

// zod's own words (in English) where a backup's row fails a check without words of ours: the schemas are
// zod/mini's, which loads no locale (as the full zod, which loads English, did here before).
config(english());

/** 30 MiB: 100,000 transactions (the most a set may hold) take about 25 MB as our JSON, 12 MB as our CSV. */
export const RESTORE_MAX_BYTES = 30 * 1024 * 1024;
/** At most this many problems are listed; `problemCount` has them all. */
export const MAX_LISTED_PROBLEMS = 50;

export interface RestoreProblem {
  /** 1-based CSV record (the header is 1); 0 for the file as a whole. */
  row: number;
  message: string;
}

export type RestoreKind = 'backup' | 'csv';

export type RestoreRead =
  | { ok: true; kind: RestoreKind; content: BackupContent }
  | { ok: false; error: string; problems: RestoreProblem[]; problemCount: number };

export function refusal(error: string, problems: RestoreProblem[] = [], problemCount = problems.length): RestoreRead {
  return { ok: false, error, problems: problems.slice(0, MAX_LISTED_PROBLEMS), problemCount };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What a refusal of `restoreText` names: the kind of file expected, and what did not happen. */
export interface TextPurpose {
  /** `a backup or CSV to restore` */
  file: string;
  /** `so it is not one of our backups or CSV files` */
  notText: string;
  /** `Nothing was restored.` */
  nothing: string;
}

const RESTORE_PURPOSE: TextPurpose = {
  file: 'a backup or CSV to restore',
  notText: 'so it is not one of our backups or CSV files',
  nothing: 'Nothing was restored.',
};

/**
 * The file's text, or why it cannot be read (too large, binary). Its encoding is the byte-order mark's
 * (UTF-8, UTF-16 LE or BE), else UTF-8, else Windows-1252 (`text-encoding.ts`).
 */
export async function restoreText(
  file: Blob | string,
  purpose: TextPurpose = RESTORE_PURPOSE,
): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  const size = typeof file === 'string' ? new TextEncoder().encode(file).length : file.size;
  if (size > RESTORE_MAX_BYTES) {
    return {
      ok: false,
      error: `The file is ${megabytes(size)}; ${purpose.file} may be at most ${megabytes(RESTORE_MAX_BYTES)} (${MAX_TRANSACTIONS.toLocaleString('en')} transactions). ${purpose.nothing}`,
    };
  }
  const { text, encoding } =
    typeof file === 'string'
      ? { text: file, encoding: 'utf-8' }
      : decodeBytes(new Uint8Array(await file.arrayBuffer()));
  // Bytes that are not UTF-8 read as Windows-1252 whatever they are: a binary file is told apart by its control characters.
  if (encoding === 'windows-1252' && looksBinary(text))
    return { ok: false, error: `The file is not text (it holds binary data), ${purpose.notText}. ${purpose.nothing}` };
  return { ok: true, text: text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text };
}

/** Whether the text is JSON (a backup) by its first character, else a CSV whose first line is read as its header. */
export function looksLikeJson(text: string): boolean {
  return text.trimStart().startsWith('{');
}

/** `nowMs`: the reader's clock, for the saved-at times a backup carries (`src/model/saved-at.ts`). */
export async function readRestoreFile(file: Blob | string, nowMs: number): Promise<RestoreRead> {
  const read = await restoreText(file);
  if (!read.ok) return refusal(read.error);
  return looksLikeJson(read.text) ? readBackupJson(read.text, nowMs) : readOurCsv(read.text);
}

// ---- JSON backup ------------------------------------------------------------------------------------------

export function readBackupJson(text: string, nowMs: number): RestoreRead {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const cutOff = endsInside(text);
    const reason = error instanceof Error ? error.message : String(error);
    return refusal(
      cutOff
        ? `The backup is cut off: it ends before its last closing brace (${reason}). Nothing was restored; export the backup again.`
        : `The backup is damaged: it is not valid JSON (${reason}). Nothing was restored.`,
    );
  }
  if (
    !json ||
    typeof json !== 'object' ||
    Array.isArray(json) ||
    (json as { format?: unknown }).format !== BACKUP_FORMAT
  ) {
    return refusal(
      `This JSON is not an Investments Tracker backup (it has no "format": "${BACKUP_FORMAT}"). Nothing was restored.`,
    );
  }
  const backup = json as Record<string, unknown>;
  const version = backup.formatVersion;
  if (typeof version !== 'number' || !READABLE_BACKUP_VERSIONS.includes(version)) {
    return refusal(
      `This backup is in format version ${JSON.stringify(version)}; this version of Investments Tracker reads versions ${READABLE_BACKUP_VERSIONS[0]} to ${READABLE_BACKUP_VERSIONS.at(-1)} (it writes ${BACKUP_FORMAT_VERSION}). Nothing was restored.`,
    );
  }
  const transactions = transactionSetSchema.safeParse(backup.transactions);
  if (!transactions.success) {
    const problems = transactions.error.issues.map((issue) => ({
      row: 0,
      message: `transactions.${issue.path.map(String).join('.')}: ${issue.message}`,
    }));
    return refusal(
      `The backup's transactions are not valid (${problems[0]?.message}). Nothing was restored.`,
      problems,
    );
  }
  const choices = symbolChoicesOf(backup.symbolChoices);
  if (typeof choices === 'string')
    return refusal(`The backup's symbol choices are not valid: ${choices}. Nothing was restored.`);
  const settings = settingsOf(backup.settings);
  if (typeof settings === 'string')
    return refusal(`The backup's settings are not valid: ${settings}. Nothing was restored.`);
  // Version 1 had no mappings: the user's stay whatever the restore (`csvMappings: null`).
  let csvMappings = null;
  if (version >= 2) {
    // A time in the future is refused: the server stamps each later save after it (`saved-at.ts`).
    const mappings = checkRememberedMappings(backup.csvMappings, { nowMs });
    if (!mappings.ok)
      return refusal(`The backup's column mappings are not valid: ${mappings.message}. Nothing was restored.`);
    csvMappings = mappings.value;
  }
  const content: BackupContent = { transactions: transactions.data, symbolChoices: choices, settings, csvMappings };
  // Versions 1 and 2 had no accounts: a restore keeps the user's (`restore-accounts.ts`).
  if (version >= 3) {
    const accounts = accountsOf(backup.accounts, transactions.data);
    if (typeof accounts === 'string')
      return refusal(`The backup's accounts are not valid: ${accounts}. Nothing was restored.`);
    content.accounts = { by: 'id', list: accounts };
  }
  const counted = countsOf(content);
  const declared = backup.counts as Record<string, unknown> | undefined;
  const since: Partial<Record<keyof typeof counted, number>> = { csvMappings: 2, cash: 3, accounts: 3 };
  const counts = (Object.keys(counted) as Array<keyof typeof counted>).filter((key) => version >= (since[key] ?? 1));
  for (const key of counts) {
    if (declared?.[key] !== counted[key]) {
      const what = COUNTED[key] ?? `${key} transactions`;
      return refusal(
        `The backup is incomplete: it says it holds ${JSON.stringify(declared?.[key])} ${what}, but ${counted[key]} are in it. Nothing was restored; export the backup again.`,
      );
    }
  }
  return { ok: true, kind: 'backup', content };
}

const COUNTED: Partial<Record<string, string>> = {
  symbolChoices: 'symbol choices',
  csvMappings: 'column mappings',
  cash: 'cash transactions',
  accounts: 'accounts',
};

/** A backup's accounts checked, and every row naming one of them (a row naming none is the first's); else what is wrong. */
function accountsOf(value: unknown, set: TransactionSet): Account[] | string {
  const parsed = accountsSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length > 0 ? `accounts.${issue.path.map(String).join('.')}: ` : '';
    return `${at}${issue.message}`;
  }
  const ids = new Set(parsed.data.map((a) => a.id));
  for (const list of [...TRANSACTION_TYPES, 'cash'] as const) {
    const index = (set[list] ?? []).findIndex((row) => row.account !== undefined && !ids.has(row.account));
    if (index >= 0)
      return `transactions.${list}.${index} names the account ${set[list]![index]!.account}, which is not in the backup's accounts`;
  }
  return parsed.data;
}

/** Whether the text stops inside a string, an object or an array: a file cut off, not one written wrong. */
function endsInside(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') depth -= 1;
  }
  return inString || depth > 0;
}

function symbolChoicesOf(value: unknown): Record<string, string> | string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'expected an object of product → ticker';
  const choices: Array<[string, string]> = [];
  for (const [key, ticker] of Object.entries(value)) {
    if (key === '' || key.length > IMPORT_ID_MAX_LENGTH) return `a product key of ${key.length} characters`;
    if (typeof ticker !== 'string' || !TICKER_PATTERN.test(ticker))
      return `"${key}" → ${JSON.stringify(ticker)} is not a ticker`;
    choices.push([key, ticker]);
  }
  // Own properties whatever the key (a product named "__proto__" must not reach the prototype).
  return Object.fromEntries(choices);
}

function settingsOf(value: unknown): BackupSettings | string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'expected an object';
  const { benchmark, baseCurrency, ...unknown } = value as Record<string, unknown>;
  const extra = Object.keys(unknown);
  if (extra.length > 0) return `unknown setting "${extra[0]}"`;
  if (benchmark !== undefined && (typeof benchmark !== 'string' || !TICKER_PATTERN.test(benchmark)))
    return `the benchmark ${JSON.stringify(benchmark)} is not a ticker`;
  if (baseCurrency !== undefined && !isCurrency(baseCurrency))
    return `the base currency: ${notACurrency(baseCurrency)}`;
  return {
    ...(benchmark === undefined ? {} : { benchmark: benchmark as string }),
    ...(baseCurrency === undefined ? {} : { baseCurrency: baseCurrency as string }),
  };
}
