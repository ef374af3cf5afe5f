import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { HttpError } from '#src/worker/services/http';
import type { Transaction, TransactionSet } from '#src/model';
import { buy, fee, setOf, startApp } from '#helpers/machines/app-harness';

describe('portfolio and saving, wired by the app', () => {
  it('loads on sign-in through the worker, fetches the named symbols, derives, and settles', async () => {
    const { portfolio, calls } = startApp({ server: { set: setOf(buy, fee), version: 1 } });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    const snapshot = portfolio.getSnapshot();
    expect(snapshot.context.idToken).toBe('token-1');
    expect(snapshot.context.version).toBe('"1"');
    expect(calls.fetchPrices).toEqual([['VWCE.DE']]);
    expect(calls.derive).toBe(1); // once, with the prices: none on the transactions alone first
  });

  it('a rate the worker fetched with the quotes that needed it is not asked for again', async () => {
    const usd = { ...buy, ticker: 'MSFT' };
    const { portfolio, calls } = startApp({
      server: { set: setOf(usd), version: 1 },
      // MSFT's quote is in USD: the worker fetched EUR=X in the same call and says so.
      fetchPrices: async () => ({
        symbols: ['EUR=X', 'MSFT'],
        firstDate: '2024-01-02',
        errors: {},
        fetched: ['MSFT', 'EUR=X'],
      }),
    });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(calls.fetchPrices).toEqual([['MSFT']]);
    expect(calls.derive).toBe(1);
    expect(portfolio.getSnapshot().context.fetchedSymbols.sort()).toEqual(['EUR=X', 'MSFT']);
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
        if (attempts === 1) throw new HttpError(503, 'Storage is unavailable.');
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
      expect(base).toEqual(setOf(buy, { ...buy, ticker: 'MSFT', currency: 'USD' }));
      server.set = base;
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
      if (version !== `"${server.version}"`)
        throw new HttpError(412, 'The transactions changed since you loaded them.');
      server.set = base;
      server.version += 1;
      return { transactions: server.set, version: `"${server.version}"` };
    });
    const { portfolio, saver } = startApp({ server, save });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    // Another tab adds a dividend meanwhile.
    const dividend: Transaction = {
      ticker: 'VWCE.DE',
      type: 'dividend',
      date: '2024-03-01',
      amount: 1,
      value: 5,
      currency: 'EUR',
    };
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
        throw new HttpError(500, 'Storage failed to write.');
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

  it("signing out makes the worker forget the session and ends the charts' memory; signing in again loads afresh", async () => {
    const { app, portfolio, calls } = startApp({ server: { set: setOf(buy), version: 1 } });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    const charts = portfolio.getSnapshot().context.memory;
    app.send({ type: 'session.changed', idToken: null });
    await waitFor(portfolio, (s) => s.matches('idle'));
    expect(calls.signOut).toBe(1);
    expect(portfolio.getSnapshot().context.transactions).toBeNull();
    expect(portfolio.getSnapshot().context.memory).not.toBe(charts);
    app.send({ type: 'session.changed', idToken: 'token-2' });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(portfolio.getSnapshot().context.transactions?.stock).toHaveLength(1);
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

describe('ticker toggles while the portfolio is still loading prices', () => {
  it('a toggle during the price fetch is kept and the prices still arrive', async () => {
    let release: (() => void) | null = null;
    let attempts = 0;
    const { portfolio, calls } = startApp({
      server: { set: setOf(buy, { ...buy, ticker: 'KO' }), version: 1 },
      // The first load's request fails (figures without prices, Retry); the retry is the fetch a toggle meets.
      fetchPrices: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('Prices could not be loaded: 502 Bad Gateway');
        await new Promise<void>((resolve) => (release = resolve));
        return { symbols: ['KO', 'VWCE.DE'], firstDate: '2024-01-02', errors: {} };
      },
    });
    await waitFor(portfolio, (s) => s.hasTag('pricesFailed'));
    portfolio.send({ type: 'portfolio.retry' });
    await waitFor(portfolio, (s) => s.matches({ ready: 'fetchingPrices' }) && release !== null);
    portfolio.send({ type: 'tickers.toggle', ticker: 'KO' });
    expect(portfolio.getSnapshot().matches({ ready: 'fetchingPrices' })).toBe(true);
    release!();
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(portfolio.getSnapshot().context.active).toEqual(['VWCE.DE']);
    expect(portfolio.getSnapshot().context.fetchedSymbols).toEqual(['KO', 'VWCE.DE']);
    expect(calls.derive).toBe(2);
  });

  it('a save that ends during a derive derives again from the saved set, which the worker already holds', async () => {
    let releaseFirst: (() => void) | null = null;
    const server = { set: setOf(buy), version: 1 };
    const { portfolio, saver, calls } = startApp({
      server,
      deriveGate: (n) => (n === 1 ? new Promise<void>((resolve) => (releaseFirst = resolve)) : Promise.resolve()),
      save: async ({ base }) => {
        server.set = base;
        server.version += 1;
        return { transactions: base, version: `"${server.version}"` };
      },
    });
    await waitFor(portfolio, (s) => s.matches('deriving') && releaseFirst !== null);
    saver.send({ type: 'transactions.add', transaction: { ...buy, ticker: 'KO', date: '2024-03-01' } });
    await waitFor(portfolio, (s) => s.context.version === '"2"');
    releaseFirst!();
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(portfolio.getSnapshot().context.transactions!.stock.map((t) => t.ticker)).toEqual(['VWCE.DE', 'KO']);
    expect(portfolio.getSnapshot().context.symbols).toEqual(['KO', 'VWCE.DE']);
    expect(Object.keys(portfolio.getSnapshot().context.derivation!.tickers)).toEqual(['KO', 'VWCE.DE']);
    // The first derive (of the old set, with its prices) was left for a new one; then the one with KO's prices.
    expect(calls.derive).toBe(3);
  });

  it('a toggle during the derive with prices derives again with the new choice', async () => {
    let releaseSecond: (() => void) | null = null;
    let attempts = 0;
    const { portfolio, calls } = startApp({
      server: { set: setOf(buy, { ...buy, ticker: 'KO' }), version: 1 },
      // The first load's request fails: its figures come without prices, and the retry's derive is the one met.
      fetchPrices: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('Prices could not be loaded: 502 Bad Gateway');
        return { symbols: ['KO', 'VWCE.DE'], firstDate: '2024-01-02', errors: {} };
      },
      deriveGate: (n) => (n === 2 ? new Promise<void>((resolve) => (releaseSecond = resolve)) : Promise.resolve()),
    });
    await waitFor(portfolio, (s) => s.hasTag('pricesFailed'));
    portfolio.send({ type: 'portfolio.retry' });
    await waitFor(portfolio, (s) => s.matches({ ready: 'rederiving' }) && releaseSecond !== null);
    portfolio.send({ type: 'tickers.toggle', ticker: 'VWCE.DE' });
    releaseSecond!();
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(portfolio.getSnapshot().context.active).toEqual(['KO']);
    expect(calls.derive).toBe(3);
    expect(calls.combine).toEqual([]);
  });
});
