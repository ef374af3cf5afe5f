/**
 * The portfolio engine: keeps transactions and quotes, computes each ticker once per change on one
 * daily grid, and sums the cached per-ticker series for whichever tickers are active.
 */
import { epochDayFromIso, isoFromEpochDay, type QuoteEntry, type TransactionSet } from '../../model';
import { gridPeriods, type GridPeriods } from './calendar-periods';
import { combineSeries } from './combine';
import { BASE_CURRENCY, fxSymbolFor } from './currency';
import { carryForward, makeGrid, sameGrid, type Grid } from './grid';
import { parseQuoteEntry, type MarketData, type MarketSeries } from './market-series';
import { excludedTickerFigures, summarize, tickerFigures, type TickerFacts } from './summary';
import { computeTicker, currenciesNeeded, sharesOnAsOf, type TickerSeries, type TickerTotals } from './ticker-series';
import { groupByTicker, prepareTicker, sameTransactions, type TickerTransactions } from './ticker-transactions';
import { TimeZoneDays } from './time-zone-days';
import type { ActiveSeries, Derivation, PriceSeries, TickerFigures } from './types';

export type * from './types';
export { toExpected } from './to-expected';

export interface EngineOptions {
  /** Called each time a ticker's series are computed (tests count recomputations with it). */
  onTickerComputed?: (ticker: string) => void;
}

/** One ticker's result on the current grid; `series` and `totals` are null when it is excluded. */
interface TickerState {
  figures: TickerFigures;
  totals: TickerTotals | null;
  series: TickerSeries | null;
  /** Exchange-rate symbols it converts with (used or missing). */
  fxSymbols: string[];
}

/** An exchange rate on the current grid. */
interface FxOnGrid {
  series: MarketSeries;
  /** EUR per unit per grid day; before the first bar, the first bar's. */
  rate: Float64Array;
  /** The close as charted: NaN before the first bar. */
  close: Float64Array;
}

export class PortfolioEngine {
  private readonly timeZones = new TimeZoneDays();
  private readonly onTickerComputed: ((ticker: string) => void) | undefined;
  private transactions = new Map<string, TickerTransactions>();
  private readonly market = new Map<string, MarketData>();
  private grid: Grid | null = null;
  private periods: GridPeriods | null = null;
  private readonly states = new Map<string, TickerState>();
  private readonly fx = new Map<string, FxOnGrid | null>();
  private ones: Float64Array | null = null;

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
      this.fx.delete(entry.symbol);
      this.states.delete(entry.symbol);
      for (const [ticker, state] of this.states) if (state.fxSymbols.includes(entry.symbol)) this.states.delete(ticker);
    }
  }

  /**
   * Symbols to request: every ticker plus the FX symbols its transaction currencies and its known
   * quote's currency need. Call again after setQuotes: a quote in GBp needs `GBPEUR=X`. Sorted, unique.
   */
  symbolsToRequest(): string[] {
    const symbols = new Set<string>();
    for (const [ticker, transactions] of this.transactions) {
      symbols.add(ticker);
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
    for (const ticker of [...this.states.keys()].sort()) {
      const state = this.states.get(ticker) as TickerState;
      tickers[ticker] = state.figures;
      if (state.totals) included.push(state.totals);
      else excluded.push(ticker);
      for (const symbol of state.figures.missingSymbols) missing.add(symbol);
    }
    return {
      asOf,
      summary: summarize(included, excluded, [...missing].sort()),
      tickers,
      active: this.combineActive(active ?? [...this.transactions.keys()]),
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
      if (!this.states.has(ticker)) this.states.set(ticker, this.computeState(grid, transactions));
    }
  }

  private computeState(grid: Grid, transactions: TickerTransactions): TickerState {
    const { ticker } = transactions;
    const quote = this.market.get(ticker);
    const market = quote?.ok ? quote.series : null;
    const missingSymbols = market ? [] : [ticker];
    const rates = new Map<string, Float64Array>([[BASE_CURRENCY, this.onesOnGrid(grid)]]);
    const fxSymbols: string[] = [];
    let ratesMissing = false;
    for (const currency of currenciesNeeded(transactions, market, grid.lastDay)) {
      const symbol = fxSymbolFor(currency) as string;
      const fx = this.fxOnGrid(grid, symbol);
      fxSymbols.push(symbol);
      if (fx) rates.set(currency, fx.rate);
      else {
        missingSymbols.push(symbol);
        ratesMissing = true;
      }
    }
    const facts: TickerFacts = {
      currency: transactions.currency,
      quoteCurrency: market?.currency ?? null,
      dataSource: market?.dataSource ?? null,
      missingSymbols,
    };
    this.onTickerComputed?.(ticker);
    if (ratesMissing) {
      // Never convert at a guessed rate: the ticker stays out of every sum until its rate arrives.
      return { figures: excludedTickerFigures(sharesOnAsOf(grid, transactions, market), facts), totals: null, series: null, fxSymbols };
    }
    const { series, totals } = computeTicker(grid, transactions, market, rates);
    return { figures: tickerFigures(totals, facts), totals, series, fxSymbols };
  }

  /** EUR per EUR on every grid day: one shared array, so EUR amounts take the same path as converted ones. */
  private onesOnGrid(grid: Grid): Float64Array {
    if (!this.ones || this.ones.length !== grid.length) this.ones = new Float64Array(grid.length).fill(1);
    return this.ones;
  }

  /** The rate series of an FX symbol on the grid, cached per grid; null when its quote is missing or has no close. */
  private fxOnGrid(grid: Grid, symbol: string): FxOnGrid | null {
    const cached = this.fx.get(symbol);
    if (cached !== undefined) return cached;
    const quote = this.market.get(symbol);
    const fx =
      quote?.ok && quote.series.closes.length > 0
        ? {
            series: quote.series,
            rate: carryForward(grid, quote.series.barDays, quote.series.closes, 'first'),
            close: carryForward(grid, quote.series.barDays, quote.series.closes, 'nan'),
          }
        : null;
    this.fx.set(symbol, fx);
    return fx;
  }

  private combineActive(active: readonly string[]): ActiveSeries {
    const grid = this.grid as Grid;
    const tickers = [...new Set(active)].filter((ticker) => this.states.get(ticker)?.series).sort();
    const states = tickers.map((ticker) => this.states.get(ticker) as TickerState);
    const prices: PriceSeries[] = [];
    states.forEach((state, k) => {
      if (state.series?.close) {
        const { quoteCurrency, dataSource } = state.figures;
        prices.push({ symbol: tickers[k], currency: quoteCurrency, dataSource, close: state.series.close.slice() });
      }
    });
    for (const symbol of [...new Set(states.flatMap((state) => state.fxSymbols))].sort()) {
      const fx = this.fxOnGrid(grid, symbol) as FxOnGrid;
      prices.push({ symbol, currency: fx.series.currency, dataSource: fx.series.dataSource, close: fx.close.slice() });
    }
    const combined = combineSeries(grid, this.periods as GridPeriods, states.map((state) => state.series as TickerSeries));
    return { tickers, ...combined, prices };
  }
}
