/**
 * Pieces of the engine's derive and of its symbol list that need only what they are handed (the
 * tickers' states, the market data, the transactions per ticker): the engine calls them with its own.
 */
import { isValidIsin } from '../../model';
import { fxSymbolFor } from './currency';
import { EXCLUDED_HOLDING, holdingOf } from './holdings';
import type { MarketData } from './market-series';
import type { TickerTotals } from './ticker-series';
import type { TickerIncome } from './ticker-income';
import type { TickerState } from './ticker-state';
import { needsQuotes, type TickerTransactions } from './ticker-transactions';
import type { Holding, Performance, TickerFigures } from './types';
import type { TickerSet } from './active-set';
import { netFlows, periodMwr } from './mwr';
import type { PeriodStarts } from './return-periods';
import { periodReturns } from './twr';

/**
 * Symbols to request: every ticker with shares or dividends (commissions alone need no price; an ISIN
 * standing in for a symbol has no price source, SEMANTICS' provisional price values it) plus the FX
 * symbols its transaction currencies and its known quote's currency need, the cash's currencies' FX
 * symbols, and the benchmark with its FX symbol. Sorted, unique.
 */
export function symbolsToRequest(
  benchmarkSymbol: string | null,
  market: ReadonlyMap<string, MarketData>,
  transactions: ReadonlyMap<string, TickerTransactions>,
  cashCurrencies: Iterable<string>,
  base: string,
): string[] {
  const symbols = new Set<string>();
  const addRateOf = (currency: string) => {
    const symbol = fxSymbolFor(currency, base);
    if (symbol) symbols.add(symbol);
  };
  if (benchmarkSymbol) {
    symbols.add(benchmarkSymbol);
    const quote = market.get(benchmarkSymbol);
    if (quote?.ok) addRateOf(quote.series.currency);
  }
  for (const [ticker, held] of transactions) {
    if (needsQuotes(held) && !isValidIsin(ticker)) symbols.add(ticker);
    const quote = market.get(ticker);
    const currencies = quote?.ok ? [...held.currencies, quote.series.currency] : held.currencies;
    for (const currency of currencies) addRateOf(currency);
  }
  for (const currency of cashCurrencies) addRateOf(currency);
  return [...symbols].sort();
}

/** The tickers' states in name order, split into those with totals (included) and those without. */
export function collectTickers(states: ReadonlyMap<string, TickerState>) {
  const tickers: Record<string, TickerFigures> = {};
  const included: TickerTotals[] = [];
  const includedTickers: string[] = [];
  const excluded: string[] = [];
  const missingSymbols = new Set<string>();
  const incomes = new Map<string, TickerIncome>();
  const names = [...states.keys()].sort();
  for (const ticker of names) {
    const state = states.get(ticker) as TickerState;
    tickers[ticker] = state.figures;
    if (state.income) incomes.set(ticker, state.income);
    if (state.totals) {
      included.push(state.totals);
      includedTickers.push(ticker);
    } else excluded.push(ticker);
    for (const symbol of state.figures.missingSymbols) missingSymbols.add(symbol);
  }
  return { names, tickers, included, includedTickers, excluded, missing: [...missingSymbols].sort(), incomes };
}

/** Each ticker's holding on the derive's day; a ticker without totals holds nothing. */
export function holdingsOf(
  names: readonly string[],
  states: ReadonlyMap<string, TickerState>,
  portfolioValue: number,
): Record<string, Holding> {
  const holdings: Record<string, Holding> = {};
  for (const ticker of names) {
    const { totals, cost } = states.get(ticker) as TickerState;
    holdings[ticker] = totals && cost ? holdingOf(totals, cost, portfolioValue) : { ...EXCLUDED_HOLDING };
  }
  return holdings;
}

/** The securities' own returns: value, TWR and MWR per period. */
export function performanceOf(all: TickerSet, starts: PeriodStarts): Performance {
  return {
    value: all.series.value,
    twr: periodReturns(all.growth, starts),
    mwr: periodMwr(all.series.value, netFlows(all.flows), starts),
  };
}

/** Every one of `tickers`' stock entries on the grid. */
export function stockEntriesOf(states: ReadonlyMap<string, TickerState>, tickers: readonly string[]) {
  return tickers
    .map((ticker) => (states.get(ticker) as TickerState).series?.entries.stock)
    .filter((entries) => entries !== undefined);
}

/** A derive's steps: the tickers' series, the summary and holdings, the sums of the tickers, TWR and MWR, the benchmark, income, the account. */
export type DeriveStep = 'tickers' | 'summary' | 'combine' | 'returns' | 'benchmark' | 'income' | 'account';

/** Times a derive's steps for `onStep`; reads no clock without one. */
export class StepClock {
  private last: number;

  constructor(private readonly onStep: ((step: DeriveStep, ms: number) => void) | undefined) {
    this.last = onStep ? performance.now() : 0;
  }

  lap(step: DeriveStep): void {
    if (!this.onStep) return;
    const now = performance.now();
    this.onStep(step, now - this.last);
    this.last = now;
  }
}
