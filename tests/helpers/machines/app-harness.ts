/**
 * The real machines and their wiring, with the services at the edge (server, worker, provider)
 * replaced by fakes. Tests drive the app through it and look at the states the machines pass.
 */
import type { ImportTarget } from '#src/worker';
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { appMachine } from '#src/machines/app-machine';
import { authMachine } from '#src/machines/auth-machine';
import { importMachine, type ImportActorRef, type ImportEvent, type ImportStored } from '#src/machines/import-machine';
import { portfolioMachine, type PortfolioActorRef } from '#src/machines/portfolio-machine';
import type { SessionUser } from '#src/machines/services/auth-client';
import { setViewOf, type SetView } from '#src/machines/services/worker-client';
import { transactionsMachine, type TransactionsActorRef } from '#src/machines/transactions-machine';
import type { ListedSet, Transaction, TransactionSet } from '#src/model';
import type { Outcome } from '#src/model/outcome';
import type { VersionedSet } from '#src/worker/services/transactions-api';
import type { TransactionChange } from '#src/worker/transaction-changes';
import { TransactionStore, type HeldView } from '#src/worker/transaction-store';
import type {
  ChartedDerivation,
  ChartedSeries,
  ImportMerge,
  ImportPreview,
  LookedUp,
  PricesLoaded,
  SymbolCheck,
  SymbolsNeeded,
  Timed,
} from '#src/worker';

export const buy: Transaction = {
  ticker: 'VWCE.DE',
  type: 'stock',
  date: '2024-01-02',
  amount: 10,
  value: 1000,
  currency: 'EUR',
};
export const fee: Transaction = {
  ticker: 'VWCE.DE',
  type: 'commission',
  date: '2024-01-02',
  amount: 1,
  value: 2,
  currency: 'EUR',
};
export const setOf = (...ts: Transaction[]): TransactionSet => ({
  stock: ts.filter((t) => t.type === 'stock'),
  dividend: ts.filter((t) => t.type === 'dividend'),
  commission: ts.filter((t) => t.type === 'commission'),
});
/** Stand-ins for the worker's results: the machines only pass them along, so their inside does not matter here. */
const NO_CHARTS = { charts: [], excluded: [], atCost: [] };
const derivationFor = (tickers: string[]) =>
  ({
    summary: { portfolioValue: 1 },
    tickers: Object.fromEntries(tickers.map((t) => [t, {}])),
    active: { tickers },
    charts: NO_CHARTS,
  }) as unknown as ChartedDerivation;
const seriesFor = (tickers: string[]) => ({ active: { tickers }, charts: NO_CHARTS }) as unknown as ChartedSeries;
type PricesInput = { idToken: string; symbols: string[]; firstDate: string };
/** What the machine sends: `symbols` null asks for every symbol the held set needs (the worker's own list). */
type PricesAsked = Omit<PricesInput, 'symbols' | 'firstDate'> & { symbols: string[] | null; firstDate: string | null };

/** A listed set without its ids, to compare with a plain set. */
export const unlisted = (set: ListedSet | null): TransactionSet | null =>
  set && {
    stock: set.stock.map(({ id: _, ...t }) => t),
    dividend: set.dividend.map(({ id: _, ...t }) => t),
    commission: set.commission.map(({ id: _, ...t }) => t),
  };

export type FakeMerge = ImportMerge & { merged: TransactionSet };

export interface Fakes {
  server: { set: TransactionSet; version: number };
  loadTransactions?: () => Promise<VersionedSet>;
  /** The server's PUT: receives the full set the worker built (the change already applied) and the base version. */
  save?: (input: { base: TransactionSet; version: string | null }) => Promise<VersionedSet>;
  /** The worker's quotes: what it answers (`fetched` is the symbols asked for unless the fake names more). */
  fetchPrices?: (input: PricesInput) => Promise<Omit<PricesLoaded, 'fetched'> & { fetched?: string[] }>;
  /** Awaited inside the n-th derive (1-based) before it returns: lets a test act while a derive runs. */
  deriveGate?: (n: number) => Promise<void>;
  parseImport?: (input: { file: File; existing: TransactionSet }) => Promise<ImportPreview>;
  /** The worker's symbol lookup of the parsed file: by default it answers the preview as parsed. */
  lookUpSymbols?: (input: { preview: ImportPreview; idToken: string | null }) => Promise<Outcome<LookedUp>>;
  /** The worker's check of a typed symbol against the quotes service. */
  checkSymbol?: (symbol: string) => Promise<SymbolCheck>;
  /** The worker's merge: the counts it answers, and the merged set it stores. */
  mergeImport?: (input: { existing: TransactionSet; tickers: Record<string, string> }) => Promise<FakeMerge>;
  /** The symbol choices the worker keeps on the server after a stored import; a throw is its failure. */
  saveChoices?: (tickers: Record<string, string>) => Promise<void>;
}

/**
 * The real machines and their wiring, and the worker's real transaction store; the services at the edge
 * (the transactions server, the engine, the parser, the provider) are fakes.
 */
export function startApp(fakes: Fakes) {
  const calls = { fetchPrices: [] as string[][], derive: 0, combine: [] as string[][], signOut: 0 };
  const symbolsOf = (set: TransactionSet) =>
    [...new Set([...set.stock, ...set.dividend, ...set.commission].map((t) => t.ticker))].sort();
  /** The set the worker's engine derives from: the one its store last held. */
  let held: TransactionSet = setOf();
  const store = new TransactionStore(
    (set) => {
      held = set;
    },
    {
      fetch: async () =>
        (
          fakes.loadTransactions ??
          (async () => ({ transactions: fakes.server.set, version: `"${fakes.server.version}"` }))
        )(),
      put: async (_, set, _accounts, version) => {
        if (!fakes.save) throw new Error('no save configured');
        return fakes.save({ base: set, version });
      },
    },
  );
  const credentials = { idToken: 'token-1', xsrfToken: null };
  /** The set's load under way: prices asked for without a list wait for it, as the worker's do. */
  let loads: Promise<unknown> = Promise.resolve();
  const needed = (): SymbolsNeeded => {
    const all = [...held.stock, ...held.dividend, ...held.commission].map((t) => t.date).sort();
    return { symbols: symbolsOf(held), firstDate: all[0] ?? null };
  };
  const viewOf = (view: HeldView): SetView => setViewOf({ ...view, needed: needed() });
  const answer = (outcome: Outcome<HeldView>): Outcome<SetView> =>
    outcome.ok ? { ok: true, ...viewOf(outcome) } : outcome;
  const portfolio = portfolioMachine.provide({
    actors: {
      loadTransactions: fromPromise<Outcome<SetView>, { idToken: string }>(async () => {
        const loading = store.load(credentials);
        loads = loading.catch(() => undefined);
        return answer(await loading);
      }),
      forgetSession: fromPromise<void>(async () => {
        calls.signOut += 1;
        store.clear();
      }),
      fetchPrices: fromPromise<PricesLoaded, PricesAsked>(async ({ input: asked }) => {
        // Without a list, as the worker: once the load under way is in, what its set needs from its first day.
        if (asked.symbols === null) await loads;
        const input = {
          ...asked,
          symbols: asked.symbols ?? symbolsOf(held),
          firstDate: asked.firstDate ?? needed().firstDate ?? '2024-01-02',
        };
        // The worker sends no request without a symbol to ask for.
        if (input.symbols.length > 0) calls.fetchPrices.push(input.symbols);
        if (fakes.fetchPrices) return { fetched: input.symbols, ...(await fakes.fetchPrices(input)) };
        return { symbols: symbolsOf(held), firstDate: '2024-01-02', errors: {}, fetched: input.symbols };
      }),
      derive: fromPromise<Timed<ChartedDerivation>, { asOf: string; active: string[] | null; view: string | null }>(
        async () => {
          calls.derive += 1;
          await fakes.deriveGate?.(calls.derive);
          return { result: derivationFor(symbolsOf(held)), computeMs: 1 };
        },
      ),
      combine: fromPromise<Timed<ChartedSeries>, { active: string[] }>(async ({ input }) => {
        calls.combine.push(input.active);
        return { result: seriesFor(input.active), computeMs: 1 };
      }),
    },
  });
  const transactions = transactionsMachine.provide({
    actors: {
      save: fromPromise<Outcome<SetView>, { idToken: string | null; change: TransactionChange }>(async ({ input }) =>
        answer(await store.change(input.change, credentials)),
      ),
    },
  });
  /** The parsed file's preview waits in the worker: a merge needs a parse first. */
  let parsed: ImportPreview | null = null;
  const importer = importMachine.provide({
    actors: {
      parseFile: fromCallback<ImportEvent, { parseId: number; file: File }>(({ input, sendBack }) => {
        sendBack({ type: 'parse.progress', progress: { bytes: 1, totalBytes: 2, rows: 10 } });
        (fakes.parseImport ?? (async () => Promise.reject(new Error('no parser configured'))))({
          file: input.file,
          existing: store.current(),
        }).then(
          (preview) => {
            parsed = preview;
            sendBack({ type: 'parse.done', preview });
          },
          (error: Error) => sendBack({ type: 'parse.failed', message: error.message }),
        );
      }),
      lookUpSymbols: fromPromise<Outcome<LookedUp>, { idToken: string | null; parseId: number }>(async ({ input }) => {
        if (!parsed) return { ok: false, status: 0, message: 'The parse was cancelled or overtaken by a newer one.' };
        if (fakes.lookUpSymbols) return fakes.lookUpSymbols({ preview: parsed, idToken: input.idToken });
        return { ok: true, parseId: input.parseId, preview: parsed, message: null };
      }),
      checkSymbol: fromCallback<ImportEvent, { idToken: string | null; key: string; symbol: string }>(
        ({ input, sendBack }) => {
          void (
            fakes.checkSymbol ??
            (async (symbol: string) => ({ symbol, hasPrices: true, message: `${symbol} has prices.` }))
          )(input.symbol).then((check) => sendBack({ type: 'check.done', key: input.key, check }));
        },
      ),
      confirm: fromPromise<
        Outcome<ImportStored>,
        { idToken: string | null; tickers: Record<string, string>; target: ImportTarget | null }
      >(async ({ input }) => {
        const stored = await store.replace(async (existing) => {
          if (!parsed) throw new Error('There is no parsed file to import; choose the file again.');
          if (!fakes.mergeImport) throw new Error('no merge configured');
          const { merged, added, alreadyPresent, taxFilled }: FakeMerge = await fakes.mergeImport({
            existing,
            tickers: input.tickers,
          });
          return { set: added > 0 || taxFilled > 0 ? merged : null, extra: { added, alreadyPresent, taxFilled } };
        }, credentials);
        if (!stored.ok) return stored;
        let choicesProblem: string | null = null;
        await fakes.saveChoices?.(input.tickers).catch((error: Error) => {
          choicesProblem = `The symbols were not kept for your next import: ${error.message}`;
        });
        return {
          ok: true,
          added: stored.added,
          alreadyPresent: stored.alreadyPresent,
          taxFilled: stored.taxFilled,
          view: stored.view && viewOf(stored.view),
          choicesProblem,
          reconciliation: [],
          account: null,
        };
      }),
      discard: fromPromise<void, { parseId: number }>(async () => {
        parsed = null;
      }),
    },
  });
  const auth = authMachine.provide({
    actors: {
      loadSession: fromPromise<SessionUser | null>(async () => ({
        sub: 'alice',
        name: 'Alice',
        idToken: 'token-1',
        expiresAt: null,
      })),
      sessionEvents: fromCallback(() => {}),
    },
  });
  const app = createActor(appMachine.provide({ actors: { auth, portfolio, transactions, import: importer } }), {
    input: { initialUrl: 'http://app.test/dashboard' },
  }).start();
  const get = <T extends AnyActorRef>(id: string) => app.system.get(id) as T;
  return {
    app,
    calls,
    portfolio: get<PortfolioActorRef>('portfolio'),
    saver: get<TransactionsActorRef>('transactions'),
    importer: get<ImportActorRef>('import'),
  };
}
