/**
 * The portfolio machine's setup (portfolio-machine.ts draws its graph from it): its types, actors, named
 * actions and guards, and the transitions several of its states share.
 */
import { assertEvent, assign, setup } from 'xstate';
import { messageOf } from '../model/message';
import type { Outcome } from '../model/outcome';
import type { ChartedDerivation, ChartedSeries, PricesLoaded, SettingsView, Timed } from '../worker';
import { portfolioActors } from './portfolio-actors';
import { isRefused, refusalMessage } from './saved-set';
import { initialContext, pricesTaken, symbolsToFetch, type PortfolioContext } from './portfolio-context';
import {
  combinationTaken,
  failedPricesForgotten,
  keepPricedSymbols,
  type PortfolioEvent,
  setTaken,
  settingsTaken,
  toggled,
} from './portfolio-steps';
import type { SetView } from './services/worker-client';

/** An actor's failure: its message kept, and on to `target`. */
export const failTo = (target: string) => ({
  target,
  actions: {
    type: 'failWith' as const,
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  },
});
/** While prices load, a choice is only recorded: the derive that follows reads it. */
export const recordChoice = {
  'tickers.toggle': { actions: 'toggleTicker' },
  'tickers.setActive': { actions: 'setActive' },
  'view.select': { actions: 'selectView' },
} as const;

/**
 * In `ready`: the prices still missing fetched (the figures before them shown, a choice meanwhile recorded),
 * then the figures derived again (`rederiving`); a failed fetch goes to `failed`, its message kept.
 */
export const fetchingMissingPrices = (failed: string) => ({
  tags: ['pricesLoading'],
  on: recordChoice,
  invoke: {
    src: 'fetchPrices' as const,
    input: ({ context }: { context: PortfolioContext }) => ({
      idToken: context.idToken ?? '',
      symbols: symbolsToFetch(context),
      firstDate: context.firstDate!,
    }),
    onDone: {
      target: 'rederiving',
      actions: {
        type: 'takePrices' as const,
        params: ({ event }: { event: { output: PricesLoaded } }) => event.output,
      },
    },
    onError: failTo(failed),
  },
});

export const portfolioSetup = setup({
  types: {
    context: {} as PortfolioContext,
    events: {} as PortfolioEvent,
  },
  actors: portfolioActors,
  actions: {
    toggleTicker: assign({
      active: ({ context, event }) => {
        assertEvent(event, 'tickers.toggle');
        return toggled(context, event.ticker);
      },
    }),
    takeSet: assign(({ context }, view: SetView) => setTaken(context, view)),
    /** A load's set and settings: the symbols they name only until the prices (which name them after both) are in. */
    takeLoadedSet: assign(({ context }, view: SetView) => keepPricedSymbols(context, setTaken(context, view))),
    takeLoadedSettings: assign(({ context }, outcome: Outcome<SettingsView>) =>
      keepPricedSymbols(context, settingsTaken(outcome)),
    ),
    /** A load starts afresh: no error, and every price is asked for again (the held ones answer "unchanged"). */
    startLoad: assign({ error: null, pricesFrom: null, fetchedSymbols: [], priceErrors: {} }),
    takeFigures: assign((_, derived: Timed<ChartedDerivation>) => ({
      derivation: derived.result,
      computeMs: derived.computeMs,
    })),
    takeDerivation: assign((_, derived: Timed<ChartedDerivation>) => ({
      derivation: derived.result,
      computeMs: derived.computeMs,
      error: null,
    })),
    /** Another view: its tickers are not the last view's, so every one of them is checked. */
    selectView: assign(({ event }) => {
      assertEvent(event, 'view.select');
      return { view: event.account, active: null };
    }),
    setActive: assign({
      active: ({ event }) => {
        assertEvent(event, 'tickers.setActive');
        return event.active;
      },
    }),
    takeToken: assign({
      idToken: ({ event }) => {
        assertEvent(event, 'session.changed');
        return event.idToken;
      },
    }),
    failWith: assign({ error: (_, params: { error: unknown }) => messageOf(params.error) }),
    takeSettings: assign((_, outcome: Outcome<SettingsView>) => settingsTaken(outcome)),
    /** Signed out: everything of the session goes, its memory too. */
    resetSession: assign(initialContext),
    clearError: assign({ error: null }),
    showRefusal: assign({ error: (_, outcome: Outcome<object>) => refusalMessage(outcome) }),
    settingsFailed: assign({ settingsError: (_, params: { error: unknown }) => messageOf(params.error) }),
    /** Prices the worker fetched: what counts as fetched now, from which day, and the symbols needed. */
    takePrices: assign(({ context }, loaded: PricesLoaded) => pricesTaken(context, loaded)),
    takeCombination: assign(({ context }, combined: Timed<ChartedSeries>) => combinationTaken(context, combined)),
    forgetFailedPrices: assign(({ context }) => failedPricesForgotten(context)),
  },
  guards: {
    hasToken: ({ event }) => event.type === 'session.changed' && event.idToken !== null,
    isRefused,
    signedIn: ({ context }) => context.idToken !== null,
    hasPricesToFetch: ({ context }) => symbolsToFetch(context).length > 0,
    /** Saved settings that name symbols whose prices were not fetched yet (a new base currency's rates, a new benchmark). */
    needsPricesFor: ({ context }, { outcome }: { outcome: Outcome<SettingsView> }) =>
      outcome.ok && symbolsToFetch({ ...context, symbols: outcome.needed.symbols }).length > 0,
    hasError: ({ context }) => context.error !== null,
    hasPriceErrors: ({ context }) => Object.keys(context.priceErrors).length > 0,
  },
});
