import { describe, expect, it } from 'vitest';
import { setViewInSlices, setViewOf } from '#src/machines/services/worker-client';
import { packListing } from '#src/model/transaction-wire';
import type { Transaction, TransactionSet } from '#src/model';
import type { PortfolioView } from '#src/worker';

/** A view of `count` stock transactions, as the worker answers an intent. */
function viewOf(count: number): PortfolioView {
  const stock: Transaction[] = Array.from({ length: count }, (_, i) => ({
    ticker: `T${i % 200}`,
    type: 'stock',
    date: `20${String(10 + (i % 15)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`,
    amount: 1 + (i % 7),
    value: 100 + i,
    currency: 'EUR',
    importId: `import-${i}`,
  }));
  const set: TransactionSet = { stock, dividend: [], commission: [] };
  const ids = Uint32Array.from({ length: count }, (_, i) => i + 1);
  return {
    listing: packListing(set, ids),
    version: '"v1"',
    needed: { symbols: [], firstDate: null },
  } as unknown as PortfolioView;
}

describe('a view unpacked in slices', () => {
  it('is the same view as unpacked in one go', async () => {
    const view = viewOf(3_000);
    expect(await setViewInSlices(view)).toEqual(setViewOf(viewOf(3_000)));
  });

  it('gives other tasks their turn while it builds hundreds of thousands of transactions', async () => {
    // Tasks queued before and while it runs: each one that runs before it ends is a task between two slices.
    let tasksBetween = 0;
    let finished = false;
    const tick = () => {
      if (finished) return;
      tasksBetween += 1;
      setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const unpacking = setViewInSlices(viewOf(300_000));
    const view = await unpacking;
    finished = true;
    expect(view.transactions.stock).toHaveLength(300_000);
    expect(view.transactions.stock[299_999]).toMatchObject({ id: 300_000, value: 300_099, importId: 'import-299999' });
    expect(tasksBetween).toBeGreaterThan(0);
  });
});
