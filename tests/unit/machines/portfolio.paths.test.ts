import { describe } from 'vitest';
import { portfolioMachine, type PortfolioContext, type PortfolioEvent } from '#src/machines/portfolio-machine';
import type { SetView } from '#src/machines/services/worker-client';
import { groupByTicker, type ListedSet, type Transaction } from '#src/model';
import type { Outcome } from '#src/model/outcome';
import type { ActiveSeries, Derivation, PricesLoaded, SettingsView, Timed } from '#src/worker';
import { testShortestPaths } from '#helpers/machines/graph-paths';

const buy: Transaction = {
  ticker: 'VWCE.DE',
  type: 'stock',
  date: '2024-01-02',
  amount: 10,
  value: 1000,
  currency: 'EUR',
};
const stored: ListedSet = { stock: [{ ...buy, id: 1 }], dividend: [], commission: [] };
const savedElsewhere: ListedSet = {
  stock: [
    { ...buy, id: 1 },
    { ...buy, ticker: 'MSFT', currency: 'USD', id: 2 },
  ],
  dividend: [],
  commission: [],
};
/** The machine only passes the worker's results along: stand-ins with the right shape at the top are enough. */
const derivation = { summary: {}, tickers: { 'VWCE.DE': {} }, active: {} } as unknown as Derivation;
const series = { tickers: ['VWCE.DE'] } as unknown as ActiveSeries;

const events: PortfolioEvent[] = [
  { type: 'session.changed', idToken: 'token-1' },
  { type: 'session.changed', idToken: null },
  { type: 'portfolio.retry' },
  { type: 'portfolio.reload' },
  {
    type: 'portfolio.saved',
    view: {
      transactions: savedElsewhere,
      byTicker: groupByTicker(savedElsewhere),
      version: '"2"',
      revisions: { 'VWCE.DE': 2 },
      needed: { symbols: ['VWCE.DE'], firstDate: '2024-01-02' },
      accounts: [{ id: 'main', name: 'My account' }],
      cash: [],
    },
  },
  { type: 'tickers.toggle', ticker: 'VWCE.DE' },
  { type: 'tickers.setActive', active: null },
  { type: 'view.select', account: 'acc-1' },
  { type: 'settings.save', changes: { benchmark: 'IWDA.AS' } },
];

const outputs = {
  loadTransactions: [
    {
      ok: true,
      transactions: stored,
      byTicker: groupByTicker(stored),
      version: '"1"',
      revisions: { 'VWCE.DE': 1 },
      needed: { symbols: ['VWCE.DE'], firstDate: '2024-01-02' },
      accounts: [{ id: 'main', name: 'My account' }],
      cash: [],
    },
    { ok: false, status: 503, message: 'Storage is unavailable.' },
  ] satisfies Array<Outcome<SetView>>,
  forgetSession: [undefined],
  fetchPrices: [
    { symbols: ['VWCE.DE'], firstDate: '2024-01-02', errors: {}, fetched: ['VWCE.DE'] } satisfies PricesLoaded,
  ],
  derive: [{ result: derivation, computeMs: 3 } satisfies Timed<Derivation>],
  combine: [{ result: series, computeMs: 1 } satisfies Timed<ActiveSeries>],
  loadSettings: [
    {
      ok: true,
      settings: { benchmark: 'VWCE.DE', baseCurrency: 'EUR' },
      needed: { symbols: ['VWCE.DE'], firstDate: '2024-01-02' },
    },
  ] satisfies Array<Outcome<SettingsView>>,
  saveSettings: [
    {
      ok: true,
      settings: { benchmark: 'VWCE.DE', baseCurrency: 'EUR' },
      needed: { symbols: ['VWCE.DE'], firstDate: '2024-01-02' },
    },
  ] satisfies Array<Outcome<SettingsView>>,
};

describe('portfolio machine: the shortest path to every state, replayed with its actors replaced', () => {
  // The settings the worker answered and the view chosen are carried along, not branched on, and so is the
  // order in which a load's set, settings and prices came in (the fetched symbols as a set, an error as
  // whether there is one): left out of the state's key, so the walk ends.
  testShortestPaths(portfolioMachine, {
    events,
    outputs,
    stateKey: (snapshot) => ({
      ...snapshot.context,
      settings: null,
      settingsError: null,
      view: null,
      fetchedSymbols: [...(snapshot.context as PortfolioContext).fetchedSymbols].sort(),
      error: (snapshot.context as PortfolioContext).error !== null,
    }),
  });
});
