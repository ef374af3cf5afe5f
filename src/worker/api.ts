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
 * (`import()`), and the intent files of a change, an import, another broker's CSV and your data by the first
 * call of any of their intents (a new intent in one of those files is also named in intents/lazy-domains.ts),
 * so the worker's first chunk stays small.
 */
import { createWorkerContext, settleOwedDerive, type WorkerContext } from './intents/context';
import {
  lazyChangeIntents,
  lazyImportIntents,
  lazyMappedCsvIntents,
  lazyYourDataIntents,
} from './intents/lazy-domains';
import { priceIntents } from './intents/prices';
import { sessionIntents } from './intents/session';
import { settingsIntents } from './intents/settings';
import { transactionIntents } from './intents/transactions';

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

/**
 * Every intent but the warm start and the sign-out first runs the derive a load answered with held
 * figures still owes (intents/prices.ts): what it reads or changes is then as after any derive.
 */
function settlingFirst<T extends object>(context: WorkerContext, intents: T): T {
  const settling: Record<string, unknown> = {};
  for (const [name, intent] of Object.entries(intents))
    settling[name] =
      typeof intent === 'function' && name !== 'warm' && name !== 'signOut'
        ? (...args: unknown[]) => {
            settleOwedDerive(context);
            return (intent as (...args: unknown[]) => unknown)(...args);
          }
        : intent;
  return settling as T;
}

/** The API with its own state: one per worker (index.ts), or one per test running it in Node. */
export function createWorkerApi() {
  const context = createWorkerContext();
  return settlingFirst(context, {
    // The transaction set: load; change and query (their code fetched by the first call).
    ...transactionIntents(context),
    ...lazyChangeIntents(context),
    // Prices and figures: quotes, derive, combine, one holding's series, the tax report.
    ...priceIntents(context),
    // Settings: the benchmark.
    ...settingsIntents(context),
    // Import of a DEGIRO statement, another broker's CSV, your data (each fetched by its first call).
    ...lazyImportIntents(context),
    ...lazyMappedCsvIntents(context),
    ...lazyYourDataIntents(context),
    // Session: sign out.
    ...sessionIntents(context),
  });
}

export type WorkerApi = ReturnType<typeof createWorkerApi>;
