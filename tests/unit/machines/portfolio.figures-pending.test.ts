/**
 * What the pages say while their figures are about to change (issue 30: the Income page's total and its
 * rows read from two derivations): nothing on a first load, whose one derive has its prices; "Loading
 * prices…" while a later symbol's prices come, "Updating the figures…" while a saved set is derived,
 * nothing once the figures are the latest.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { selectFiguresPending } from '#src/machines/selectors';
import { buy, setOf, startApp } from '#helpers/machines/app-harness';

/** A promise and its release, for a fake that must wait until the test has looked. */
function gate() {
  let open = () => {};
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open: () => open() };
}

describe('the figures pending on the pages', () => {
  it('a first load: nothing to say until the figures come, with their prices; then nothing', async () => {
    const prices = gate();
    const { portfolio, calls } = startApp({
      server: { set: setOf(buy), version: 1 },
      fetchPrices: async (input) => {
        await prices.closed;
        return { symbols: input.symbols, firstDate: input.firstDate, errors: {} };
      },
    });
    await waitFor(portfolio, (s) => s.matches('loading') && calls.fetchPrices.length === 1);
    // No figures yet: the pages say "Loading your portfolio…" themselves.
    expect(portfolio.getSnapshot().context.derivation).toBeNull();
    expect(selectFiguresPending(portfolio.getSnapshot())).toBeNull();
    prices.open();
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(selectFiguresPending(portfolio.getSnapshot())).toBeNull();
    expect(calls.derive).toBe(1);
  });

  it('a saved set: the previous figures are pending while it is derived, then its new symbol’s prices', async () => {
    const savedDerive = gate();
    const server = { set: setOf(buy), version: 1 };
    const { portfolio, saver } = startApp({
      server,
      deriveGate: (n) => (n === 2 ? savedDerive.closed : Promise.resolve()),
      save: async ({ base }) => {
        server.set = base;
        server.version += 1;
        return { transactions: base, version: `"${server.version}"` };
      },
    });
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(selectFiguresPending(portfolio.getSnapshot())).toBeNull();
    saver.send({ type: 'transactions.add', transaction: { ...buy, ticker: 'KO', date: '2024-03-01' } });
    await waitFor(portfolio, (s) => s.matches('deriving'));
    expect(selectFiguresPending(portfolio.getSnapshot())).toBe('figures');
    savedDerive.open();
    await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(selectFiguresPending(portfolio.getSnapshot())).toBeNull();
  });
});

describe('a reload while the figures are being made', () => {
  it('loads the newest set even when it comes during the first derive (a restore that ends meanwhile)', async () => {
    const firstDerive = gate();
    const server = { set: setOf(buy), version: 1 };
    const { portfolio } = startApp({
      server,
      deriveGate: (n) => (n === 1 ? firstDerive.closed : Promise.resolve()),
    });
    await waitFor(portfolio, (s) => s.matches('deriving'));
    server.set = setOf(buy, { ...buy, ticker: 'KO', date: '2024-03-01' });
    server.version = 2;
    portfolio.send({ type: 'portfolio.reload' });
    firstDerive.open();
    const settled = await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
    expect(Object.keys(settled.context.derivation?.tickers ?? {}).sort()).toEqual(['KO', 'VWCE.DE']);
  });
});
