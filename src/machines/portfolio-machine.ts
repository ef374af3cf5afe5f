/**
 * The portfolio: loads the set through the worker, then the settings (the benchmark), derives, fetches the
 * prices the figures need and derives again, recombines on a toggle, saves the settings, and forgets the
 * session at sign-out. Its context and the prices' bookkeeping are in portfolio-context.ts; reading and
 * saving the settings is the settings machine's job (settings-machine.ts), invoked as `loadSettings` and
 * `saveSettings`.
 */
import { assertEvent, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messageOf } from '../model/message';
import type { Outcome } from '../model/outcome';
import type { ChartedDerivation, ChartedSeries, PricesLoaded, SettingsView, Timed } from '../worker';
import { portfolioActors } from './portfolio-actors';
import { isRefused, refusalMessage } from './saved-set';
import { initialContext, pricesTaken, symbolsToFetch, type PortfolioContext } from './portfolio-context';
import {
  combinationTaken,
  deriveInput,
  failedPricesForgotten,
  type PortfolioEvent,
  setTaken,
  settingsTaken,
  toggled,
} from './portfolio-steps';
import type { SetView } from './services/worker-client';

export type { PortfolioEvent } from './portfolio-steps';
export { symbolsToFetch, type PortfolioContext } from './portfolio-context';

export const portfolioMachine = setup({
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
    hasPriceErrors: ({ context }) => Object.keys(context.priceErrors).length > 0,
  },
}).createMachine({
  id: 'portfolio',
  context: initialContext,
  initial: 'idle',
  on: {
    'session.changed': [
      { guard: 'hasToken', actions: 'takeToken' },
      // Signed out: the worker forgets the session before anything else is loaded.
      { target: '.signingOut', actions: 'resetSession' },
    ],
    // A save may end while a derive or a reload runs: the stored set is the newest, whatever the state.
    'portfolio.saved': { target: '.deriving', actions: { type: 'takeSet', params: ({ event }) => event.view } },
    // The stored set or settings changed under the page (a restore): load anew, whatever runs now.
    'portfolio.reload': { target: '.loading' },
    // Before the figures (loading, a failure): the choice is kept, and the next derive is for it.
    'view.select': { actions: 'selectView' },
  },
  states: {
    idle: {
      on: {
        'session.changed': [
          { guard: 'hasToken', target: 'loading', actions: 'takeToken' },
          { actions: 'resetSession' },
        ],
        // Signed out: a save that ends now belongs to nobody on this page.
        'portfolio.saved': { actions: [] },
        'portfolio.reload': { actions: [] },
      },
    },
    signingOut: {
      on: {
        'session.changed': { actions: 'takeToken' },
        'portfolio.saved': { actions: [] },
        'portfolio.reload': { actions: [] },
      },
      invoke: {
        src: 'forgetSession',
        onDone: [{ guard: 'signedIn', target: 'loading' }, { target: 'idle' }],
        onError: [{ guard: 'signedIn', target: 'loading' }, { target: 'idle' }],
      },
    },
    loading: {
      tags: ['busy', 'loading'],
      entry: 'clearError',
      invoke: {
        src: 'loadTransactions',
        input: ({ context }) => ({ idToken: context.idToken ?? '' }),
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'loadFailed',
            actions: { type: 'showRefusal', params: ({ event }) => event.output },
          },
          { target: 'loadingSettings', actions: { type: 'takeSet', params: ({ event }) => event.output as SetView } },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingSettings: {
      tags: ['busy', 'loading'],
      // Settings that cannot be read only cost the benchmark: the portfolio derives anyway.
      invoke: {
        src: 'loadSettings',
        input: ({ context }) => ({ idToken: context.idToken ?? '' }),
        onDone: { target: 'deriving', actions: { type: 'takeSettings', params: ({ event }) => event.output } },
        onError: {
          target: 'deriving',
          actions: { type: 'settingsFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      tags: ['failed'],
      on: { 'portfolio.retry': 'loading' },
    },
    deriving: {
      tags: ['busy'],
      on: {
        'tickers.toggle': { target: 'deriving', reenter: true, actions: 'toggleTicker' },
        'tickers.setActive': { target: 'deriving', reenter: true, actions: 'setActive' },
        'view.select': { target: 'deriving', reenter: true, actions: 'selectView' },
      },
      invoke: {
        src: 'derive',
        input: deriveInput,
        onDone: {
          target: 'ready',
          actions: { type: 'takeDerivation', params: ({ event }) => event.output },
        },
        onError: {
          target: 'deriveFailed',
          actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    deriveFailed: {
      tags: ['failed'],
      // The worker still holds the set: a retry derives again, nothing is handed over.
      on: { 'portfolio.retry': 'deriving' },
    },
    ready: {
      initial: 'checkingPrices',
      on: {
        'tickers.toggle': { target: '.combining', actions: 'toggleTicker' },
        'tickers.setActive': { target: '.combining', actions: 'setActive' },
        'settings.save': '.savingSettings',
        // Another view: its figures are derived anew (the prices held stay; a new symbol is fetched after).
        'view.select': { target: '#portfolio.deriving', actions: 'selectView' },
      },
      states: {
        checkingPrices: {
          always: [{ guard: 'hasPricesToFetch', target: 'fetchingPrices' }, { target: 'settled' }],
        },
        fetchingPrices: {
          tags: ['pricesLoading'],
          // A toggle while prices load only records the choice: the derive that follows reads it.
          on: {
            'tickers.toggle': { actions: 'toggleTicker' },
            'tickers.setActive': { actions: 'setActive' },
            'view.select': { actions: 'selectView' },
          },
          invoke: {
            src: 'fetchPrices',
            input: ({ context }) => ({
              idToken: context.idToken ?? '',
              symbols: symbolsToFetch(context),
              firstDate: context.firstDate!,
            }),
            onDone: {
              target: 'rederiving',
              actions: { type: 'takePrices', params: ({ event }) => event.output },
            },
            onError: {
              target: 'pricesFailed',
              actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        rederiving: {
          tags: ['pricesLoading'],
          // A toggle during the derive starts it again with the new choice, so the prices are not lost.
          on: {
            'tickers.toggle': { target: 'rederiving', reenter: true, actions: 'toggleTicker' },
            'tickers.setActive': { target: 'rederiving', reenter: true, actions: 'setActive' },
            'view.select': { target: 'rederiving', reenter: true, actions: 'selectView' },
          },
          invoke: {
            src: 'derive',
            input: deriveInput,
            onDone: {
              target: 'checkingPrices',
              actions: { type: 'takeDerivation', params: ({ event }) => event.output },
            },
            onError: {
              target: '#portfolio.deriveFailed',
              actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        pricesFailed: {
          tags: ['pricesFailed'],
          on: { 'portfolio.retry': 'fetchingPrices' },
        },
        combining: {
          invoke: {
            src: 'combine',
            input: ({ context }) => ({ active: context.active ?? Object.keys(context.derivation?.tickers ?? {}) }),
            onDone: {
              target: 'settled',
              actions: { type: 'takeCombination', params: ({ event }) => event.output },
            },
            onError: {
              target: '#portfolio.deriveFailed',
              actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        settled: {
          on: {
            'portfolio.retry': { guard: 'hasPriceErrors', target: 'checkingPrices', actions: 'forgetFailedPrices' },
          },
        },
        savingSettings: {
          tags: ['settingsSaving'],
          invoke: {
            src: 'saveSettings',
            input: ({ context, event }) => {
              assertEvent(event, 'settings.save');
              return { idToken: context.idToken ?? '', changes: event.changes };
            },
            onDone: [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
                target: 'settled',
                actions: { type: 'takeSettings', params: ({ event }) => event.output },
              },
              // A new benchmark: derive with it, then fetch its prices like any ticker's.
              { target: '#portfolio.deriving', actions: { type: 'takeSettings', params: ({ event }) => event.output } },
            ],
            onError: {
              target: 'settled',
              actions: { type: 'settingsFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type PortfolioActorRef = ActorRefFrom<typeof portfolioMachine>;
export type PortfolioSnapshot = SnapshotFrom<typeof portfolioMachine>;
