/**
 * The one state every intent file shares: one per API object (one per worker, or one per test running it
 * in Node). Each intent file is a function of this context; what an intent changes here (a sign-out
 * replaces the engine, a save keeps the symbol choices) every other intent sees. Also the helpers that
 * turn held state into what the page receives.
 */
import * as Comlink from 'comlink';
import { listingBuffers } from '../../model/transaction-wire';
import type { Outcome } from '../../model/outcome';
import { PortfolioEngine } from '../engine/portfolio-engine';
import { DashboardCharts } from '../dashboard-charts';
import { FigureInputs } from '../held-quotes/figures';
import { QuoteHolding } from '../held-quotes/holding';
import type { ImportSession } from '../import-session';
import { TransactionStore, type HeldView } from '../transaction-store';
import { fetchTransactions, putTransactions } from '../services/transactions-api';
import { collectTransferables } from '../transferables';
import type { MappedCsvSession } from '../mapped-csv/session';
import type { RestoreSession } from '../your-data';
import type { PortfolioView, SymbolsNeeded, Timed } from './contract';

export interface WorkerContext {
  /** Derives every figure from the held set and the quotes; a new one after a sign-out. */
  engine: PortfolioEngine;
  /** The dashboard charts built last, so an unchanged chart keeps its revision. */
  charts: DashboardCharts;
  /** The user's set and its server version; every change is stored from here. */
  readonly store: TransactionStore;
  /** The newest DEGIRO parse, between its preview and its confirmation; its code is loaded by the first parse. */
  importSession: ImportSession | null;
  /** A backup or CSV being restored, between its preview and the user's choice; its reader is loaded on first use. */
  restoreSession: RestoreSession | null;
  /** The user's symbol choices as the server keeps them (ISIN → symbol), read at load and kept up to date by this worker's saves. */
  symbolChoices: Record<string, string>;
  /** Another broker's CSV being mapped; its reader is loaded on first use, so the dashboard's worker stays small. */
  mappedSession: MappedCsvSession | null;
  /** The id of the newest count asked for, so that cancelling an older one leaves it running. */
  mappedCount: number;
  /** The quotes kept in IndexedDB between visits (held-quotes/). */
  readonly heldQuotes: QuoteHolding;
  /** The loads of the set and of the settings under way: prices asked for without a list wait for them. */
  loads: Promise<unknown>;
  /** What the engine derives from, named for the held figures' key (held-quotes/figures.ts); a sign-out replaces it. */
  figureInputs: FigureInputs;
  /** The derive a load answered with held figures still owes the engine and the charts: run before any other intent. */
  owedDerive: (() => void) | null;
}

export function createWorkerContext(): WorkerContext {
  const context: WorkerContext = {
    engine: new PortfolioEngine(),
    charts: new DashboardCharts(),
    // The engine of the moment takes each set the store holds (a sign-out replaces it); the set's last
    // answer is held between visits beside the quotes, and asked for again only when it changed.
    store: new TransactionStore((set) => context.engine.setTransactions(set), {
      fetch: (credentials) => fetchTransactions(credentials, context.heldQuotes.heldSet(credentials)),
      put: (credentials, set, accounts, version) =>
        putTransactions(credentials, set, accounts, version, context.heldQuotes.heldSet(credentials)),
    }),
    importSession: null,
    restoreSession: null,
    symbolChoices: {},
    mappedSession: null,
    mappedCount: 0,
    heldQuotes: new QuoteHolding(),
    loads: Promise.resolve(),
    figureInputs: new FigureInputs(),
    owedDerive: null,
  };
  return context;
}

/** Runs the derive a load answered with held figures owes (prices.ts), once; nothing when none is owed. */
export function settleOwedDerive(context: WorkerContext): void {
  const owed = context.owedDerive;
  context.owedDerive = null;
  owed?.();
}

/** Runs a load of the set or the settings, counted among the loads under way until it ends. */
export function counted<T>(context: WorkerContext, load: Promise<T>): Promise<T> {
  context.loads = Promise.allSettled([context.loads, load]);
  return load;
}

/** Every symbol the held set needs prices for now, and its first day. */
export const symbolsNeeded = (context: WorkerContext): SymbolsNeeded => ({
  symbols: context.engine.symbolsToRequest(),
  firstDate: context.engine.firstTransactionDate(),
});

/** A held view with the symbols it needs: what the page gets after the set changed or loaded. */
export const portfolioView = (context: WorkerContext, held: HeldView): PortfolioView => ({
  listing: held.listing,
  version: held.version,
  revisions: held.revisions,
  accounts: held.accounts,
  cash: held.cash,
  needed: symbolsNeeded(context),
});

/** An outcome with its view's columns transferred, not copied. */
export function withView<T extends object>(outcome: Outcome<T>, view: (outcome: T) => HeldView | null): Outcome<T> {
  const held = outcome.ok ? view(outcome) : null;
  return held ? Comlink.transfer(outcome, listingBuffers(held.listing)) : outcome;
}

/** The engine's answer with the time it took, its typed arrays transferred. */
export function timed<T extends object>(compute: () => T): Timed<T> {
  const started = performance.now();
  const result = compute();
  const value: Timed<T> = { result, computeMs: performance.now() - started };
  return Comlink.transfer(value, collectTransferables(result));
}
