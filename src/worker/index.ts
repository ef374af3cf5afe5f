/**
 * The worker's one API object, exposed with Comlink. The worker keeps the transactions and quotes it
 * was given; the main thread sends names (active tickers, `asOf`) and gets typed arrays back,
 * transferred, not copied.
 */
import * as Comlink from 'comlink';
import type { TransactionSet } from '../model';
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

const api = {
  setTransactions(set: TransactionSet): SymbolsNeeded {
    engine.setTransactions(set);
    return { symbols: engine.symbolsToRequest(), firstDate: engine.firstTransactionDate() };
  },
  /** Fetches quotes for `symbols` and keeps them; answers which symbols are needed now (a quote's currency may add one). */
  async loadQuotes(args: QuotesRequestArgs): Promise<PricesLoaded> {
    const entries = await requestQuotes(args);
    engine.setQuotes(entries);
    const errors: Record<string, string> = {};
    for (const entry of entries) if ('error' in entry) errors[entry.symbol] = entry.error;
    return { symbols: engine.symbolsToRequest(), firstDate: engine.firstTransactionDate(), errors };
  },
  derive(asOf: string, active: readonly string[] | null): Timed<Derivation> {
    return timed(() => engine.derive(asOf, active));
  },
  combine(active: readonly string[]): Timed<ActiveSeries> {
    return timed(() => engine.combine(active));
  },
  /** Parses a DEGIRO account statement in the worker, streaming it; `onProgress` is a Comlink proxy. */
  parseImport(file: Blob, existing: TransactionSet, tickers: Record<string, string>, onProgress: (progress: ImportProgress) => void): Promise<ImportPreview> {
    return importSession.parse(file, existing, tickers, onProgress);
  },
  /** The full set after adding the parsed file's new transactions, with the tickers the user chose. */
  mergeImport(existing: TransactionSet, tickers: Record<string, string>): Promise<ImportMerge> {
    return importSession.merge(existing, tickers);
  },
  discardImport(): void {
    importSession.discard();
  },
};

export type WorkerApi = typeof api;

Comlink.expose(api);
