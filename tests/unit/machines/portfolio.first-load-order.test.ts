/**
 * The order of a first load's calls to the worker (issue 35: the waits of a visit in series): the set, the
 * settings and the prices are asked for at once (the prices without a list: the worker asks for every
 * symbol its set and settings need once their loads are in on its side, so the page's taking of the set
 * waits for nothing), and the one derive comes after all three, with the prices. A failed price request
 * still derives, and says why.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { portfolioMachine } from '#src/machines/portfolio-machine';
import type { SetView } from '#src/machines/services/worker-client';
import { groupByTicker, type ListedSet } from '#src/model';
import type { Outcome } from '#src/model/outcome';
import type { ChartedDerivation, PricesLoaded, SettingsView, Timed } from '#src/worker';

const stored: ListedSet = {
  stock: [{ ticker: 'VWCE.DE', type: 'stock', date: '2024-01-02', amount: 10, value: 1000, currency: 'EUR', id: 1 }],
  dividend: [],
  commission: [],
};
const view: SetView = {
  transactions: stored,
  byTicker: groupByTicker(stored),
  version: '"1"',
  revisions: {},
  needed: { symbols: ['VWCE.DE'], firstDate: '2024-01-02' },
  accounts: [{ id: 'main', name: 'My account' }],
  cash: [],
};
const derivation = { summary: {}, tickers: { 'VWCE.DE': {} }, active: {} } as unknown as ChartedDerivation;

/** A promise and its release. */
function gate() {
  let open = () => {};
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open: () => open() };
}

function start(options: { prices?: () => Promise<PricesLoaded> } = {}) {
  const log: string[] = [];
  const set = gate();
  const settings = gate();
  const machine = portfolioMachine.provide({
    actors: {
      loadTransactions: fromPromise<Outcome<SetView>, { idToken: string }>(async () => {
        log.push('set asked');
        await set.closed;
        log.push('set in');
        return { ok: true, ...view };
      }),
      loadSettings: fromPromise<Outcome<SettingsView>, { idToken: string }>(async () => {
        log.push('settings asked');
        await settings.closed;
        log.push('settings in');
        return { ok: true, settings: { benchmark: 'IWDA.AS', baseCurrency: 'EUR' }, needed: view.needed };
      }),
      fetchPrices: fromPromise<PricesLoaded, { idToken: string; symbols: string[] | null; firstDate: string | null }>(
        async ({ input }) => {
          log.push(`prices asked for ${JSON.stringify(input.symbols)} from ${input.firstDate}`);
          if (options.prices) return options.prices();
          return {
            symbols: ['IWDA.AS', 'VWCE.DE'],
            firstDate: '2024-01-02',
            errors: {},
            fetched: ['IWDA.AS', 'VWCE.DE'],
          };
        },
      ),
      derive: fromPromise<Timed<ChartedDerivation>, { asOf: string; active: string[] | null; view: string | null }>(
        async () => {
          log.push('derive');
          return { result: derivation, computeMs: 1 };
        },
      ),
    },
  });
  const actor = createActor(machine).start();
  actor.send({ type: 'session.changed', idToken: 'token-1' });
  return { actor, log, set, settings };
}

describe('a first load', () => {
  it('asks for the set, the settings and every price at once, then derives once, with the prices', async () => {
    const { actor, log, set, settings } = start();
    await waitFor(actor, () => log.length === 3);
    expect(log).toEqual(['set asked', 'settings asked', 'prices asked for null from null']);
    set.open();
    await waitFor(actor, () => log.includes('set in'));
    expect(actor.getSnapshot().matches('loading'), 'no derive before the settings are in').toBe(true);
    settings.open();
    await waitFor(actor, (s) => s.matches({ ready: 'settled' }));
    expect(log).toEqual([
      'set asked',
      'settings asked',
      'prices asked for null from null',
      'set in',
      'settings in',
      'derive',
    ]);
    expect([...actor.getSnapshot().context.fetchedSymbols].sort()).toEqual(['IWDA.AS', 'VWCE.DE']);
    expect(actor.getSnapshot().context).toMatchObject({
      // The prices' answer names the symbols (it came after the set and the settings on the worker's side).
      symbols: ['IWDA.AS', 'VWCE.DE'],
      pricesFrom: '2024-01-02',
      derivation,
    });
  });

  it('the prices may land before the set: the set then leaves the symbols the prices named', async () => {
    const { actor, log, set, settings } = start();
    settings.open();
    await waitFor(actor, (s) => s.context.pricesFrom !== null);
    expect(log).not.toContain('set in');
    set.open();
    await waitFor(actor, (s) => s.matches({ ready: 'settled' }));
    expect(log.filter((line) => line.startsWith('prices'))).toHaveLength(1);
    expect(actor.getSnapshot().context.symbols).toEqual(['IWDA.AS', 'VWCE.DE']);
  });

  it('a failed price request still derives once, without prices, and says why with Retry', async () => {
    const { actor, log, set, settings } = start({
      prices: () => Promise.reject(new Error('Prices could not be loaded: 502 Bad Gateway')),
    });
    set.open();
    settings.open();
    const failed = await waitFor(actor, (s) => s.hasTag('pricesFailed'));
    expect(failed.matches({ ready: 'pricesFailed' })).toBe(true);
    expect(failed.context.error).toBe('Prices could not be loaded: 502 Bad Gateway');
    expect(failed.context.derivation).toBe(derivation);
    expect(log.filter((line) => line === 'derive')).toHaveLength(1);
  });
});
