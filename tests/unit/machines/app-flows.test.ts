import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { appMachine } from '../../../src/machines/app-machine';
import { authMachine } from '../../../src/machines/auth-machine';
import { portfolioMachine, type PortfolioActorRef } from '../../../src/machines/portfolio-machine';
import type { SessionUser } from '../../../src/machines/services/auth-client';
import { HttpError } from '../../../src/machines/services/http';
import type { VersionedSet } from '../../../src/machines/services/transactions-api';
import type { TransactionChange } from '../../../src/machines/transaction-changes';
import { transactionsMachine, type TransactionsActorRef } from '../../../src/machines/transactions-machine';
import type { Transaction, TransactionSet } from '../../../src/model';
import type { ActiveSeries, Derivation, PricesLoaded, SymbolsNeeded, Timed } from '../../../src/worker';

const buy: Transaction = { ticker: 'VWCE.DE', type: 'stock', date: '2024-01-02', amount: 10, value: 1000, currency: 'EUR' };
const fee: Transaction = { ticker: 'VWCE.DE', type: 'commission', date: '2024-01-02', amount: 1, value: 2, currency: 'EUR' };
const setOf = (...ts: Transaction[]): TransactionSet => ({
  stock: ts.filter((t) => t.type === 'stock'),
  dividend: ts.filter((t) => t.type === 'dividend'),
  commission: ts.filter((t) => t.type === 'commission'),
});
/** Stand-ins for the worker's results: the machines only pass them along, so their inside does not matter here. */
const derivationFor = (tickers: string[]) =>
  ({ summary: { portfolioValue: 1 }, tickers: Object.fromEntries(tickers.map((t) => [t, {}])), active: { tickers } }) as unknown as Derivation;
const seriesFor = (tickers: string[]) => ({ tickers }) as unknown as ActiveSeries;
type PricesInput = { idToken: string; symbols: string[]; firstDate: string };

interface Fakes {
  server: { set: TransactionSet; version: number };
  loadTransactions?: () => Promise<VersionedSet>;
  save?: (input: { base: TransactionSet; version: string | null }) => Promise<VersionedSet>;
  fetchPrices?: (input: PricesInput) => Promise<PricesLoaded>;
}

/** The real machines and their wiring, with the services (server, worker, provider) replaced at the edge. */
function startApp(fakes: Fakes) {
  const calls = { fetchPrices: [] as string[][], derive: 0, combine: [] as string[][] };
  const symbolsOf = (set: TransactionSet) => [...new Set([...set.stock, ...set.dividend, ...set.commission].map((t) => t.ticker))].sort();
  let held: TransactionSet = setOf();
  const portfolio = portfolioMachine.provide({
    actors: {
      loadTransactions: fromPromise<VersionedSet, { idToken: string }>(fakes.loadTransactions ?? (async () => ({ transactions: fakes.server.set, version: `"${fakes.server.version}"` }))),
      handToWorker: fromPromise<SymbolsNeeded, { transactions: TransactionSet }>(async ({ input }) => {
        held = input.transactions;
        const all = [...held.stock, ...held.dividend, ...held.commission].map((t) => t.date).sort();
        return { symbols: symbolsOf(held), firstDate: all[0] ?? null };
      }),
      fetchPrices: fromPromise<PricesLoaded, PricesInput>(async ({ input }) => {
        calls.fetchPrices.push(input.symbols);
        if (fakes.fetchPrices) return fakes.fetchPrices(input);
        return { symbols: symbolsOf(held), firstDate: '2024-01-02', errors: {} };
      }),
      derive: fromPromise<Timed<Derivation>, { asOf: string; active: string[] | null }>(async () => {
        calls.derive += 1;
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
      save: fromPromise<VersionedSet, { idToken: string; base: TransactionSet; version: string | null; change: TransactionChange }>(async ({ input }) => {
        if (fakes.save) return fakes.save(input);
        throw new Error('no save configured');
      }),
    },
  });
  const auth = authMachine.provide({
    actors: {
      loadSession: fromPromise<SessionUser | null>(async () => ({ sub: 'alice', name: 'Alice', idToken: 'token-1', expiresAt: null })),
      sessionEvents: fromCallback(() => {}),
    },
  });
  const app = createActor(appMachine.provide({ actors: { auth, portfolio, transactions } }), { input: { initialUrl: 'http://app.test/dashboard' } }).start();
  const get = <T extends AnyActorRef>(id: string) => app.system.get(id) as T;
  return { app, calls, portfolio: get<PortfolioActorRef>('portfolio'), saver: get<TransactionsActorRef>('transactions') };
}

describe('portfolio and saving, wired by the app', () => {
  it('loads on sign-in, hands the set to the worker, fetches the named symbols, derives, and settles', async () => {
    const { portfolio, calls } = startApp({ server: { set: setOf(buy, fee), version: 1 } });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    const snapshot = portfolio.getSnapshot();
    expect(snapshot.context.idToken).toBe('token-1');
    expect(snapshot.context.version).toBe('"1"');
    expect(calls.fetchPrices).toEqual([['VWCE.DE']]);
    expect(calls.derive).toBe(2); // once on transactions alone, once with prices
  });

  it('an empty portfolio is ready without asking for prices', async () => {
    const { portfolio, calls } = startApp({ server: { set: setOf(), version: 0 } });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(calls.fetchPrices).toEqual([]);
  });

  it('a failed load carries the message and retry loads again', async () => {
    let attempts = 0;
    const { portfolio } = startApp({
      server: { set: setOf(buy), version: 1 },
      loadTransactions: async () => {
        attempts += 1;
        if (attempts === 1) throw new HttpError(503, 'Storage is unavailable.', null);
        return { transactions: setOf(buy), version: '"1"' };
      },
    });
    await waitFor(portfolio, (s) => s.matches('loadFailed'));
    expect(portfolio.getSnapshot().context.error).toBe('Storage is unavailable.');
    portfolio.send({ type: 'portfolio.retry' });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
  });

  it('failed prices keep the transaction figures, say why, and retry fetches again', async () => {
    let attempts = 0;
    const { portfolio } = startApp({
      server: { set: setOf(buy), version: 1 },
      fetchPrices: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('Prices could not be loaded: 502 Bad Gateway');
        return { symbols: ['VWCE.DE'], firstDate: '2024-01-02', errors: {} };
      },
    });
    await waitFor(portfolio, (s) => s.hasTag('pricesFailed'));
    expect(portfolio.getSnapshot().context.derivation).not.toBeNull();
    expect(portfolio.getSnapshot().context.error).toBe('Prices could not be loaded: 502 Bad Gateway');
    portfolio.send({ type: 'portfolio.retry' });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
  });

  it('adding a transaction saves the full set, replaces the local set, and fetches prices only for the new ticker', async () => {
    const server = { set: setOf(buy), version: 1 };
    const save = vi.fn(async ({ base, version }: { base: TransactionSet; version: string | null }) => {
      expect(version).toBe('"1"');
      expect(base).toEqual(setOf(buy));
      server.set = setOf(buy, { ...buy, ticker: 'MSFT', currency: 'USD' });
      server.version = 2;
      return { transactions: server.set, version: '"2"' };
    });
    const { portfolio, saver, calls } = startApp({ server, save });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    saver.send({ type: 'transactions.add', transaction: { ...buy, ticker: 'MSFT', currency: 'USD' } });
    await waitFor(portfolio, (s) => s.context.version === '"2"' && s.matches({ ready: 'settled' }));
    expect(saver.getSnapshot().context.saved).toBe(1);
    expect(portfolio.getSnapshot().context.transactions?.stock).toHaveLength(2);
    expect(calls.fetchPrices).toEqual([['VWCE.DE'], ['MSFT']]);
  });

  it('rejects an unknown type, logging it, without saving', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const save = vi.fn();
    const { portfolio, saver } = startApp({ server: { set: setOf(buy), version: 1 }, save });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    saver.send({ type: 'transactions.add', transaction: { ...buy, type: 'bond' as never } });
    expect(error).toHaveBeenCalledWith('Invalid type: bond');
    expect(saver.getSnapshot().matches('idle')).toBe(true);
    expect(save).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('a conflict reloads the newer set, keeps the pending change, and saving again applies it to the newer set', async () => {
    const server = { set: setOf(buy), version: 1 };
    const save = vi.fn(async ({ base, version }: { base: TransactionSet; version: string | null }) => {
      if (version !== `"${server.version}"`) throw new HttpError(412, 'The transactions changed since you loaded them.', { version: server.version });
      server.set = { ...base, commission: [...base.commission, fee] };
      server.version += 1;
      return { transactions: server.set, version: `"${server.version}"` };
    });
    const { portfolio, saver } = startApp({ server, save });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    // Another tab adds a dividend meanwhile.
    const dividend: Transaction = { ticker: 'VWCE.DE', type: 'dividend', date: '2024-03-01', amount: 1, value: 5, currency: 'EUR' };
    server.set = setOf(buy, dividend);
    server.version = 2;
    saver.send({ type: 'transactions.add', transaction: fee });
    await waitFor(saver, (s) => s.matches('failed'));
    expect(saver.getSnapshot().context.conflict).toBe(true);
    expect(saver.getSnapshot().context.pending).toEqual({ kind: 'add', transaction: fee });
    await waitFor(portfolio, (s) => s.context.version === '"2"' && s.matches({ ready: 'settled' }));
    saver.send({ type: 'transactions.retry' });
    await waitFor(saver, (s) => s.matches('idle'));
    expect(server.set).toEqual(setOf(buy, dividend, fee));
  });

  it('a failed save keeps the change and says why; dismiss drops it', async () => {
    const { portfolio, saver } = startApp({
      server: { set: setOf(buy), version: 1 },
      save: async () => {
        throw new HttpError(500, 'Storage failed to write.', null);
      },
    });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    saver.send({ type: 'transactions.deleteAll' });
    await waitFor(saver, (s) => s.matches('failed'));
    expect(saver.getSnapshot().context.error).toBe('Saving failed: Storage failed to write.');
    expect(saver.getSnapshot().context.pending).toEqual({ kind: 'deleteAll' });
    saver.send({ type: 'transactions.dismiss' });
    expect(saver.getSnapshot().context.pending).toBeNull();
  });

  it('toggling a ticker re-combines without deriving again', async () => {
    const { portfolio, calls } = startApp({ server: { set: setOf(buy, { ...buy, ticker: 'KO' }), version: 1 } });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    const derives = calls.derive;
    portfolio.send({ type: 'tickers.toggle', ticker: 'KO' });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(calls.combine).toEqual([['VWCE.DE']]);
    expect(portfolio.getSnapshot().context.active).toEqual(['VWCE.DE']);
    expect(calls.derive).toBe(derives);
  });
});
