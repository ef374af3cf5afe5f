/**
 * The transactions page after a change: the sections of the tickers the change did not touch are the ones
 * already drawn (the same objects, the same arrays), so their memoised tables are not drawn again; the
 * others are built anew and equal what a fresh grouping gives. Views come from the worker's real store and
 * cross in columns, as on the page.
 */
import { describe, expect, it } from 'vitest';
import { tickerSections, type TickerSection } from '#src/machines/selectors';
import { setViewInSlices, type SetView } from '#src/machines/services/worker-client';
import { sortedByDate, type Transaction, type TransactionSet } from '#src/model';
import type { Outcome } from '#src/model/outcome';
import { TransactionStore, type HeldView } from '#src/worker/transaction-store';

const credentials = { idToken: 'token', xsrfToken: null };
const TICKERS = ['A', 'B', 'C', 'D', 'E', 'F'];
const trade = (ticker: string, day: number, amount: number): Transaction => ({
  ticker,
  type: 'stock',
  date: `2024-01-${String(day).padStart(2, '0')}`,
  amount,
  value: amount * 10,
  currency: 'EUR',
});
const payout = (ticker: string, day: number): Transaction => ({
  ticker,
  type: 'dividend',
  date: `2024-02-${String(day).padStart(2, '0')}`,
  amount: 1,
  value: day,
  currency: 'EUR',
});
const setOf = (ts: Transaction[]): TransactionSet =>
  sortedByDate({
    stock: ts.filter((t) => t.type === 'stock'),
    dividend: ts.filter((t) => t.type === 'dividend'),
    commission: [],
  });
const initial = setOf(
  TICKERS.flatMap((ticker, k) => [trade(ticker, k + 1, 10), trade(ticker, k + 10, -2), payout(ticker, k + 1)]),
);

function pageOverAStore() {
  let stored = initial;
  let version = 1;
  const answer = (set: TransactionSet) => ({
    transactions: JSON.parse(JSON.stringify(set)) as TransactionSet,
    version: `"${version}"`,
  });
  const store = new TransactionStore(() => {}, {
    fetch: async () => answer(stored),
    put: async (_, set) => {
      stored = sortedByDate(set);
      version += 1;
      return answer(stored);
    },
  });
  /** Unpacked (and grouped) a slice per task, as the page does. */
  const view = (held: HeldView): Promise<SetView> =>
    setViewInSlices({ ...held, needed: { symbols: [], firstDate: null } });
  const viewOf = (outcome: Outcome<HeldView>): Promise<SetView> => {
    if (!outcome.ok) throw new Error(outcome.message);
    return view(outcome);
  };
  const importing = async (rows: Transaction[]): Promise<SetView> => {
    const saved = await store.replace(
      async (set) => ({ set: setOf([...set.stock, ...set.dividend, ...set.commission, ...rows]), extra: {} }),
      credentials,
    );
    if (!saved.ok || !saved.view) throw new Error('not stored');
    return view(saved.view);
  };
  return { store, viewOf, importing };
}

const byTicker = (sections: TickerSection[]) => new Map(sections.map((section) => [section.ticker, section]));

describe('tickerSections keeps the sections of the tickers a change did not touch', () => {
  it('after an import that touched A and B, the other tickers’ sections are the ones drawn before', async () => {
    const page = pageOverAStore();
    const loaded = await page.viewOf(await page.store.load(credentials));
    const drawn = tickerSections(loaded.byTicker, loaded.revisions);
    const imported = await page.importing([trade('A', 20, 5), trade('A', 21, 1), payout('B', 20)]);

    const sections = tickerSections(imported.byTicker, imported.revisions, drawn);
    expect(sections, 'the same sections as a fresh grouping').toEqual(
      tickerSections(imported.byTicker, imported.revisions),
    );
    const before = byTicker(drawn);
    const after = byTicker(sections);
    for (const ticker of ['C', 'D', 'E', 'F']) expect(after.get(ticker), ticker).toBe(before.get(ticker));
    for (const ticker of ['A', 'B']) {
      expect(after.get(ticker), ticker).not.toBe(before.get(ticker));
      expect(after.get(ticker)!.stock, `${ticker}'s rows`).not.toBe(before.get(ticker)!.stock);
    }
    expect(after.get('A')!.stock.map((row) => row.transaction.date)).toEqual([
      '2024-01-21',
      '2024-01-20',
      '2024-01-10',
      '2024-01-01',
    ]);
    expect(after.get('B')!.dividend).toHaveLength(2);
  });

  it('a delete, an edit and a rename draw only their tickers again; a ticker with no transaction left has no section', async () => {
    const page = pageOverAStore();
    const loaded = await page.viewOf(await page.store.load(credentials));
    let drawn = tickerSections(loaded.byTicker, loaded.revisions);
    const step = (view: SetView) => {
      const next = tickerSections(view.byTicker, view.revisions, drawn);
      expect(next).toEqual(tickerSections(view.byTicker, view.revisions));
      const before = byTicker(drawn);
      const redrawn = next.filter((section) => section !== before.get(section.ticker)).map((section) => section.ticker);
      drawn = next;
      return redrawn;
    };
    const sectionOf = (ticker: string) => drawn.find((section) => section.ticker === ticker)!;

    expect(
      step(
        await page.viewOf(await page.store.change({ kind: 'delete', id: sectionOf('C').dividend[0]!.id }, credentials)),
      ),
    ).toEqual(['C']);
    expect(
      step(
        await page.viewOf(
          await page.store.change(
            { kind: 'edit', id: sectionOf('D').stock[0]!.transaction.id, transaction: trade('D', 13, -3) },
            credentials,
          ),
        ),
      ),
    ).toEqual(['D']);
    expect(
      step(await page.viewOf(await page.store.change({ kind: 'renameTicker', from: 'E', to: 'G' }, credentials))),
    ).toEqual(['G']);
    expect(drawn.map((section) => section.ticker)).toEqual(['A', 'B', 'C', 'D', 'F', 'G']);
  });

  it('sections drawn from an older view are kept across a view the page never drew, for the tickers unchanged since', async () => {
    const page = pageOverAStore();
    const loaded = await page.viewOf(await page.store.load(credentials));
    const drawn = byTicker(tickerSections(loaded.byTicker, loaded.revisions));
    await page.importing([trade('A', 22, 1)]);
    const latest = await page.importing([trade('B', 22, 1)]);
    const sections = byTicker(tickerSections(latest.byTicker, latest.revisions, [...drawn.values()]));
    expect([...sections.keys()].filter((ticker) => sections.get(ticker) === drawn.get(ticker))).toEqual([
      'C',
      'D',
      'E',
      'F',
    ]);
  });

  it('without the worker’s revisions nothing is kept', async () => {
    const page = pageOverAStore();
    const loaded = await page.viewOf(await page.store.load(credentials));
    const drawn = tickerSections(loaded.byTicker);
    const again = tickerSections(loaded.byTicker, {}, drawn);
    expect(again).toEqual(drawn);
    for (const [k, section] of again.entries()) expect(section).not.toBe(drawn[k]);
  });
});
