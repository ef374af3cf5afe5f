/**
 * The worker's one API object, exposed with Comlink. The worker keeps the transactions and quotes it
 * was given; the main thread sends names (active tickers, `asOf`) and gets typed arrays back,
 * transferred, not copied. Transaction sets cross in columns (model/transaction-wire.ts), both ways.
 */
import * as Comlink from 'comlink';
import { HttpError } from '../model/http';
import { fetchTransactions, putTransactions, type VersionedSet } from '../model/transactions-api';
import { packedBuffers, packTransactions, unpackTransactions, type PackedTransactions } from '../model/transaction-wire';
import { PortfolioEngine, type ActiveSeries, type Derivation } from './engine';
import { ImportSession, type ImportMerge, type ImportPreview, type ImportProgress } from './import-session';
import { requestQuotes, type QuotesRequestArgs } from './quotes-client';
import { collectTransferables } from './transferables';

export type { ActiveSeries, Derivation } from './engine';
export type { ImportMerge, ImportPreview, ImportProgress, ProductChoice, SkippedGroup } from './import-session';

const engine = new PortfolioEngine();
const importSession = new ImportSession();

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

/** Who may store a set, and against which version (the main thread reads the anti-forgery cookie). */
export interface StoreArgs {
  idToken: string;
  xsrfToken: string | null;
  version: string | null;
}

/**
 * A set the worker loaded or stored itself: the server's set, which the worker now derives from, and the
 * symbols it needs; or the server's refusal (an Error thrown through Comlink would lose its status,
 * which tells a conflict).
 */
export type HeldSetOutcome =
  | { ok: true; held: { transactions: PackedTransactions; version: string | null }; needed: SymbolsNeeded }
  | { ok: false; status: number; message: string };

export interface PricesLoaded extends SymbolsNeeded {
  /** Symbols the quotes service could not serve, with its message. */
  errors: Record<string, string>;
}

function timed<T extends object>(compute: () => T): Timed<T> {
  const started = performance.now();
  const result = compute();
  const value: Timed<T> = { result, computeMs: performance.now() - started };
  return Comlink.transfer(value, collectTransferables(result));
}

const symbolsNeeded = (): SymbolsNeeded => ({ symbols: engine.symbolsToRequest(), firstDate: engine.firstTransactionDate() });

/** The set a request to the transactions service answers with becomes the one the worker derives from. */
async function hold(request: () => Promise<VersionedSet>): Promise<HeldSetOutcome> {
  let answer: VersionedSet;
  try {
    answer = await request();
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
  engine.setTransactions(answer.transactions);
  const transactions = packTransactions(answer.transactions);
  return Comlink.transfer({ ok: true as const, held: { transactions, version: answer.version }, needed: symbolsNeeded() }, packedBuffers(transactions));
}

const api = {
  /** Loads the user's set from the transactions service (its JSON read here, not on the page) and derives from it. */
  loadTransactions(idToken: string): Promise<HeldSetOutcome> {
    return hold(() => fetchTransactions(idToken));
  },
  /** Stores a set the page changed (its JSON written and read here) and derives from the stored set. */
  storeTransactions(packed: PackedTransactions, args: StoreArgs): Promise<HeldSetOutcome> {
    return hold(() => putTransactions(args.idToken, unpackTransactions(packed), args.version, args.xsrfToken));
  },
  /** The set to derive from, packed (model/transaction-wire.ts). */
  setTransactions(packed: PackedTransactions): SymbolsNeeded {
    engine.setTransactions(unpackTransactions(packed));
    return symbolsNeeded();
  },
  /** Fetches quotes for `symbols` and keeps them; answers which symbols are needed now (a quote's currency may add one). */
  async loadQuotes(args: QuotesRequestArgs): Promise<PricesLoaded> {
    const entries = await requestQuotes(args);
    engine.setQuotes(entries);
    const errors: Record<string, string> = {};
    for (const entry of entries) if ('error' in entry) errors[entry.symbol] = entry.error;
    return { ...symbolsNeeded(), errors };
  },
  derive(asOf: string, active: readonly string[] | null): Timed<Derivation> {
    return timed(() => engine.derive(asOf, active));
  },
  combine(active: readonly string[]): Timed<ActiveSeries> {
    return timed(() => engine.combine(active));
  },
  /** Parses a DEGIRO account statement in the worker, streaming it; `onProgress` is a Comlink proxy. */
  parseImport(file: Blob, existing: PackedTransactions, tickers: Record<string, string>, onProgress: (progress: ImportProgress) => void): Promise<ImportPreview> {
    return importSession.parse(file, unpackTransactions(existing), tickers, onProgress);
  },
  /** Adds the parsed file's new transactions to `existing` with the tickers the user chose; the merged set stays here. */
  mergeImport(existing: PackedTransactions, tickers: Record<string, string>): Promise<ImportMerge> {
    return importSession.merge(unpackTransactions(existing), tickers);
  },
  /**
   * Stores the merged set from here (its JSON, tens of thousands of transactions, is written and read in
   * the worker, not on the page) and derives from the stored set from now on.
   */
  async saveImport(args: StoreArgs): Promise<HeldSetOutcome> {
    const merged = importSession.mergedSet();
    const outcome = await hold(() => putTransactions(args.idToken, merged, args.version, args.xsrfToken));
    if (outcome.ok) importSession.discard();
    return outcome;
  },
  discardImport(): void {
    importSession.discard();
  },
};

export type WorkerApi = typeof api;

Comlink.expose(api);
