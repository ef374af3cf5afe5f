/**
 * The portfolio engine: keeps transactions and quotes, computes each ticker once per change on one
 * daily grid, and sums the cached per-ticker series for whichever tickers are active.
 */
import { epochDayFromIso, isoFromEpochDay, type QuoteEntry, type TransactionSet } from '../../model';
import { activeSeries } from './active-set';
import { gridPeriods, type GridPeriods } from './calendar-periods';
import { fxSymbolFor } from './currency';
import { FxRates } from './fx-rates';
import { makeGrid, sameGrid, type Grid } from './grid';
import { incomeFigures } from './income';
import { parseQuoteEntry, type MarketData } from './market-series';
import { summarize } from './summary';
import type { TickerTotals } from './ticker-series';
import type { TickerIncome } from './ticker-income';
import { computeTickerState, type TickerState } from './ticker-state';
import { groupByTicker, needsQuotes, prepareTicker, sameTransactions, type TickerTransactions } from './ticker-transactions';
import { TimeZoneDays } from './time-zone-days';
import type { ActiveSeries, Derivation, TickerFigures } from './types';

export interface EngineOptions {
  /** Called each time a ticker's series are computed (tests count recomputations with it). */
  onTickerComputed?: (ticker: string) => void;
}

export class PortfolioEngine {
  private readonly timeZones = new TimeZoneDays();
  private readonly onTickerComputed: ((ticker: string) => void) | undefined;
  private transactions = new Map<string, TickerTransactions>();
  private readonly market = new Map<string, MarketData>();
  private grid: Grid | null = null;
  private periods: GridPeriods | null = null;
  private readonly states = new Map<string, TickerState>();
  private readonly fx = new FxRates();

  constructor(options: EngineOptions = {}) {
    this.onTickerComputed = options.onTickerComputed;
  }

  /** Keeps the set; recomputes only tickers whose transactions changed. */
  setTransactions(set: TransactionSet): void {
    const next = new Map<string, TickerTransactions>();
    for (const [ticker, rows] of groupByTicker(set)) {
      const previous = this.transactions.get(ticker);
      if (previous && sameTransactions(previous, rows)) {
        next.set(ticker, previous);
      } else {
        next.set(ticker, prepareTicker(ticker, rows));
        this.states.delete(ticker);
      }
    }
    for (const ticker of this.transactions.keys()) if (!next.has(ticker)) this.states.delete(ticker);
    this.transactions = next;
  }

  /** Keeps the quote entries (tickers and FX symbols); recomputes the tickers they affect. Entries with `error` are remembered as missing. */
  setQuotes(entries: QuoteEntry[]): void {
    for (const entry of entries) {
      this.market.set(entry.symbol, parseQuoteEntry(entry, this.timeZones));
      this.fx.forget(entry.symbol);
      this.states.delete(entry.symbol);
      for (const [ticker, state] of this.states) if (state.fxSymbols.includes(entry.symbol)) this.states.delete(ticker);
    }
  }

  /**
   * Symbols to request: every ticker with shares or dividends (commissions alone need no price) plus the
   * FX symbols its transaction currencies and its known quote's currency need. Call again after
   * setQuotes: a quote in GBp needs `GBPEUR=X`. Sorted, unique.
   */
  symbolsToRequest(): string[] {
    const symbols = new Set<string>();
    for (const [ticker, transactions] of this.transactions) {
      if (needsQuotes(transactions)) symbols.add(ticker);
      const quote = this.market.get(ticker);
      const currencies = quote?.ok ? [...transactions.currencies, quote.series.currency] : transactions.currencies;
      for (const currency of currencies) {
        const symbol = fxSymbolFor(currency);
        if (symbol) symbols.add(symbol);
      }
    }
    return [...symbols].sort();
  }

  /** First transaction day (ISO) or null when there are none. */
  firstTransactionDate(): string | null {
    const firstDay = this.firstDay();
    return firstDay === null ? null : isoFromEpochDay(firstDay);
  }

  /** Everything for the dashboard. `active` null = all tickers. Throws a RangeError when `asOf` is not `YYYY-MM-DD`. */
  derive(asOf: string, active: readonly string[] | null): Derivation {
    this.update(epochDayFromIso(asOf));
    const tickers: Record<string, TickerFigures> = {};
    const included: TickerTotals[] = [];
    const excluded: string[] = [];
    const missing = new Set<string>();
    const incomes = new Map<string, TickerIncome>();
    for (const ticker of [...this.states.keys()].sort()) {
      const state = this.states.get(ticker) as TickerState;
      tickers[ticker] = state.figures;
      if (state.income) incomes.set(ticker, state.income);
      if (state.totals) included.push(state.totals);
      else excluded.push(ticker);
      for (const symbol of state.figures.missingSymbols) missing.add(symbol);
    }
    return {
      asOf,
      summary: summarize(included, excluded, [...missing].sort()),
      tickers,
      active: this.combineActive(active ?? [...this.transactions.keys()]),
      income: incomeFigures(this.grid as Grid, this.periods as GridPeriods, incomes),
    };
  }

  /** Re-combine after a ticker toggle: sums cached per-ticker series only. Call `derive` once first. */
  combine(active: readonly string[]): ActiveSeries {
    if (!this.grid) throw new Error('combine needs a grid: call derive(asOf, active) first');
    this.update(this.grid.lastDay);
    return this.combineActive(active);
  }

  private firstDay(): number | null {
    let firstDay = Infinity;
    for (const transactions of this.transactions.values()) firstDay = Math.min(firstDay, transactions.firstDay);
    return firstDay === Infinity ? null : firstDay;
  }

  /** Brings every ticker up to date for `asOfDay`; a new grid invalidates everything computed on the old one. */
  private update(asOfDay: number): void {
    const grid = makeGrid(this.firstDay(), asOfDay);
    if (!sameGrid(this.grid, grid)) {
      this.grid = grid;
      this.periods = gridPeriods(grid);
      this.states.clear();
      this.fx.clear();
    }
    for (const [ticker, transactions] of this.transactions) {
      if (this.states.has(ticker)) continue;
      this.onTickerComputed?.(ticker);
      this.states.set(ticker, computeTickerState(grid, this.periods as GridPeriods, transactions, this.market, this.fx));
    }
  }

  private combineActive(active: readonly string[]): ActiveSeries {
    return activeSeries(this.grid as Grid, this.periods as GridPeriods, this.states, active, this.market, this.fx);
  }
}
