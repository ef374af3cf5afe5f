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
import type { UserSettings } from '../model/settings';
import type { ChartedDerivation, ChartedSeries, PricesLoaded, SettingsView, Timed } from '../worker';
import { portfolioActors, type DeriveInput } from './portfolio-actors';
import type { SessionEvent } from './auth-machine';
import { isRefused, refusalMessage, type SavedSetEvent } from './saved-set';
import { initialContext, pricesTaken, symbolsToFetch, type PortfolioContext } from './portfolio-context';
import { localToday } from './services/clock';
import type { SetView } from './services/worker-client';

export type PortfolioEvent =
  | SessionEvent
  | { type: 'portfolio.retry' }
  /** `portfolio.saved`: a set the worker stored and already derives from; `portfolio.reload`: load the newest. */
  | SavedSetEvent
  | { type: 'tickers.toggle'; ticker: string }
  | { type: 'tickers.setActive'; active: string[] | null }
  /** Every screen shows the account `account` (an account's id), or all of them (null): the worker derives for it. */
  | { type: 'view.select'; account: string | null }
  /** Saves the settings it names on the server (the benchmark); the figures follow. */
  | { type: 'settings.save'; changes: Partial<UserSettings> };

export { symbolsToFetch, type PortfolioContext } from './portfolio-context';

/** A derive as of the investor's today, for the checked tickers of the chosen view. */
const deriveInput = ({ context }: { context: PortfolioContext }): DeriveInput => ({
  asOf: localToday(),
  active: context.active,
  view: context.view,
});

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
        const all = Object.keys(context.derivation?.tickers ?? {});
        const current = new Set(context.active ?? all);
        if (current.has(event.ticker)) current.delete(event.ticker);
        else current.add(event.ticker);
        return all.filter((ticker) => current.has(ticker));
      },
    }),
    /** A set the worker loaded or stored itself and already derives from. */
    takeSet: assign(({ context }, view: SetView) => ({
      transactions: view.transactions,
      accounts: view.accounts,
      cash: view.cash,
      // An account deleted meanwhile (here or elsewhere) leaves its view: every account is shown.
      view: context.view !== null && view.accounts.some((account) => account.id === context.view) ? context.view : null,
      byTicker: view.byTicker,
      version: view.version,
      revisions: view.revisions,
      symbols: view.needed.symbols,
      firstDate: view.needed.firstDate,
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
    /** Settings the worker read or saved: they may name a new symbol (the benchmark) to fetch. */
    takeSettings: assign((_, outcome: Outcome<SettingsView>) =>
      outcome.ok
        ? { settings: outcome.settings, symbols: outcome.needed.symbols, settingsError: null }
        : { settingsError: refusalMessage(outcome) },
    ),
    /** Signed out: everything of the session goes, its memory too. */
    resetSession: assign(initialContext),
    clearError: assign({ error: null }),
    showRefusal: assign({ error: (_, outcome: Outcome<object>) => refusalMessage(outcome) }),
    settingsFailed: assign({ settingsError: (_, params: { error: unknown }) => messageOf(params.error) }),
    /** Prices the worker fetched: what counts as fetched now, from which day, and the symbols needed. */
    takePrices: assign(({ context }, loaded: PricesLoaded) => pricesTaken(context, loaded)),
    /** A toggle's figures recombined from the last derive. */
    takeCombination: assign(({ context }, combined: Timed<ChartedSeries>) => ({
      derivation: context.derivation ? { ...context.derivation, ...combined.result } : null,
      computeMs: combined.computeMs,
    })),
    /** Retry of the symbols whose quotes came back with an error: they count as not fetched again. */
    forgetFailedPrices: assign(({ context }) => ({
      fetchedSymbols: context.fetchedSymbols.filter((symbol) => !Object.hasOwn(context.priceErrors, symbol)),
      priceErrors: {},
    })),
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
      },
    },
    signingOut: {
      on: {
        'session.changed': { actions: 'takeToken' },
        'portfolio.saved': { actions: [] },
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
        'portfolio.reload': 'loading',
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
