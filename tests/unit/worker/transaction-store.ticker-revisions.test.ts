/**
 * The revisions the store's views name per ticker: a ticker keeps its revision while its rows (ids, fields,
 * order) stay the same, and gets a number never used before when a change touched it; so the page draws
 * again only the sections of the tickers an add, delete, edit, rename, import or reload changed.
 */
import { describe, expect, it } from 'vitest';
import { sortedByDate, type Transaction, type TransactionSet } from '#src/model';
import type { Outcome } from '#src/model/outcome';
import { unpackListing } from '#src/model/transaction-wire';
import type { VersionedSet } from '#src/worker/services/transactions-api';
import { TransactionStore, type HeldView } from '#src/worker/transaction-store';

const credentials = { idToken: 'token', xsrfToken: null };
const stock = (ticker: string, date: string, amount: number, extra: Partial<Transaction> = {}): Transaction => ({
  ticker,
  type: 'stock',
  date,
  amount,
  value: amount * 10,
  currency: 'EUR',
  ...extra,
});
const dividend = (ticker: string, date: string, value: number): Transaction => ({
  ticker,
  type: 'dividend',
  date,
  amount: 1,
  value,
  currency: 'EUR',
});
const setOf = (...ts: Transaction[]): TransactionSet =>
  sortedByDate({
    stock: ts.filter((t) => t.type === 'stock'),
    dividend: ts.filter((t) => t.type === 'dividend'),
    commission: ts.filter((t) => t.type === 'commission'),
  });
/** What the server answers: its own objects, as JSON makes them. */
const answered = (set: TransactionSet, version: number): VersionedSet => ({
  transactions: JSON.parse(JSON.stringify(set)) as TransactionSet,
  version: `"${version}"`,
});

/** The store over an in-memory transactions service; `server.set` may be changed by "another client". */
function storeOverAFakeServer(initial: TransactionSet) {
  const server = { set: initial, version: 1 };
  const store = new TransactionStore(() => {}, {
    fetch: async () => answered(server.set, server.version),
    put: async (_, set, _accounts, version) => {
      if (version !== `"${server.version}"`) throw new Error('stale version');
      server.set = sortedByDate(set);
      server.version += 1;
      return answered(server.set, server.version);
    },
  });
  return { store, server };
}

function held(outcome: Outcome<HeldView>): HeldView {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

/** The tickers whose revision differs between two views (new tickers included; gone ones are absent from `after`). */
const changedBetween = (before: HeldView, after: HeldView): string[] =>
  Object.keys(after.revisions)
    .filter((ticker) => before.revisions[ticker] !== after.revisions[ticker])
    .sort();

const idOf = (view: HeldView, ticker: string, date: string): number => {
  const listed = unpackListing(view.listing);
  return [...listed.stock, ...listed.dividend, ...listed.commission].find(
    (t) => t.ticker === ticker && t.date === date,
  )!.id;
};

describe('ticker revisions in the store’s views', () => {
  const initial = setOf(
    stock('A', '2024-01-02', 1),
    stock('B', '2024-01-03', 2),
    dividend('B', '2024-02-01', 3),
    stock('C', '2024-01-04', 4),
    stock('D', '2024-01-05', 5),
  );

  it('names every ticker of the set; an add, a delete, an edit and a rename change exactly the tickers they touch', async () => {
    const { store } = storeOverAFakeServer(initial);
    const loaded = held(await store.load(credentials));
    expect(Object.keys(loaded.revisions).sort()).toEqual(['A', 'B', 'C', 'D']);

    const added = held(await store.change({ kind: 'add', transaction: stock('A', '2024-03-01', 7) }, credentials));
    expect(changedBetween(loaded, added)).toEqual(['A']);

    const deleted = held(await store.change({ kind: 'delete', id: idOf(added, 'B', '2024-02-01') }, credentials));
    expect(changedBetween(added, deleted)).toEqual(['B']);

    // The edited transaction keeps its id: its fields tell the change.
    const edited = held(
      await store.change(
        { kind: 'edit', id: idOf(deleted, 'C', '2024-01-04'), transaction: stock('C', '2024-01-04', 6) },
        credentials,
      ),
    );
    expect(changedBetween(deleted, edited)).toEqual(['C']);

    // An edit that moves a transaction to another ticker touches both.
    const moved = held(
      await store.change(
        { kind: 'edit', id: idOf(edited, 'C', '2024-01-04'), transaction: stock('D', '2024-01-04', 6) },
        credentials,
      ),
    );
    expect(changedBetween(edited, moved)).toEqual(['D']);
    expect(moved.revisions).not.toHaveProperty('C');

    const renamed = held(await store.change({ kind: 'renameTicker', from: 'D', to: 'E' }, credentials));
    expect(Object.keys(renamed.revisions).sort()).toEqual(['A', 'B', 'E']);
    expect(changedBetween(moved, renamed)).toEqual(['E']);
    expect([renamed.revisions.A, renamed.revisions.B], 'untouched since the add and the delete').toEqual([
      added.revisions.A,
      deleted.revisions.B,
    ]);
  });

  it('an import that touched A and B leaves every other ticker’s revision as it was', async () => {
    const { store } = storeOverAFakeServer(initial);
    const loaded = held(await store.load(credentials));
    const stored = await store.replace(
      async (set) => ({
        set: setOf(
          ...set.stock,
          ...set.dividend,
          ...set.commission,
          stock('A', '2024-05-01', 3),
          dividend('B', '2024-06-01', 1),
        ),
        extra: {},
      }),
      credentials,
    );
    if (!stored.ok || !stored.view) throw new Error('the import was not stored');
    expect(changedBetween(loaded, stored.view)).toEqual(['A', 'B']);
    expect(stored.view.revisions.C).toBe(loaded.revisions.C);
    expect(stored.view.revisions.D).toBe(loaded.revisions.D);
  });

  it('a reload changes the tickers another client changed, a product name included; a sign-out makes every revision new', async () => {
    const { store, server } = storeOverAFakeServer(initial);
    const loaded = held(await store.load(credentials));
    expect(changedBetween(loaded, held(await store.load(credentials))), 'the same set again').toEqual([]);

    server.set = setOf(
      stock('A', '2024-01-02', 1, { product: 'A PRODUCT' }),
      stock('B', '2024-01-03', 2),
      dividend('B', '2024-02-01', 3),
      stock('C', '2024-01-04', 4),
      stock('D', '2024-01-05', 5),
      stock('F', '2024-01-06', 1),
    );
    const reloaded = held(await store.load(credentials));
    expect(changedBetween(loaded, reloaded)).toEqual(['A', 'F']);

    store.clear();
    const again = held(await store.load(credentials));
    expect(changedBetween(reloaded, again), 'a revision is never used again').toEqual(['A', 'B', 'C', 'D', 'F']);
    const everySeen = [loaded, reloaded].flatMap((view) => Object.values(view.revisions));
    for (const revision of Object.values(again.revisions)) expect(everySeen).not.toContain(revision);
  });
});
