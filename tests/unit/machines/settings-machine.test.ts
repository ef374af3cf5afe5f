import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { portfolioMachine } from '#src/machines/portfolio-machine';
import { settingsMachine, type SettingsInput } from '#src/machines/settings-machine';
import type { SetView } from '#src/machines/services/worker-client';
import { groupByTicker, type ListedSet, type Transaction } from '#src/model';
import type { Outcome } from '#src/model/outcome';
import type { UserSettings } from '#src/model/settings';
import type { ChartedDerivation, PricesLoaded, SettingsView, Timed } from '#src/worker';

const read: Outcome<SettingsView> = {
  ok: true,
  settings: { benchmark: 'VWCE.DE', baseCurrency: 'EUR' },
  needed: { symbols: ['VWCE.DE'], firstDate: '2024-01-02' },
};
const saved: Outcome<SettingsView> = {
  ok: true,
  settings: { benchmark: 'IWDA.AS', baseCurrency: 'EUR' },
  needed: { symbols: ['VWCE.DE', 'IWDA.AS'], firstDate: '2024-01-02' },
};

/** The settings machine with the worker's calls replaced; `calls` records what each was asked. */
function settingsWith(load: () => Promise<Outcome<SettingsView>>, save: () => Promise<Outcome<SettingsView>> = load) {
  const calls: Array<{ src: string; input: unknown }> = [];
  const machine = settingsMachine.provide({
    actors: {
      loadSettings: fromPromise<Outcome<SettingsView>, { idToken: string }>(
        ({ input }) => (calls.push({ src: 'loadSettings', input }), load()),
      ),
      saveSettings: fromPromise<Outcome<SettingsView>, { idToken: string; changes: Partial<UserSettings> }>(
        ({ input }) => (calls.push({ src: 'saveSettings', input }), save()),
      ),
    },
  });
  return { machine, calls };
}

async function run(machine: typeof settingsMachine, input: SettingsInput) {
  const actor = createActor(machine, { input }).start();
  const output = await toPromise(actor);
  return { output, value: actor.getSnapshot().value };
}

describe('the settings machine', () => {
  it('reads the settings without changes, saves them with changes, and ends in done with the worker’s answer', async () => {
    const { machine, calls } = settingsWith(
      async () => read,
      async () => saved,
    );
    expect(await run(machine, { idToken: 't' })).toEqual({ output: read, value: 'done' });
    expect(await run(machine, { idToken: 't', changes: { benchmark: 'IWDA.AS' } })).toEqual({
      output: saved,
      value: 'done',
    });
    expect(calls).toEqual([
      { src: 'loadSettings', input: { idToken: 't' } },
      { src: 'saveSettings', input: { idToken: 't', changes: { benchmark: 'IWDA.AS' } } },
    ]);
  });

  it('ends in failed with the refusal, or with a refusal of status 0 carrying the message of a call that threw', async () => {
    const refused = settingsWith(async () => ({ ok: false, status: 503, message: 'Storage is unavailable.' }));
    expect(await run(refused.machine, { idToken: 't' })).toEqual({
      output: { ok: false, status: 503, message: 'Storage is unavailable.' },
      value: 'failed',
    });
    const thrown = settingsWith(async () => Promise.reject(new Error('The worker is gone.')));
    expect(await run(thrown.machine, { idToken: 't', changes: { benchmark: null } })).toEqual({
      output: { ok: false, status: 0, message: 'The worker is gone.' },
      value: 'failed',
    });
  });
});

describe('the portfolio with the settings machine invoked', () => {
  const buy: Transaction = {
    ticker: 'VWCE.DE',
    type: 'stock',
    date: '2024-01-02',
    amount: 10,
    value: 1000,
    currency: 'EUR',
  };
  const stored: ListedSet = { stock: [{ ...buy, id: 1 }], dividend: [], commission: [] };
  const derivation = { summary: {}, tickers: { 'VWCE.DE': {} }, active: {} } as unknown as ChartedDerivation;

  /** What the portfolio asked the worker for, in order: each derive's base currency, each fetch's symbols. */
  type WorkerCall = { derive: string } | { fetch: string[] | null };

  function startPortfolio(
    settings: ReturnType<typeof settingsWith>['machine'],
    worker: {
      calls?: WorkerCall[];
      fetchFails?: (symbols: string[] | null) => boolean;
      /** The worker engine's base currency now (a save changes it). */
      base?: () => string;
    } = {},
  ) {
    const base = worker.base ?? (() => 'EUR');
    const machine = portfolioMachine.provide({
      actors: {
        loadTransactions: fromPromise<Outcome<SetView>, { idToken: string }>(async () => ({
          ok: true,
          transactions: stored,
          byTicker: groupByTicker(stored),
          version: '"1"',
          revisions: {},
          needed: { symbols: ['VWCE.DE'], firstDate: '2024-01-02' },
          accounts: [{ id: 'main', name: 'My account' }],
          cash: [],
        })),
        fetchPrices: fromPromise<PricesLoaded, { idToken: string; symbols: string[] | null; firstDate: string | null }>(
          async ({ input }) => {
            worker.calls?.push({ fetch: input.symbols });
            if (worker.fetchFails?.(input.symbols)) throw new Error('The quotes service did not answer.');
            return {
              symbols: input.symbols ?? ['VWCE.DE'],
              firstDate: '2024-01-02',
              errors: {},
              fetched: input.symbols ?? ['VWCE.DE'],
            };
          },
        ),
        derive: fromPromise<Timed<ChartedDerivation>, { asOf: string; active: string[] | null; view: string | null }>(
          async () => (worker.calls?.push({ derive: base() }), { result: derivation, computeMs: 1 }),
        ),
        loadSettings: settings,
        saveSettings: settings,
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'session.changed', idToken: 'token-1' });
    return actor;
  }

  it('takes the settings it read and, after a save, derives with the new benchmark and fetches its prices', async () => {
    const { machine, calls } = settingsWith(
      async () => read,
      async () => saved,
    );
    const portfolio = startPortfolio(machine);
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(portfolio.getSnapshot().context).toMatchObject({ settings: { benchmark: 'VWCE.DE' }, settingsError: null });
    portfolio.send({ type: 'settings.save', changes: { benchmark: 'IWDA.AS' } });
    expect(portfolio.getSnapshot().hasTag('settingsSaving')).toBe(true);
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }) && s.context.fetchedSymbols.includes('IWDA.AS'));
    expect(portfolio.getSnapshot().context).toMatchObject({ settings: { benchmark: 'IWDA.AS' }, settingsError: null });
    expect(calls.map((call) => call.src)).toEqual(['loadSettings', 'saveSettings']);
    portfolio.stop();
  });

  // A base currency of GBP: the VWCE.DE quote (EUR) now needs EURGBP=X, which the load did not fetch.
  const inPounds: Outcome<SettingsView> = {
    ok: true,
    settings: { benchmark: 'VWCE.DE', baseCurrency: 'GBP' },
    needed: { symbols: ['EURGBP=X', 'VWCE.DE'], firstDate: '2024-01-02' },
  };

  /** A loaded portfolio in EUR, then GBP saved (the worker's engine takes it): what it asks the worker from the save on. */
  async function savedInPounds(fetchFails?: (symbols: string[] | null) => boolean) {
    let base = 'EUR';
    const { machine } = settingsWith(
      async () => read,
      async () => ((base = 'GBP'), inPounds),
    );
    const calls: WorkerCall[] = [];
    const portfolio = startPortfolio(machine, { calls, base: () => base, fetchFails });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    calls.length = 0;
    portfolio.send({ type: 'settings.save', changes: { baseCurrency: 'GBP' } });
    return { portfolio, calls };
  }

  it('after a save that needs prices not fetched yet (a new base currency’s rate), fetches them first and derives once', async () => {
    const { portfolio, calls } = await savedInPounds();
    await waitFor(portfolio, (s) => s.matches({ ready: 'fetchingSettingsPrices' }));
    // The figures before the save stay on screen meanwhile, said to be waiting for prices.
    expect(portfolio.getSnapshot().hasTag('pricesLoading')).toBe(true);
    expect(portfolio.getSnapshot().context.derivation).toBe(derivation);
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(calls).toEqual([{ fetch: ['EURGBP=X'] }, { derive: 'GBP' }]);
    expect(portfolio.getSnapshot().context.fetchedSymbols).toContain('EURGBP=X');
    portfolio.stop();
  });

  it('derives in the new settings all the same when their prices cannot be fetched, and keeps the failure with Retry', async () => {
    const { portfolio, calls } = await savedInPounds((symbols) => symbols?.includes('EURGBP=X') ?? false);
    await waitFor(portfolio, (s) => s.matches({ ready: 'pricesFailed' }));
    expect(calls).toEqual([{ fetch: ['EURGBP=X'] }, { derive: 'GBP' }]);
    expect(portfolio.getSnapshot().context.error).toBe('The quotes service did not answer.');
    expect(portfolio.getSnapshot().can({ type: 'portfolio.retry' })).toBe(true);
    portfolio.stop();
  });

  it('derives at once after a save whose prices are all fetched', async () => {
    const { machine } = settingsWith(
      async () => read,
      async () => ({ ...read, settings: { benchmark: null, baseCurrency: 'EUR' } }),
    );
    const calls: WorkerCall[] = [];
    const portfolio = startPortfolio(machine, { calls });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    calls.length = 0;
    portfolio.send({ type: 'settings.save', changes: { benchmark: null } });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }) && calls.length > 0);
    expect(calls).toEqual([{ derive: 'EUR' }]);
    portfolio.stop();
  });

  it('derives anyway when the settings cannot be read, and stays settled with the message when a save fails', async () => {
    const { machine } = settingsWith(async () => Promise.reject(new Error('No settings.')));
    const portfolio = startPortfolio(machine);
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(portfolio.getSnapshot().context).toMatchObject({
      settings: null,
      settingsError: 'No settings.',
      derivation,
    });
    portfolio.send({ type: 'settings.save', changes: { benchmark: 'IWDA.AS' } });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(portfolio.getSnapshot().context).toMatchObject({ settings: null, settingsError: 'No settings.' });
    portfolio.stop();
  });
});
