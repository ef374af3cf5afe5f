/**
 * The worker's one API object, exposed with Comlink: the page sends intents and gets views back.
 * The worker holds the user's transaction set and its server version (transaction-store.ts), the quotes
 * and the engine; it reads and writes every service's JSON itself. A set never comes from the page:
 * an intent names the change (`change`), the file (`parseImport`) or the choice (`confirmImport`), and
 * the answer is a value (`{ok: true, …} | {ok: false, status, message}`) carrying one view, the set in
 * columns (model/transaction-wire.ts) with its buffers transferred.
 *
 * A new intent is one method here, in the section of what it touches; a new kind of change to the set
 * is one case in transaction-changes.ts. What the dashboard's first load and derive do not need (the
 * import's parser and merge, another broker's CSV, export and restore, the tax report, the symbol check,
 * the account's deletion, the CSV mappings) is loaded by the intent that first needs it (`import()`), so
 * the worker's first chunk stays small.
 */
import * as Comlink from 'comlink';
import type { QuoteEntry, TransactionSet } from '../model';
import { messageOf } from '../model/message';
import { listingBuffers } from '../model/transaction-wire';
import { PortfolioEngine, type HoldingSeries } from './engine';
import { ImportSession, type ImportMerge, type ImportPreview, type ImportProgress } from './import-session';
import { refusal, type Outcome } from '../model/outcome';
import { HttpError, type Credentials } from './services/http';
import { requestQuotes, type QuotesRequest } from './services/quotes-api';
import { fetchSymbolChoices, resolveSymbols, saveSymbolChoices } from './services/symbols-api';
import type { SymbolCheck } from './symbol-check';
import { fetchSettings, saveSettings as writeSettings } from './services/settings-api';
import type { UserSettings } from '../model/settings';
import { isValidIsin, type SymbolChoice, type SymbolResolution } from '../model/symbols';
import { TransactionStore, type HeldView } from './transaction-store';
import type { TransactionChange } from './transaction-changes';
import type { TransactionMatches, TransactionQuery } from '../model/transaction-query';
import type { TaxReport } from './tax-report-csv';
import { DashboardCharts, type ChartedDerivation, type ChartedSeries } from './dashboard-charts';
import { collectTransferables } from './transferables';
import type { CsvMapping } from '../model/csv-mapping';
import { NOT_DEGIRO_STATEMENT, OTHER_DEGIRO_FILE } from './import/types';
import type { CountProgress, MappedCsvSession, MappedFile, MappedPreview } from './mapped-csv/session';
import type { ExportedFile, ExportFormat, RestoreMode, RestorePreview, RestoreSession } from './your-data';

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

/** The writes that turn the stored choices `before` into `after` (ISIN → symbol; keys that are not ISINs are left out). */
function changedChoices(before: Record<string, string>, after: Record<string, string>): SymbolChoice[] {
  const changes: SymbolChoice[] = [];
  for (const [isin, symbol] of Object.entries(after)) if (isValidIsin(isin) && before[isin] !== symbol) changes.push({ isin, symbol });
  for (const isin of Object.keys(before)) if (!Object.hasOwn(after, isin)) changes.push({ isin, symbol: null });
  return changes;
}

/** `choices` (ISIN → symbol) with `changes` applied: a symbol set, a null forgotten. */
function withChoices(choices: Record<string, string>, changes: readonly SymbolChoice[]): Record<string, string> {
  const next = { ...choices };
  for (const { isin, symbol } of changes) {
    if (symbol === null) delete next[isin];
    else next[isin] = symbol;
  }
  return next;
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

/** A DEGIRO parse refused the file for its header: it may be another broker's CSV, which the user can map. */
const isOtherCsv = (error: string | null): boolean => error !== null && (error.startsWith(NOT_DEGIRO_STATEMENT) || error.startsWith(OTHER_DEGIRO_FILE));

/** A request's failure as a value: the server's status and message, or 0 when it was not reached. */
function refused(error: unknown) {
  return error instanceof HttpError ? refusal(error.status, error.message) : refusal(0, messageOf(error));
}

const NOT_READY = 'The figures are not ready yet: try again once the portfolio has loaded.';

/** Requests one `loadQuotes` makes at most: the symbols asked for, then the rates their quotes need. */
const MAX_QUOTE_ROUNDS = 3;

/** The rates' quotes, or an error entry for each when their request fails. */
async function ratesOrErrors(credentials: Credentials, request: QuotesRequest): Promise<QuoteEntry[]> {
  try {
    return await requestQuotes(credentials, request);
  } catch (error) {
    return request.symbols.map((symbol) => ({ symbol, error: messageOf(error) }));
  }
}

function timed<T extends object>(compute: () => T): Timed<T> {
  const started = performance.now();
  const result = compute();
  const value: Timed<T> = { result, computeMs: performance.now() - started };
  return Comlink.transfer(value, collectTransferables(result));
}

/** An outcome with its view's columns transferred, not copied. */
function withView<T extends object>(outcome: Outcome<T>, view: (outcome: T) => HeldView | null): Outcome<T> {
  const held = outcome.ok ? view(outcome) : null;
  return held ? Comlink.transfer(outcome, listingBuffers(held.listing)) : outcome;
}

/** The API with its own state: one per worker (index.ts), or one per test running it in Node. */
export function createWorkerApi() {
  let engine = new PortfolioEngine();
  /** The dashboard charts built last, so an unchanged chart keeps its revision. */
  let charts = new DashboardCharts();
  const store = new TransactionStore((set) => engine.setTransactions(set));
  const importSession = new ImportSession();
  /** A backup or CSV being restored, between its preview and the user's choice; its reader is loaded on first use. */
  let restoreSession: RestoreSession | null = null;
  /** The user's symbol choices as the server keeps them (ISIN → symbol), read at load and kept up to date by this worker's saves. */
  let symbolChoices: Record<string, string> = {};
  /** Another broker's CSV being mapped; its reader is loaded on first use, so the dashboard's worker stays small. */
  let mappedSession: MappedCsvSession | null = null;
  /** The id of the newest count asked for, so that cancelling an older one leaves it running. */
  let mappedCount = 0;
  const openedMapping = (): MappedCsvSession => {
    if (!mappedSession) throw new Error('There is no file to map; choose it again.');
    return mappedSession;
  };
  const symbolsNeeded = (): SymbolsNeeded => ({ symbols: engine.symbolsToRequest(), firstDate: engine.firstTransactionDate() });
  const portfolioView = (held: HeldView): PortfolioView => ({ listing: held.listing, version: held.version, revisions: held.revisions, needed: symbolsNeeded() });

  return {
    // ── The transaction set ──────────────────────────────────────────────────────────────────────────

    /** Loads the user's set from the transactions service: at sign-in, on reload, after a conflict. */
    async load(credentials: Credentials): Promise<Outcome<PortfolioView>> {
      // The user's symbol choices come along: the search finds a transaction by its product's ISIN. Without
      // them (the service did not answer) it still finds it by ticker.
      const [held, choices] = await Promise.all([store.load(credentials), fetchSymbolChoices(credentials).catch(() => null)]);
      if (choices) symbolChoices = choices;
      return withView(held.ok ? { ...portfolioView(held), ok: true } : held, (view) => view);
    },
    /** Adds, edits, deletes, deletes all, renames a ticker (transaction-changes.ts), and stores the set from here. */
    async change(change: TransactionChange, credentials: Credentials): Promise<Outcome<PortfolioView>> {
      // A symbol picked for an ISIN placeholder is the user's choice for that ISIN: kept first, so the next
      // import proposes it; when it cannot be kept, nothing is renamed.
      if (change.kind === 'renameTicker' && isValidIsin(change.from)) {
        const choice = { isin: change.from, symbol: change.to };
        try {
          await saveSymbolChoices(credentials, [choice]);
        } catch (error) {
          return refusal(error instanceof HttpError ? error.status : 0, `The symbol was not kept, nothing was renamed: ${messageOf(error)}`);
        }
        symbolChoices = withChoices(symbolChoices, [choice]);
      }
      const held = await store.change(change, credentials);
      return withView(held.ok ? { ...portfolioView(held), ok: true } : held, (view) => view);
    },

    /** The transactions page's search, filters and order over the held set: the matching ids, transferred. */
    queryTransactions(query: TransactionQuery): TransactionMatches {
      const matches = store.query(query, symbolChoices);
      return Comlink.transfer(matches, [matches.ids.buffer as ArrayBuffer]);
    },

    // ── Prices and figures ───────────────────────────────────────────────────────────────────────────

    /**
     * Fetches quotes for `symbols` and keeps them, then the exchange rates those quotes turn out to need (a
     * listing in USD or GBp of a ticker bought in EUR) in the same call, so that the page derives once with
     * every price rather than once per round. Answers what it fetched and which symbols are needed now.
     * A failed request for the symbols asked for fails the call; one for the rates after them only names
     * those rates among the errors, so the prices already fetched are kept and shown.
     */
    async loadQuotes(request: QuotesRequest, credentials: Credentials): Promise<PricesLoaded> {
      const errors: Record<string, string> = {};
      // Needed before the call, or fetched by it: what the quotes add beyond that is what to fetch next.
      const known = new Set([...engine.symbolsToRequest(), ...request.symbols]);
      const fetched: string[] = [];
      let symbols = request.symbols;
      // A rate's own quote is in EUR and needs nothing more; the bound only guards against a surprise.
      for (let round = 0; round < MAX_QUOTE_ROUNDS && symbols.length > 0; round += 1) {
        fetched.push(...symbols);
        const entries = round === 0 ? await requestQuotes(credentials, { ...request, symbols }) : await ratesOrErrors(credentials, { ...request, symbols });
        engine.setQuotes(entries);
        for (const entry of entries) if ('error' in entry) errors[entry.symbol] = entry.error;
        symbols = engine.symbolsToRequest().filter((symbol) => !known.has(symbol));
        for (const symbol of symbols) known.add(symbol);
      }
      return { ...symbolsNeeded(), errors, fetched };
    },
    /** The figures as of `asOf` for the `active` tickers (null = all), with the dashboard's charts of them (dashboard-charts.ts). */
    derive(asOf: string, active: readonly string[] | null): Timed<ChartedDerivation> {
      return timed(() => charts.derived(engine.derive(asOf, active), active));
    },
    /** The `active` tickers' series and charts again, after a toggle: the last derive's figures recombined. */
    combine(active: readonly string[]): Timed<ChartedSeries> {
      return timed(() => charts.combined(engine.combine(active), active));
    },
    /** One holding's price, buys and sells, value and cost basis per day, as of the last derive; its arrays are transferred. */
    holdingSeries(ticker: string): Outcome<{ series: HoldingSeries }> {
      if (engine.derivedAsOf() === null) return refusal(0, NOT_READY);
      const series = engine.holdingSeries(ticker);
      if (!series) return refusal(0, `${ticker} has no figures to draw: it is not in your transactions, or an exchange rate it needs has no prices yet.`);
      const outcome = { ok: true as const, series };
      return Comlink.transfer(outcome, collectTransferables(series));
    },
    /** The dividend tax report as CSV (tax-report-csv.ts), from the dividends as of the last derive: the page never holds them. */
    async taxReport(): Promise<Outcome<TaxReport>> {
      if (engine.derivedAsOf() === null) return refusal(0, NOT_READY);
      try {
        const { taxReportCsv } = await import('./tax-report-csv');
        // Read after the load: the dividends of the last derive by now (none after a sign-out meanwhile).
        const asOf = engine.derivedAsOf();
        if (asOf === null) return refusal(0, NOT_READY);
        return { ok: true, csv: taxReportCsv(engine.dividendRecords()), fileName: `dividend-tax-${asOf}.csv` };
      } catch (error) {
        return refusal(0, messageOf(error));
      }
    },

    // ── Settings ─────────────────────────────────────────────────────────────────────────────────────

    /** Reads the user's settings from the server; the engine compares with their benchmark from now on. */
    async loadSettings(credentials: Credentials): Promise<Outcome<SettingsView>> {
      try {
        const settings = await fetchSettings(credentials);
        engine.setBenchmark(settings.benchmark);
        return { ok: true, settings, needed: symbolsNeeded() };
      } catch (error) {
        return refused(error);
      }
    },
    /** Saves the settings `changes` names; on success the engine takes the new benchmark. */
    async saveSettings(changes: Partial<UserSettings>, credentials: Credentials): Promise<Outcome<SettingsView>> {
      try {
        const settings = await writeSettings(credentials, changes);
        engine.setBenchmark(settings.benchmark);
        return { ok: true, settings, needed: symbolsNeeded() };
      } catch (error) {
        return refused(error);
      }
    },

    // ── Import ───────────────────────────────────────────────────────────────────────────────────────

    /**
     * Parses a DEGIRO account statement, streaming it; `onProgress` is a Comlink proxy. A newer parse or
     * `cancelImport(parseId)` stops this one: its answer is then a refusal, and only the newest lands.
     */
    async parseImport(parseId: number, file: Blob, onProgress: (progress: ImportProgress) => void): Promise<Outcome<ParsedFile>> {
      try {
        const preview = await importSession.parse(parseId, file, () => store.current(), onProgress);
        return preview ? { ok: true, parseId, preview, otherCsv: isOtherCsv(preview.error) } : refusal(0, 'The parse was cancelled or overtaken by a newer one.');
      } catch (error) {
        return refusal(0, messageOf(error));
      }
    },
    cancelImport(parseId: number): void {
      importSession.cancel(parseId);
    },
    /**
     * Asks the symbols service for the listings of parse `parseId`'s products (the user's saved choices,
     * the lookup, the table) and previews again with them. A failed lookup never stops the import: the
     * answer is then the preview as it was, with the reason in `message`.
     */
    async lookUpImportSymbols(parseId: number, credentials: Credentials): Promise<Outcome<LookedUp>> {
      const products = importSession.productsToLookUp(parseId);
      if (!products) return refusal(0, 'The parse was cancelled or overtaken by a newer one.');
      let resolutions: SymbolResolution[] = [];
      let message: string | null = null;
      if (products.length > 0) {
        try {
          resolutions = await resolveSymbols(credentials, products);
          const failed = resolutions.filter((resolution) => resolution.problem);
          if (failed.length > 0) {
            message = `The symbol search did not answer for ${failed.length} of ${products.length} products (${failed[0]!.problem}). Those without a symbol are imported under their ISIN, without a price source; pick a symbol for them now or later on the Holdings page.`;
          }
        } catch (error) {
          message = `The symbol lookup failed (${messageOf(error)}). Products without a symbol are imported under their ISIN, without a price source; pick a symbol for them now or later on the Holdings page.`;
        }
      }
      const preview = await importSession.applyLookup(parseId, resolutions, store.current());
      return preview ? { ok: true, parseId, preview, message } : refusal(0, 'The parse was cancelled or overtaken by a newer one.');
    },
    /** Whether the quotes service has prices for a symbol the user typed, in words. */
    async checkSymbol(symbol: string, credentials: Credentials): Promise<SymbolCheck> {
      try {
        const check = await import('./symbol-check');
        return await check.checkSymbol(symbol, credentials);
      } catch (error) {
        // The check's code could not be loaded: said as its own failures are.
        return { symbol: symbol.trim(), hasPrices: false, message: `${symbol.trim()} could not be checked: ${messageOf(error)}` };
      }
    },
    /** Adds the parsed file's new transactions to the held set with the tickers the user chose, and stores it. */
    async confirmImport(tickers: Record<string, string>, credentials: Credentials): Promise<Outcome<ImportSaved>> {
      let outcome: Outcome<ImportSaved>;
      try {
        let choices: SymbolChoice[] = [];
        const stored = await store.replace(async (set: TransactionSet) => {
          const merge = await importSession.merge(set, tickers);
          const { merged, added, alreadyPresent, converted, renamed, taxFilled } = merge;
          choices = merge.choices;
          // A re-import that only completes stored transactions (their conversion to EUR, their tax) is saved too.
          // Renamed: stored trades take the ids both DEGIRO files share, so that a Transactions.csv adds nothing twice.
          const changed = added > 0 || converted > 0 || renamed > 0 || taxFilled > 0;
          return { set: changed ? merged : null, extra: { added, alreadyPresent, taxFilled } satisfies Omit<ImportMerge, 'unresolvedProducts' | 'converted'> };
        }, credentials);
        if (!stored.ok) return stored;
        // The import is stored; its symbols are kept for the next import and other devices.
        let choicesProblem: string | null = null;
        await saveSymbolChoices(credentials, choices).then(
          () => {
            symbolChoices = withChoices(symbolChoices, choices);
          },
          (error: unknown) => {
            choicesProblem = `The symbols were not kept for your next import: ${messageOf(error)}`;
          },
        );
        outcome = { ok: true, added: stored.added, alreadyPresent: stored.alreadyPresent, taxFilled: stored.taxFilled, view: stored.view && portfolioView(stored.view), choicesProblem };
      } catch (error) {
        return refusal(0, messageOf(error));
      }
      if (outcome.ok) importSession.discard();
      return withView(outcome, (saved) => saved.view);
    },

    // ── Another broker's CSV: a mapping of its columns, a live preview, the import ──────────────────────

    /** Reads the file (kept here) and proposes a mapping: the one remembered for its header, else a guess; with its preview. */
    async openMappedCsv(file: Blob, fileName: string, credentials: Credentials): Promise<Outcome<{ file: MappedFile }>> {
      try {
        const [{ MappedCsvSession }, { fetchCsvMapping }] = await Promise.all([import('./mapped-csv/session'), import('./services/csv-mappings-api')]);
        mappedSession ??= new MappedCsvSession();
        const opened = await mappedSession.open(file, fileName, store.current(), (key) => fetchCsvMapping(credentials, key));
        return opened.ok ? opened : refusal(0, opened.message);
      } catch (error) {
        return refused(error);
      }
    },
    /**
     * The live preview of `mapping` on the open file, at once: its first rows (all of a small file), and its
     * header as the mapping's delimiter splits it. Cancels a running count (a newer change of the mapping).
     */
    previewMappedCsv(mapping: CsvMapping): Outcome<{ header: string[]; preview: MappedPreview }> {
      try {
        const session = openedMapping();
        return { ok: true, header: session.header(mapping), preview: session.preview(mapping, store.current()) };
      } catch (error) {
        return refusal(0, messageOf(error));
      }
    },
    /**
     * Reads every row of the open file by `mapping` (the problems, what an import would add), in stretches
     * with the worker free in between; `onProgress` (a Comlink proxy) hears the rows read. A newer preview or
     * count, `cancelMappedCount` or a discard stops it: its answer is then a refusal.
     */
    async countMappedCsv(countId: number, mapping: CsvMapping, onProgress: (progress: CountProgress) => void): Promise<Outcome<{ countId: number; preview: MappedPreview }>> {
      try {
        const session = openedMapping();
        mappedCount = countId;
        const preview = await session.count(mapping, () => store.current(), onProgress);
        return preview ? { ok: true, countId, preview } : refusal(0, 'The count was cancelled or overtaken by a newer change of the mapping.');
      } catch (error) {
        return refusal(0, messageOf(error));
      }
    },
    cancelMappedCount(countId: number): void {
      if (countId === mappedCount) mappedSession?.cancelCount();
    },
    /**
     * Merges every row `mapping` reads into the held set by import id (nothing twice) and stores it against
     * the held version, like any import; then remembers the mapping for the file's header.
     */
    async confirmMappedCsv(mapping: CsvMapping, credentials: Credentials): Promise<Outcome<MappedImportSaved>> {
      let outcome: Outcome<MappedImportSaved>;
      try {
        const session = openedMapping();
        const key = session.headerKey();
        const stored = await store.replace(async (set: TransactionSet) => {
          const { merged, added, alreadyPresent, skippedRows } = session.merge(mapping, set);
          return { set: added > 0 ? merged : null, extra: { added, alreadyPresent, skippedRows } };
        }, credentials);
        if (!stored.ok) return stored;
        let mappingNotRemembered: string | null = null;
        try {
          if (key !== null) {
            const { saveCsvMapping } = await import('./services/csv-mappings-api');
            await saveCsvMapping(credentials, key, mapping);
          }
        } catch (error) {
          mappingNotRemembered = messageOf(error);
        }
        const { added, alreadyPresent, skippedRows } = stored;
        outcome = { ok: true, added, alreadyPresent, skippedRows, view: stored.view && portfolioView(stored.view), mappingNotRemembered };
      } catch (error) {
        return refusal(0, messageOf(error));
      }
      mappedSession?.discard();
      return withView(outcome, (saved) => saved.view);
    },
    discardMappedCsv(): void {
      mappedSession?.discard();
    },

    // ── Your data: export, restore, delete the account ───────────────────────────────────────────────

    /** Builds the export file of the held set here (CSV, or the JSON backup with the server's symbol choices, settings and remembered column mappings). */
    async exportFile(format: ExportFormat, exportedAt: string, credentials: Credentials): Promise<Outcome<ExportedFile>> {
      try {
        const backup = format === 'json';
        const [settings, symbolChoices, csvMappings, { buildExport }] = await Promise.all([
          backup ? fetchSettings(credentials) : { benchmark: null },
          fetchSymbolChoices(credentials),
          backup ? import('./services/csv-mappings-api').then(({ fetchAllCsvMappings }) => fetchAllCsvMappings(credentials)) : [],
          import('./your-data'),
        ]);
        return { ok: true, ...(await buildExport(format, store.current(), { symbolChoices, settings, csvMappings }, exportedAt)) };
      } catch (error) {
        return refused(error);
      }
    },
    /** Reads a backup or our CSV whole and previews merge and replace against the held set; the file stays here. */
    async previewRestore(file: File, credentials: Credentials): Promise<Outcome<{ preview: RestorePreview }>> {
      try {
        const [settings, choices, csvMappings, { RestoreSession }] = await Promise.all([
          fetchSettings(credentials),
          fetchSymbolChoices(credentials),
          import('./services/csv-mappings-api').then(({ fetchAllCsvMappings }) => fetchAllCsvMappings(credentials)),
          import('./your-data'),
        ]);
        restoreSession ??= new RestoreSession();
        const current = { transactions: store.current(), symbolChoices: choices, settings: settings.benchmark ? { benchmark: settings.benchmark } : {}, csvMappings };
        const previewed = await restoreSession.preview(file, current);
        return previewed.ok ? previewed : refusal(0, previewed.message);
      } catch (error) {
        return refused(error);
      }
    },
    /**
     * Restores the file read last, merged into or replacing the held set, stored against the held version
     * (a set changed elsewhere meanwhile is refused, never overwritten); then the settings, the symbol
     * choices (those of ISINs; replacing forgets the others) and the column mappings it brings (the
     * server merges or replaces them: PUT /api/csv-mappings/all). Answers the stored set's view.
     */
    async confirmRestore(mode: RestoreMode, credentials: Credentials): Promise<Outcome<{ view: PortfolioView | null }>> {
      let outcome: Outcome<{ view: PortfolioView | null }>;
      try {
        const [settings, storedChoices, { RestoreSession }] = await Promise.all([fetchSettings(credentials), fetchSymbolChoices(credentials), import('./your-data')]);
        // Without a preview first there is nothing read: the session says so.
        const session = (restoreSession ??= new RestoreSession());
        const currentSettings = settings.benchmark ? { benchmark: settings.benchmark } : {};
        let restoredSettings = currentSettings as { benchmark?: string };
        let choices = storedChoices;
        const stored = await store.replace(async (set: TransactionSet) => {
          // The mappings are the server's to merge or replace (below); none here.
          const applied = await session.apply({ transactions: set, symbolChoices: storedChoices, settings: currentSettings, csvMappings: [] }, mode);
          restoredSettings = applied.settings;
          choices = applied.symbolChoices;
          return { set: applied.transactions, extra: {} };
        }, credentials);
        if (!stored.ok) return stored;
        if ((restoredSettings.benchmark ?? null) !== settings.benchmark) await writeSettings(credentials, { benchmark: restoredSettings.benchmark ?? null });
        const changes = changedChoices(storedChoices, choices);
        await saveSymbolChoices(credentials, changes);
        symbolChoices = withChoices(storedChoices, changes);
        const csvMappings = session.csvMappings();
        if (csvMappings !== null) {
          const { restoreCsvMappings } = await import('./services/csv-mappings-api');
          await restoreCsvMappings(credentials, mode, csvMappings);
        }
        outcome = { ok: true, view: stored.view && portfolioView(stored.view) };
      } catch (error) {
        return refused(error);
      }
      restoreSession?.discard();
      return withView(outcome, (saved) => saved.view);
    },
    discardRestore(): void {
      restoreSession?.discard();
    },
    /** Deletes the account and everything of it on the server; the page signs out after. */
    async deleteAccount(username: string, credentials: Credentials): Promise<Outcome<object>> {
      try {
        const account = await import('./services/account-api');
        await account.deleteAccount(credentials, username);
        return { ok: true };
      } catch (error) {
        return refused(error);
      }
    },

    // ── Session ──────────────────────────────────────────────────────────────────────────────────────

    /** Forgets everything of the session: the set, its version, the quotes and figures, a parsed file. */
    signOut(): void {
      importSession.reset();
      restoreSession?.discard();
      mappedSession?.discard();
      engine = new PortfolioEngine();
      charts = new DashboardCharts();
      symbolChoices = {};
      store.clear();
    },
  };
}

export type WorkerApi = ReturnType<typeof createWorkerApi>;
