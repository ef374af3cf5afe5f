/**
 * When the quotes come back with an error per symbol (the upstream down: the request itself succeeds),
 * the dashboard keeps the transaction figures, lists the problems, and Retry asks again for the failed
 * symbols only; a second failure keeps the notice. The real machines, with the worker and server
 * replaced at the edge (`tests/helpers/machines/app-harness.ts`). The browser half is in
 * `tests/hardening/faults.in-the-browser.spec.ts`.
 */
import { expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { selectPriceProblems } from '#src/machines/dashboard-selectors';
import type { Transaction } from '#src/model';
import { buy, setOf, startApp } from '#helpers/machines/app-harness';
import { recordTally } from '#helpers/hardening/tally';

const usd: Transaction = { ticker: 'MSFT', type: 'stock', date: '2024-01-03', amount: 2, value: 700, currency: 'USD' };

it('offers Retry for symbols that came back with errors, and asks again for those only', async () => {
  const outcomes: Array<Record<string, string>> = [
    { 'VWCE.DE': 'Yahoo answered 500 (after 3 tries)', MSFT: 'Yahoo answered 500 (after 3 tries)' },
    { MSFT: 'Yahoo is unreachable: connection refused' },
    {},
  ];
  const { portfolio, calls } = startApp({
    server: { set: setOf(buy, usd), version: 1 },
    fetchPrices: async () => ({
      symbols: ['MSFT', 'VWCE.DE'],
      firstDate: '2024-01-02',
      errors: outcomes.shift() ?? {},
    }),
  });
  await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }));
  expect(portfolio.getSnapshot().context.derivation).not.toBeNull();
  expect(
    selectPriceProblems(portfolio.getSnapshot())
      .map((p) => p.symbol)
      .sort(),
  ).toEqual(['MSFT', 'VWCE.DE']);

  portfolio.send({ type: 'portfolio.retry' });
  await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }) && calls.fetchPrices.length === 2);
  expect(calls.fetchPrices[1]!.sort()).toEqual(['MSFT', 'VWCE.DE']);
  expect(selectPriceProblems(portfolio.getSnapshot()).map((p) => p.symbol)).toEqual(['MSFT']);

  portfolio.send({ type: 'portfolio.retry' });
  await waitFor(portfolio, (s) => s.matches({ ready: 'settled' }) && calls.fetchPrices.length === 3);
  expect(calls.fetchPrices[2]).toEqual(['MSFT']);
  expect(selectPriceProblems(portfolio.getSnapshot())).toEqual([]);

  // Nothing failed any more: Retry has nothing to do.
  portfolio.send({ type: 'portfolio.retry' });
  expect(portfolio.getSnapshot().matches({ ready: 'settled' })).toBe(true);
  expect(calls.fetchPrices).toHaveLength(3);
  recordTally({
    section: 'faults',
    check: 'per-symbol price errors: figures kept, Retry asks again for the failed symbols only (machines)',
    tried: 2,
    held: 2,
    faults: 2,
  });
});
