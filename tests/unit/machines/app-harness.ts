/**
 * The real machines and their wiring, with the services at the edge (server, worker, provider)
 * replaced by fakes. Tests drive the app through it and look at the states the machines pass.
 */
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { appMachine } from '../../../src/machines/app-machine';
import { authMachine } from '../../../src/machines/auth-machine';
import { importMachine, type ImportActorRef, type ImportEvent } from '../../../src/machines/import-machine';
import { portfolioMachine, type PortfolioActorRef } from '../../../src/machines/portfolio-machine';
import type { SessionUser } from '../../../src/machines/services/auth-client';
import type { HeldSet } from '../../../src/machines/services/worker-client';
import type { VersionedSet } from '../../../src/model/transactions-api';
import { applyChange, type TransactionChange } from '../../../src/machines/transaction-changes';
import { transactionsMachine, type TransactionsActorRef } from '../../../src/machines/transactions-machine';
import type { Transaction, TransactionSet } from '../../../src/model';
import type { ActiveSeries, Derivation, ImportMerge, ImportPreview, PricesLoaded, SymbolsNeeded, Timed } from '../../../src/worker';

export const buy: Transaction = { ticker: 'VWCE.DE', type: 'stock', date: '2024-01-02', amount: 10, value: 1000, currency: 'EUR' };
export const fee: Transaction = { ticker: 'VWCE.DE', type: 'commission', date: '2024-01-02', amount: 1, value: 2, currency: 'EUR' };
export const setOf = (...ts: Transaction[]): TransactionSet => ({
  stock: ts.filter((t) => t.type === 'stock'),
  dividend: ts.filter((t) => t.type === 'dividend'),
  commission: ts.filter((t) => t.type === 'commission'),
});
/** Stand-ins for the worker's results: the machines only pass them along, so their inside does not matter here. */
const derivationFor = (tickers: string[]) =>
  ({ summary: { portfolioValue: 1 }, tickers: Object.fromEntries(tickers.map((t) => [t, {}])), active: { tickers } }) as unknown as Derivation;
const seriesFor = (tickers: string[]) => ({ tickers }) as unknown as ActiveSeries;
type PricesInput = { idToken: string; symbols: string[]; firstDate: string };

export type FakeMerge = ImportMerge & { merged: TransactionSet };

export interface Fakes {
  server: { set: TransactionSet; version: number };
  loadTransactions?: () => Promise<VersionedSet>;
  /** Receives the full set to store (the change already applied) and the base version. */
  save?: (input: { base: TransactionSet; version: string | null; change?: TransactionChange }) => Promise<VersionedSet>;
  fetchPrices?: (input: PricesInput) => Promise<PricesLoaded>;
  /** Awaited inside the n-th derive (1-based) before it returns: lets a test act while a derive runs. */
  deriveGate?: (n: number) => Promise<void>;
  parseImport?: (input: { file: File; existing: TransactionSet; tickers: Record<string, string> }) => Promise<ImportPreview>;
  /** The worker's merge: the counts it answers, and the merged set it keeps for the save. */
  mergeImport?: (input: { existing: TransactionSet; tickers: Record<string, string> }) => Promise<FakeMerge>;
  rememberTickers?: (tickers: Record<string, string>) => void;
}

/** The real machines and their wiring, with the services (server, worker, provider) replaced at the edge. */
export function startApp(fakes: Fakes) {
  const calls = { fetchPrices: [] as string[][], derive: 0, combine: [] as string[][], handToWorker: 0 };
  const symbolsOf = (set: TransactionSet) => [...new Set([...set.stock, ...set.dividend, ...set.commission].map((t) => t.ticker))].sort();
  /** The worker's set, as `setTransactions` or a save from the worker left it. */
  let held: TransactionSet = setOf();
  const needed = (): SymbolsNeeded => {
    const all = [...held.stock, ...held.dividend, ...held.commission].map((t) => t.date).sort();
    return { symbols: symbolsOf(held), firstDate: all[0] ?? null };
  };
  /** The worker loaded or stored `answer`: it derives from that set now. */
  const hold = (answer: VersionedSet): HeldSet => {
    held = answer.transactions;
    return { ...answer, needed: needed() };
  };
  /** The worker's merged import, waiting to be saved. */
  let pendingMerge: TransactionSet | null = null;
  const portfolio = portfolioMachine.provide({
    actors: {
      loadTransactions: fromPromise<HeldSet, { idToken: string }>(async () => hold(await (fakes.loadTransactions ?? (async () => ({ transactions: fakes.server.set, version: `"${fakes.server.version}"` })))())),
      handToWorker: fromPromise<SymbolsNeeded, { transactions: TransactionSet }>(async ({ input }) => {
        calls.handToWorker += 1;
        held = input.transactions;
        return needed();
      }),
      fetchPrices: fromPromise<PricesLoaded, PricesInput>(async ({ input }) => {
        calls.fetchPrices.push(input.symbols);
        if (fakes.fetchPrices) return fakes.fetchPrices(input);
        return { symbols: symbolsOf(held), firstDate: '2024-01-02', errors: {} };
      }),
      derive: fromPromise<Timed<Derivation>, { asOf: string; active: string[] | null }>(async () => {
        calls.derive += 1;
        await fakes.deriveGate?.(calls.derive);
        return { result: derivationFor(symbolsOf(held)), computeMs: 1 };
      }),
      combine: fromPromise<Timed<ActiveSeries>, { active: string[] }>(async ({ input }) => {
        calls.combine.push(input.active);
        return { result: seriesFor(input.active), computeMs: 1 };
      }),
    },
  });
  const transactions = transactionsMachine.provide({
    actors: {
      save: fromPromise<HeldSet, { idToken: string; base: TransactionSet; version: string | null; change: TransactionChange }>(async ({ input }) => {
        if (!fakes.save) throw new Error('no save configured');
        return hold(await fakes.save({ base: applyChange(input.base, input.change), version: input.version, change: input.change }));
      }),
    },
  });
  const importer = importMachine.provide({
    actors: {
      parseFile: fromCallback<ImportEvent, { file: File; existing: TransactionSet; tickers: Record<string, string> }>(({ input, sendBack }) => {
        sendBack({ type: 'parse.progress', progress: { bytes: 1, totalBytes: 2, rows: 10 } });
        (fakes.parseImport ?? (async () => Promise.reject(new Error('no parser configured'))))(input).then(
          (preview) => sendBack({ type: 'parse.done', preview }),
          (error: Error) => sendBack({ type: 'parse.failed', message: error.message }),
        );
      }),
      merge: fromPromise<ImportMerge, { existing: TransactionSet; tickers: Record<string, string> }>(async ({ input }) => {
        if (!fakes.mergeImport) throw new Error('no merge configured');
        const { merged, ...counts } = await fakes.mergeImport(input);
        pendingMerge = counts.added > 0 ? merged : null;
        return counts;
      }),
      save: fromPromise<HeldSet, { idToken: string; version: string | null }>(async ({ input }) => {
        if (!fakes.save) throw new Error('no save configured');
        if (!pendingMerge) throw new Error('There is no merged import to save; confirm the import again.');
        const saved = await fakes.save({ base: pendingMerge, version: input.version });
        pendingMerge = null;
        return hold(saved);
      }),
      discard: fromPromise<void>(async () => {}),
    },
    actions: { rememberTickers: (_, params: { tickers: Record<string, string> }) => fakes.rememberTickers?.(params.tickers) },
  });
  const auth = authMachine.provide({
    actors: {
      loadSession: fromPromise<SessionUser | null>(async () => ({ sub: 'alice', name: 'Alice', idToken: 'token-1', expiresAt: null })),
      sessionEvents: fromCallback(() => {}),
    },
  });
  const app = createActor(appMachine.provide({ actors: { auth, portfolio, transactions, import: importer } }), { input: { initialUrl: 'http://app.test/dashboard', rememberedTickers: {} } }).start();
  const get = <T extends AnyActorRef>(id: string) => app.system.get(id) as T;
  return { app, calls, portfolio: get<PortfolioActorRef>('portfolio'), saver: get<TransactionsActorRef>('transactions'), importer: get<ImportActorRef>('import') };
}

