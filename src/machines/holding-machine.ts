/**
 * One holding's own view: asks the worker for the holding's series (price with its trades, value against
 * cost basis) each time the page shows a ticker or the figures change, and keeps them as chart columns.
 * It lives with the holding page that starts it.
 */
import { assign, assertEvent, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messageOf } from '../model/message';
import type { Outcome } from '../model/outcome';
import type { HoldingSeries } from '../worker';
import { sparseColumns, type ChartColumns } from './chart-models';
import { getWorker } from './services/worker-client';

/** `holding.show`: this ticker, from the figures derived last (send it again after a new derivation). */
export type HoldingEvent = { type: 'holding.show'; ticker: string };

/** What the page draws: the two charts' columns (days with a value; null where a series has none) and the trade days. */
export interface HoldingView {
  ticker: string;
  /** Days, price in the base currency, buys' and sells' base currency per share. */
  priceColumns: ChartColumns;
  /** Days, value, cost basis. */
  valueColumns: ChartColumns;
  /** 'Buy at no cost': a day whose buys cost nothing (a stock dividend, a product change), not a purchase at € 0. */
  trades: Array<{ day: number; kind: 'Buy' | 'Buy at no cost' | 'Sell'; pricePerShare: number }>;
}

export interface HoldingContext {
  ticker: string | null;
  view: HoldingView | null;
  error: string | null;
}

/** The worker's arrays as the charts' columns, and the trade days as a list (the words beside the markers). */
export function holdingView(series: HoldingSeries): HoldingView {
  const trades: HoldingView['trades'] = [];
  const daysOf = series.days;
  for (let i = 0; i < daysOf.length; i += 1) {
    const day = Math.round(daysOf[i]! / 86_400);
    const buy = series.buyPriceEur[i]!;
    const sell = series.sellPriceEur[i]!;
    if (buy === buy) trades.push({ day, kind: buy === 0 ? 'Buy at no cost' : 'Buy', pricePerShare: buy });
    if (sell === sell) trades.push({ day, kind: 'Sell', pricePerShare: sell });
  }
  return {
    ticker: series.ticker,
    priceColumns: sparseColumns(daysOf, [series.priceEur, series.buyPriceEur, series.sellPriceEur]),
    valueColumns: [series.days, series.value, series.costBasis],
    trades,
  };
}

export const holdingMachine = setup({
  types: {
    context: {} as HoldingContext,
    events: {} as HoldingEvent,
  },
  actors: {
    loadSeries: fromPromise<Outcome<{ series: HoldingSeries }>, { ticker: string }>(({ input }) =>
      getWorker().holdingSeries(input.ticker),
    ),
  },
  actions: {
    /** A newer ticker (or the same after newer figures): its view stays only while it is that ticker's. */
    showTicker: assign(({ context, event }) => {
      assertEvent(event, 'holding.show');
      return { ticker: event.ticker, error: null, view: context.view?.ticker === event.ticker ? context.view : null };
    }),
    takeSeries: assign((_, output: Outcome<{ series: HoldingSeries }>) =>
      output.ok ? { view: holdingView(output.series), error: null } : { view: null, error: output.message },
    ),
    failWith: assign({ view: null, error: (_, params: { error: unknown }) => messageOf(params.error) }),
  },
}).createMachine({
  id: 'holding',
  context: { ticker: null, view: null, error: null },
  initial: 'idle',
  // A newer ticker or newer figures: ask again (the answer to the older request is dropped).
  on: {
    'holding.show': {
      target: '.loading',
      reenter: true,
      actions: 'showTicker',
    },
  },
  states: {
    idle: {},
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadSeries',
        input: ({ context }) => ({ ticker: context.ticker ?? '' }),
        onDone: {
          target: 'shown',
          actions: { type: 'takeSeries', params: ({ event }) => event.output },
        },
        onError: { target: 'shown', actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: {},
  },
});

export type HoldingActorRef = ActorRefFrom<typeof holdingMachine>;
export type HoldingSnapshot = SnapshotFrom<typeof holdingMachine>;

export const selectHoldingView = (s: HoldingSnapshot): HoldingView | null => s.context.view;
export const selectHoldingError = (s: HoldingSnapshot): string | null => s.context.error;
export const selectHoldingBusy = (s: HoldingSnapshot): boolean => s.hasTag('busy');
