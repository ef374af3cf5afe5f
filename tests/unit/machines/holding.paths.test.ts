/** A holding's view: asked of the worker per ticker and per new figures, the newest request wins, a refusal is said and retried. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  holdingMachine,
  selectHoldingBusy,
  selectHoldingError,
  selectHoldingView,
} from '#src/machines/holding-machine';
import type { Outcome } from '#src/model/outcome';
import { PortfolioEngine, type HoldingSeries } from '#src/worker/engine';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';

/** A real engine answers, as the worker would; `gate` holds an answer back until released. */
function actorOnEngine() {
  const engine = new PortfolioEngine();
  engine.setTransactions(
    transactionSet([
      stock('AAA', '2024-03-01', 10, 1000),
      stock('BBB', '2024-03-04', 1, 50),
      stock('AAA', '2024-03-05', -4, -480),
    ]),
  );
  engine.setQuotes([
    chart('AAA', {
      currency: 'EUR',
      bars: [
        ['2024-03-01', 100],
        ['2024-03-05', 120],
      ],
    }),
    chart('BBB', { currency: 'EUR', bars: [['2024-03-04', 50]] }),
  ]);
  engine.derive('2024-03-06', null);
  const pending: Array<() => void> = [];
  let holdBack = false;
  const actor = createActor(
    holdingMachine.provide({
      actors: {
        loadSeries: fromPromise<Outcome<{ series: HoldingSeries }>, { ticker: string }>(async ({ input }) => {
          if (holdBack) await new Promise<void>((release) => pending.push(release));
          const series = engine.holdingSeries(input.ticker);
          return series
            ? { ok: true, series }
            : { ok: false, status: 0, message: `${input.ticker} has no figures to draw.` };
        }),
      },
    }),
  ).start();
  return {
    actor,
    hold: (on: boolean) => (holdBack = on),
    releaseNewestFirst: () =>
      pending
        .splice(0)
        .reverse()
        .forEach((release) => release()),
  };
}

describe('a holding’s view', () => {
  it('draws the ticker asked for: the price with its trades, the value against cost, the trades in a list', async () => {
    const { actor } = actorOnEngine();
    actor.send({ type: 'holding.show', ticker: 'AAA' });
    expect(selectHoldingBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('shown'));
    const view = selectHoldingView(actor.getSnapshot())!;
    expect(view.ticker).toBe('AAA');
    expect(view.trades.map((t) => [t.kind, t.pricePerShare])).toEqual([
      ['Buy', 100],
      ['Sell', 120],
    ]);
    // Columns of equal length, x first; the value ends at 6 shares × 120, the cost basis at 6/10 of 1000.
    const [days, value, cost] = view.valueColumns;
    expect([value.length, cost.length]).toEqual([days.length, days.length]);
    expect([value.at(-1), cost.at(-1)]).toEqual([720, 600]);
    expect(view.priceColumns[0].length).toBe(view.priceColumns[1]!.length);
  });

  it('keeps only the newest request’s answer when another ticker is asked for meanwhile', async () => {
    const { actor, hold, releaseNewestFirst } = actorOnEngine();
    hold(true);
    actor.send({ type: 'holding.show', ticker: 'AAA' });
    actor.send({ type: 'holding.show', ticker: 'BBB' });
    // The newer answer comes first, the older one after it: the older must not replace it.
    releaseNewestFirst();
    await waitFor(actor, (s) => s.matches('shown'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(selectHoldingView(actor.getSnapshot())!.ticker).toBe('BBB');
  });

  it('says why when the worker refuses, and draws on the next request', async () => {
    const { actor } = actorOnEngine();
    actor.send({ type: 'holding.show', ticker: 'NOPE' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(selectHoldingError(actor.getSnapshot())).toBe('NOPE has no figures to draw.');
    expect(selectHoldingView(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'holding.show', ticker: 'AAA' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(selectHoldingError(actor.getSnapshot())).toBeNull();
    expect(selectHoldingView(actor.getSnapshot())!.ticker).toBe('AAA');
  });
});
