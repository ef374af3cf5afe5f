/**
 * The worker's one API object, exposed with Comlink: the page sends intents and gets views back.
 * The worker holds the user's transaction set and its server version (transaction-store.ts), the quotes
 * and the engine; it reads and writes every service's JSON itself. A set never comes from the page:
 * an intent names the change (`change`), the file (`parseImport`) or the choice (`confirmImport`), and
 * the answer is a value (`{ok: true, …} | {ok: false, status, message}`) carrying one view, the set in
 * columns (model/transaction-wire.ts) with its buffers transferred.
 *
 * The intents live in intents/, one file per domain, each a function of the one shared context
 * (intents/context.ts: the engine, the charts, the store, the import, restore and mapping sessions, the
 * symbol choices); this file merges them into one object. What they answer is in intents/contract.ts; a
 * thrown error becomes a refused outcome in one place, intents/refuse.ts.
 *
 * A new intent is one method in the file of what it touches; a new kind of change to the set is one case
 * in transaction-changes.ts. What the dashboard's first load and derive do not need (the rules of a change,
 * the import session with its parser and merge, another broker's CSV, export and restore, the tax report,
 * the symbol check, the account's deletion, the CSV mappings) is loaded by the intent that first needs it
 * (`import()`), and the intent files of an import, another broker's CSV and your data by the first call of
 * any of their intents (intents/lazy.ts: a new intent there is also named below), so the worker's first
 * chunk stays small.
 */
import type { changeIntents } from './intents/changes';
import { createWorkerContext } from './intents/context';
import type { importIntents } from './intents/import';
import { lazyIntents } from './intents/lazy';
import type { mappedCsvIntents } from './intents/mapped-csv';
import { priceIntents } from './intents/prices';
import { sessionIntents } from './intents/session';
import { settingsIntents } from './intents/settings';
import { transactionIntents } from './intents/transactions';
import type { yourDataIntents } from './intents/your-data';

type ChangeIntents = ReturnType<typeof changeIntents>;
type ImportIntents = ReturnType<typeof importIntents>;
type MappedCsvIntents = ReturnType<typeof mappedCsvIntents>;
type YourDataIntents = ReturnType<typeof yourDataIntents>;

/** Every intent of the domains the first load never calls: their code is fetched by the first call. */
const CHANGES = { change: true, queryTransactions: true } satisfies Record<keyof ChangeIntents, true>;
const IMPORT = {
  parseImport: true,
  cancelImport: true,
  lookUpImportSymbols: true,
  checkSymbol: true,
  confirmImport: true,
} satisfies Record<keyof ImportIntents, true>;
const MAPPED_CSV = {
  openMappedCsv: true,
  previewMappedCsv: true,
  countMappedCsv: true,
  cancelMappedCount: true,
  confirmMappedCsv: true,
  discardMappedCsv: true,
} satisfies Record<keyof MappedCsvIntents, true>;
const YOUR_DATA = {
  exportFile: true,
  previewRestore: true,
  confirmRestore: true,
  discardRestore: true,
  deleteAccount: true,
} satisfies Record<keyof YourDataIntents, true>;

export type {
  ImportSaved,
  LookedUp,
  MappedImportSaved,
  ParsedFile,
  PortfolioView,
  PricesLoaded,
  RestoreDone,
  SettingsView,
  SymbolsNeeded,
  Timed,
} from './intents/contract';

/** The API with its own state: one per worker (index.ts), or one per test running it in Node. */
export function createWorkerApi() {
  const context = createWorkerContext();
  return {
    // The transaction set: load; change and query (their code fetched by the first call).
    ...transactionIntents(context),
    ...lazyIntents<ChangeIntents>(CHANGES, () =>
      import('./intents/changes').then((module) => module.changeIntents(context)),
    ),
    // Prices and figures: quotes, derive, combine, one holding's series, the tax report.
    ...priceIntents(context),
    // Settings: the benchmark.
    ...settingsIntents(context),
    // Import of a DEGIRO statement: parse, look up symbols, check a symbol, confirm.
    ...lazyIntents<ImportIntents>(IMPORT, () =>
      import('./intents/import').then((module) => module.importIntents(context)),
    ),
    // Another broker's CSV: a mapping of its columns, a live preview, the import.
    ...lazyIntents<MappedCsvIntents>(MAPPED_CSV, () =>
      import('./intents/mapped-csv').then((module) => module.mappedCsvIntents(context)),
    ),
    // Your data: export, restore, delete the account.
    ...lazyIntents<YourDataIntents>(YOUR_DATA, () =>
      import('./intents/your-data').then((module) => module.yourDataIntents(context)),
    ),
    // Session: sign out.
    ...sessionIntents(context),
  };
}

export type WorkerApi = ReturnType<typeof createWorkerApi>;
