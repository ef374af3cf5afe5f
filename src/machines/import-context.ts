/**
 * The import machine's context and events (import-machine.ts): the file, its parse's progress and
 * preview, the symbols typed and their checks, the account it goes to, the result; with the pure steps
 * over it that its named actions use.
 */
import type { Account } from '../model/cash';
import type { ImportPreview, ImportProgress, ImportTarget, Reconciliation } from '../worker';
import type { ImportStored, TickerCheck } from './import-actors';

export type ImportEvent =
  /** `accounts`: the user's accounts now, from which the account the file goes to is proposed. */
  | { type: 'import.fileSelected'; file: File; accounts?: readonly Account[] }
  /** The account the file goes to: an existing one, or a new one by name. */
  | { type: 'import.setTarget'; target: ImportTarget }
  | { type: 'import.setTicker'; key: string; ticker: string }
  /** Check the symbol typed for product `key` against the quotes service. */
  | { type: 'import.checkTicker'; key: string }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' }
  | { type: 'import.dismiss' };

export interface ImportContext {
  idToken: string | null;
  /** The newest parse's id: the worker lets only the newest parse land, and a cancel names it. */
  parseId: number;
  fileName: string | null;
  file: File | null;
  progress: ImportProgress | null;
  preview: ImportPreview | null;
  /** The symbols the user typed or picked in this preview, by product key (ISIN, or the name without one); '' is "no symbol". */
  tickers: Record<string, string>;
  /** The checks of typed symbols, by product key. */
  checks: Record<string, TickerCheck>;
  /** Why the symbol lookup gave nothing for some or all products; null when it answered for all. */
  lookupMessage: string | null;
  /** The account the file goes to (proposed when the file was chosen: the last one used, or a new one named after the file). */
  target: ImportTarget | null;
  /** The account the last import of this session went to: proposed for the next one. */
  lastAccount: string | null;
  result: {
    added: number;
    alreadyPresent: number;
    taxFilled: number;
    choicesProblem: string | null;
    reconciliation: Reconciliation[];
    account: string | null;
  } | null;
  error: string | null;
}

/** What a new file clears: the last file's parse, preview, symbols, checks, result and error, and its account. */
export const EMPTY_IMPORT = {
  fileName: null,
  file: null,
  progress: null,
  preview: null,
  tickers: {},
  checks: {},
  lookupMessage: null,
  result: null,
  error: null,
  target: null,
} satisfies Partial<ImportContext>;

/** An import stored, as the result shows it; its account is proposed for the next one. */
export function storedResult(
  lastAccount: string | null,
  stored: ImportStored | null,
): Pick<ImportContext, 'result' | 'lastAccount'> {
  return {
    result: stored && {
      added: stored.added,
      alreadyPresent: stored.alreadyPresent,
      taxFilled: stored.taxFilled,
      choicesProblem: stored.choicesProblem,
      reconciliation: stored.reconciliation,
      account: stored.account,
    },
    lastAccount: stored?.account ?? lastAccount,
  };
}

/** Why the symbol lookup gave nothing, and what the import does then. */
export const lookupFailure = (message: string) =>
  `The symbol lookup failed (${message}). Products without a symbol are imported under their ISIN, without a price source.`;
