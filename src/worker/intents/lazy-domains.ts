/**
 * The domains whose intents the dashboard's first load never calls (a change to the set and the transactions
 * page's query, an import, another broker's CSV, your data): each is fetched by the first call of any of its
 * intents (lazy.ts). Each table names every intent of its domain, checked against the module's type, so a
 * new intent in one of these files is also named here.
 */
import type { changeIntents } from './changes';
import type { WorkerContext } from './context';
import type { importIntents } from './import';
import { lazyIntents } from './lazy';
import type { mappedCsvIntents } from './mapped-csv';
import type { yourDataIntents } from './your-data';

type ChangeIntents = ReturnType<typeof changeIntents>;
type ImportIntents = ReturnType<typeof importIntents>;
type MappedCsvIntents = ReturnType<typeof mappedCsvIntents>;
type YourDataIntents = ReturnType<typeof yourDataIntents>;

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

/** A change to the set and the transactions page's query. */
export const lazyChangeIntents = (context: WorkerContext) =>
  lazyIntents<ChangeIntents>(CHANGES, () => import('./changes').then((module) => module.changeIntents(context)));

/** Import of a DEGIRO statement: parse, look up symbols, check a symbol, confirm. */
export const lazyImportIntents = (context: WorkerContext) =>
  lazyIntents<ImportIntents>(IMPORT, () => import('./import').then((module) => module.importIntents(context)));

/** Another broker's CSV: a mapping of its columns, a live preview, the import. */
export const lazyMappedCsvIntents = (context: WorkerContext) =>
  lazyIntents<MappedCsvIntents>(MAPPED_CSV, () =>
    import('./mapped-csv').then((module) => module.mappedCsvIntents(context)),
  );

/** Your data: export, restore, delete the account. */
export const lazyYourDataIntents = (context: WorkerContext) =>
  lazyIntents<YourDataIntents>(YOUR_DATA, () =>
    import('./your-data').then((module) => module.yourDataIntents(context)),
  );
