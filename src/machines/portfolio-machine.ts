/**
 * The portfolio: loads the set and the settings (the benchmark) through the worker at once, fetches every
 * price they need in one request and derives with them (a set that gains a symbol later fetches its
 * prices after the derive, and derives again), recombines on a toggle, saves the settings, and forgets the
 * session at sign-out. Its context and the prices' bookkeeping are in portfolio-context.ts, its named
 * actions and guards in portfolio-setup.ts; reading and saving the settings is the settings machine's job
 * (settings-machine.ts), invoked as `loadSettings` and `saveSettings`.
 */
import { assertEvent, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { initialContext } from './portfolio-context';
import { failTo, fetchingMissingPrices, portfolioSetup } from './portfolio-setup';
import { deriveInput } from './portfolio-steps';
import type { SetView } from './services/worker-client';

export type { PortfolioEvent } from './portfolio-steps';
export { symbolsToFetch, type PortfolioContext } from './portfolio-context';

export const portfolioMachine = portfolioSetup.createMachine({
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
    // The set, the settings (the benchmark, the base currency) and every price they need, at once.
    loading: {
      tags: ['busy', 'loading'],
      entry: 'startLoad',
      type: 'parallel',
      states: {
        set: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadTransactions',
                input: ({ context }) => ({ idToken: context.idToken ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
                    target: '#portfolio.loadFailed',
                    actions: { type: 'showRefusal', params: ({ event }) => event.output },
                  },
                  {
                    target: 'loaded',
                    actions: { type: 'takeLoadedSet', params: ({ event }) => event.output as SetView },
                  },
                ],
                onError: failTo('#portfolio.loadFailed'),
              },
            },
            loaded: { type: 'final' },
          },
        },
        settings: {
          initial: 'loading',
          states: {
            // Settings that cannot be read only cost the benchmark: the portfolio derives anyway.
            loading: {
              invoke: {
                src: 'loadSettings',
                input: ({ context }) => ({ idToken: context.idToken ?? '' }),
                onDone: {
                  target: 'loaded',
                  actions: { type: 'takeLoadedSettings', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'loaded',
                  actions: { type: 'settingsFailed', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            loaded: { type: 'final' },
          },
        },
        /**
         * The prices from the start, beside the set and the settings: the worker asks for every symbol they
         * need (its own list, once both are in on its side) with their rates, in one request.
         */
        prices: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'fetchPrices',
                input: ({ context }) => ({ idToken: context.idToken ?? '', symbols: null, firstDate: null }),
                onDone: { target: 'loaded', actions: { type: 'takePrices', params: ({ event }) => event.output } },
                onError: failTo('failed'),
              },
            },
            loaded: { type: 'final' },
            failed: { type: 'final' },
          },
        },
      },
      // The one derive, with the prices; without them when their request failed (its message kept).
      onDone: [{ guard: 'hasError', target: 'derivingWithoutPrices' }, { target: 'deriving' }],
    },
    /** The figures without prices, the failure kept beside them: the page says why, with Retry. */
    derivingWithoutPrices: {
      tags: ['busy', 'loading'],
      invoke: {
        src: 'derive',
        input: deriveInput,
        onDone: {
          target: '#portfolio.ready.pricesFailed',
          actions: { type: 'takeFigures', params: ({ event }) => event.output },
        },
        onError: failTo('deriveFailed'),
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
        onError: failTo('deriveFailed'),
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
        fetchingPrices: fetchingMissingPrices('pricesFailed'),
        /**
         * The prices new settings need, before their first derive; without them, the figures in the new
         * settings all the same, the failure kept beside them: what they lack is named, with Retry.
         */
        fetchingSettingsPrices: fetchingMissingPrices('#portfolio.derivingWithoutPrices'),
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
            onError: failTo('#portfolio.deriveFailed'),
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
            onError: failTo('#portfolio.deriveFailed'),
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
              // Settings that need prices not fetched yet (a new base currency's rates, a new benchmark's quotes):
              // those first, the figures before them shown meanwhile, then one derive (not one in the new base
              // with its tickers left out for want of a rate, and another when the rates came).
              {
                guard: { type: 'needsPricesFor', params: ({ event }) => ({ outcome: event.output }) },
                target: 'fetchingSettingsPrices',
                actions: { type: 'takeSettings', params: ({ event }) => event.output },
              },
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
