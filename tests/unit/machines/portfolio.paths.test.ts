import { describe } from 'vitest';
import { portfolioMachine, type PortfolioEvent } from '../../../src/machines/portfolio-machine';
import type { HeldSet } from '../../../src/machines/services/worker-client';
import type { Transaction, TransactionSet } from '../../../src/model';
import type { ActiveSeries, Derivation, PricesLoaded, SymbolsNeeded, Timed } from '../../../src/worker';
import { testShortestPaths } from './graph-helpers';

const buy: Transaction = { ticker: 'VWCE.DE', type: 'stock', date: '2024-01-02', amount: 10, value: 1000, currency: 'EUR' };
const stored: TransactionSet = { stock: [buy], dividend: [], commission: [] };
const savedElsewhere: TransactionSet = { stock: [buy, { ...buy, ticker: 'MSFT', currency: 'USD' }], dividend: [], commission: [] };
/** The machine only passes the worker's results along: stand-ins with the right shape at the top are enough. */
const derivation = { summary: {}, tickers: { 'VWCE.DE': {} }, active: {} } as unknown as Derivation;
const series = { tickers: ['VWCE.DE'] } as unknown as ActiveSeries;

const events: PortfolioEvent[] = [
  { type: 'session.changed', idToken: 'token-1' },
  { type: 'session.changed', idToken: null },
  { type: 'portfolio.retry' },
  { type: 'portfolio.reload' },
  { type: 'portfolio.saved', transactions: savedElsewhere, version: '"2"', needed: { symbols: ['VWCE.DE'], firstDate: '2024-01-02' } },
  { type: 'tickers.toggle', ticker: 'VWCE.DE' },
  { type: 'tickers.setActive', active: null },
];

const outputs = {
  loadTransactions: [{ transactions: stored, version: '"1"', needed: { symbols: ['VWCE.DE'], firstDate: '2024-01-02' } } satisfies HeldSet],
  handToWorker: [{ symbols: ['VWCE.DE'], firstDate: '2024-01-02' } satisfies SymbolsNeeded],
  fetchPrices: [{ symbols: ['VWCE.DE'], firstDate: '2024-01-02', errors: {} } satisfies PricesLoaded],
  derive: [{ result: derivation, computeMs: 3 } satisfies Timed<Derivation>],
  combine: [{ result: series, computeMs: 1 } satisfies Timed<ActiveSeries>],
};

describe('portfolio machine: the shortest path to every state, replayed with its actors replaced', () => {
  testShortestPaths(portfolioMachine, { events, outputs });
});
