/**
 * What the worker's intents answer, beside the `Outcome` every refusable intent is wrapped in
 * (model/outcome.ts): the views and results the page receives. The page imports these as types only,
 * through src/worker/index.ts.
 */
import type { HeldView } from '../transaction-store';
import type { ImportPreview, Reconciliation } from '../import-session';
import type { UserSettings } from '../../model/settings';

export interface Timed<T> {
  result: T;
  /** Time the engine took inside the worker, in ms. */
  computeMs: number;
}

export interface SymbolsNeeded {
  /** Every symbol the dashboard needs prices for: tickers and the exchange-rate symbols. */
  symbols: string[];
  /** Earliest transaction day, `YYYY-MM-DD`; null for an empty portfolio. */
  firstDate: string | null;
}

/** What the page gets after an intent that changed or loaded the set: the set in columns, its version, the symbols it needs. */
export interface PortfolioView extends HeldView {
  needed: SymbolsNeeded;
}

export interface PricesLoaded extends SymbolsNeeded {
  /** Symbols the quotes service could not serve, with its message. */
  errors: Record<string, string>;
  /** Every symbol this call fetched: the ones asked for, then the exchange rates their quotes needed. */
  fetched: string[];
}

/** A confirmed import: its counts, and the stored set's view (null when the file changed nothing, so nothing was stored). */
export interface ImportSaved {
  added: number;
  alreadyPresent: number;
  /** Dividends stored before without their withheld tax that the file filled in. */
  taxFilled: number;
  view: PortfolioView | null;
  /** Why the symbol choices could not be kept on the server (the import itself was stored); null when they were. */
  choicesProblem: string | null;
  /** The statement's own check, as the preview said it (per currency: reconciled, or where and by how much not). */
  reconciliation: Reconciliation[];
  /** The id of the account the new rows went to; null: the set's first account. */
  account: string | null;
}

/** A confirmed restore: the stored set's view, and whether the settings changed with it (the page then reads them again). */
export interface RestoreDone {
  view: PortfolioView | null;
  settingsChanged: boolean;
}

/** The lookup's answer for a parse: the preview with the proposed symbols and listings, and what went wrong, in words. */
export interface LookedUp {
  parseId: number;
  preview: ImportPreview;
  /** Null when every product was looked up; else why some or all were not (their symbol is then the table's or the ISIN placeholder). */
  message: string | null;
}

/** The user's settings as the server holds them, and the symbols needed now (the benchmark is one). */
export interface SettingsView {
  settings: UserSettings;
  needed: SymbolsNeeded;
}

/** The answer to a parse: its id, and the preview of the file. */
export interface ParsedFile {
  parseId: number;
  preview: ImportPreview;
  /** The file is no DEGIRO account statement (its header says so): the page offers to map its columns (`openMappedCsv`). */
  otherCsv: boolean;
}

/** An import of another broker's CSV stored: its counts, the stored set's view (null when nothing was new), and whether the mapping is remembered. */
export interface MappedImportSaved {
  added: number;
  alreadyPresent: number;
  /** Rows of the file left out: they make no transaction. */
  skippedRows: number;
  view: PortfolioView | null;
  /** Null when the mapping was remembered for this header; else why not (the import stands). */
  mappingNotRemembered: string | null;
}
