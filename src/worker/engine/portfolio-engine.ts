/**
 * The portfolio engine: keeps transactions and quotes, computes each ticker once per change on one
 * daily grid, and sums the cached per-ticker series for whichever tickers are active.
 */
import {
  emptyTransactionSet,
  epochDayFromIso,
  groupByTicker,
  isoFromEpochDay,
  type Account,
  type QuoteEntry,
  type TransactionSet,
  type TransactionSetWithCash,
} from '../../model';
import type * as accountMathModule from './account-math';
import { benchmarkOf } from './benchmark';
import { gridPeriods, type GridPeriods } from './calendar-periods';
import { prepareCash, type CashColumns } from './cash';
import { DEFAULT_BASE_CURRENCY, fxSymbolFor, majorCurrency, unitsPerMajor } from './currency';
import { FxRates } from './fx-rates';
import { makeGrid, sameGrid, type Grid } from './grid';
import { incomeFigures } from './income';
import { parseQuoteEntry, type MarketData } from './market-series';
import { holdingSeries } from './holding-series';
import { periodStarts, type PeriodStarts } from './return-periods';
import { summarize } from './summary';
import { dividendRecordsOf } from './ticker-income';
import { computeTickerState, type TickerState } from './ticker-state';
import { tickerSet, type TickerSet } from './active-set';
import { prepareTicker, sameTransactions, type TickerTransactions } from './ticker-transactions';
import type { AccountFigures, ActiveSeries, Derivation, DividendRecord, HoldingSeries } from './types';
import { ALL_ACCOUNTS, accountView, transactionsInView, type AccountView } from './views';
import { collectTickers, holdingsOf, performanceOf, stockEntriesOf, symbolsToRequest } from './derive-parts';

/** The account figures' code (account-math.ts): loaded only for a view that holds cash. */
export type AccountMath = typeof accountMathModule;

export interface EngineOptions {
  /** Called each time a ticker's series are computed (tests count recomputations with it). */
  onTickerComputed?: (ticker: string) => void;
  /** The account figures' code; without it, `useAccountMath` before deriving a view that holds cash. */
  accountMath?: AccountMath;
}

export class PortfolioEngine {
  private readonly onTickerComputed: ((ticker: string) => void) | undefined;
  private transactions = new Map<string, TickerTransactions>();
  /** The whole set as given; the view picks the transactions every figure is computed from. */
  private set: TransactionSetWithCash = emptyTransactionSet();
  private view: AccountView = ALL_ACCOUNTS;
  private accounts: readonly Account[] = [];
  private accountMath: AccountMath | null;
  private cash: CashColumns = prepareCash([]);
  private readonly market = new Map<string, MarketData>();
  private grid: Grid | null = null;
  private periods: GridPeriods | null = null;
  private starts: PeriodStarts | null = null;
  private benchmarkSymbol: string | null = null;
  /** Every money figure is in this currency (SEMANTICS.md, "Currencies and the base currency"). */
  private base: string = DEFAULT_BASE_CURRENCY;
  private readonly states = new Map<string, TickerState>();
  private readonly fx = new FxRates();

  constructor(options: EngineOptions = {}) {
    this.onTickerComputed = options.onTickerComputed;
    this.accountMath = options.accountMath ?? null;
  }

  /** Keeps the set (its `cash` list too, when it has one); recomputes only tickers whose transactions in the view changed. */
  setTransactions(set: TransactionSetWithCash): void {
    this.set = set;
    this.applyView();
  }

  /**
   * Computes every figure for one account (its id) or for all of them (null) (SEMANTICS.md, "Accounts
   * and views"); a transaction that names no account is in the first of `accounts`.
   */
  setView(account: string | null, accounts: readonly Account[] = this.accounts): void {
    this.accounts = accounts;
    const view = accountView(account, accounts);
    // The all-accounts view holds every transaction, whichever account is the first.
    const same =
      view.account === this.view.account && (view.account === null || view.defaultAccount === this.view.defaultAccount);
    this.view = view;
    if (!same) this.applyView();
  }

  /** The set's accounts (the store's), for the view: a transaction that names no account is in the first. */
  setAccounts(accounts: readonly Account[]): void {
    this.setView(this.view.account, accounts);
  }

  /** Whether the view holds cash and the account figures' code is not loaded yet: `useAccountMath` before `derive`. */
  needsAccountMath(): boolean {
    return this.accountMath === null && this.cash.days.length > 0;
  }

  useAccountMath(math: AccountMath): void {
    this.accountMath = math;
  }

  private applyView(): void {
    const { tickers, cash } = transactionsInView(this.set, this.view);
    this.cash = prepareCash(cash);
    this.setTickerTransactions(tickers);
  }

  private setTickerTransactions(set: TransactionSet): void {
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
      this.market.set(entry.symbol, parseQuoteEntry(entry));
      this.fx.forget(entry.symbol);
      this.states.delete(entry.symbol);
      for (const [ticker, state] of this.states) if (state.fxSymbols.includes(entry.symbol)) this.states.delete(ticker);
    }
  }

  /** The symbol "the same money" is invested in (SEMANTICS.md, "Benchmark"); null for none. Ask for its quote with `symbolsToRequest`. */
  setBenchmark(symbol: string | null): void {
    this.benchmarkSymbol = symbol;
  }

  /** The currency every money figure is in. */
  readonly baseCurrency = (): string => this.base;

  /** Every money figure in `currency` (ISO 4217; EUR by default): drops what depends on rates; see `symbolsToRequest`. */
  setBaseCurrency(currency: string): void {
    if (currency === this.base) return;
    this.base = currency;
    this.states.clear();
    this.fx.clear();
  }

  /**
   * Symbols to request: every ticker with shares or dividends (commissions alone need no price; an ISIN
   * standing in for a symbol has no price source, SEMANTICS' provisional price values it) plus the
   * FX symbols its transaction currencies and its known quote's currency need, and the benchmark with
   * its FX symbol. Call again after setQuotes: a quote in GBp needs `GBPEUR=X`. Sorted, unique.
   */
  symbolsToRequest(): string[] {
    return symbolsToRequest(this.benchmarkSymbol, this.market, this.transactions, this.cash.currencies, this.base);
  }

  /** First transaction day (ISO) or null when there are none. */
  firstTransactionDate(): string | null {
    const firstDay = this.firstDay();
    return firstDay === null ? null : isoFromEpochDay(firstDay);
  }

  /** Everything for the dashboard. `active` null = all tickers. Throws a RangeError when `asOf` is not `YYYY-MM-DD`. */
  derive(asOf: string, active: readonly string[] | null): Derivation {
    if (this.needsAccountMath())
      throw new Error('this view holds cash: useAccountMath(await import(account-math)) before derive');
    this.update(epochDayFromIso(asOf));
    const { names, tickers, included, includedTickers, excluded, missing, incomes } = collectTickers(this.states);
    const grid = this.grid as Grid;
    const plain = summarize(included, excluded, missing);
    const summary = this.accountMath
      ? this.accountMath.chargeFees(plain, grid, this.cash, (currency) => this.rateOf(currency), this.fxSymbolOf)
      : plain;
    const holdings = holdingsOf(names, this.states, summary.portfolioValue);
    const activeSet = this.tickerSetOf(active ?? names);
    // The summary's set is every included ticker: the active set when all are checked.
    const all =
      activeSet.series.tickers.length === includedTickers.length ? activeSet : this.tickerSetOf(includedTickers);
    return {
      asOf,
      baseCurrency: this.base,
      summary,
      tickers,
      holdings,
      performance: performanceOf(all, this.starts as PeriodStarts),
      benchmark: this.benchmarkSymbol
        ? benchmarkOf(
            this.benchmarkSymbol,
            this.market.get(this.benchmarkSymbol),
            grid,
            this.starts as PeriodStarts,
            all,
            stockEntriesOf(this.states, includedTickers),
            this.rateOf.bind(this),
            this.fxSymbolOf,
          )
        : null,
      active: activeSet.series,
      income: incomeFigures(grid, this.periods as GridPeriods, incomes),
      account: this.accountOf(all, excluded),
    };
  }

  /** Re-combine after a ticker toggle: sums cached per-ticker series only. Call `derive` once first. */
  combine(active: readonly string[]): ActiveSeries {
    if (!this.grid) throw new Error('combine needs a grid: call derive(asOf, active) first');
    this.update(this.grid.lastDay);
    return this.tickerSetOf(active).series;
  }

  /** `asOf` of the last derive, `YYYY-MM-DD`; null before the first. */
  derivedAsOf(): string | null {
    return this.grid ? isoFromEpochDay(this.grid.lastDay) : null;
  }

  /**
   * One holding's price, trades, value and cost basis per day up to the last derive's `asOf`; null when
   * the ticker has no transactions or is excluded (an exchange rate it needs is missing). Call `derive` first.
   */
  holdingSeries(ticker: string): HoldingSeries | null {
    if (!this.grid) throw new Error('holdingSeries needs a grid: call derive(asOf, active) first');
    this.update(this.grid.lastDay);
    const series = this.states.get(ticker)?.series;
    if (!series) return null;
    const quote = this.market.get(ticker);
    const currency = quote?.ok ? quote.series.currency : this.base;
    const rate = this.rateOf(currency);
    return rate ? holdingSeries(this.grid, ticker, series, rate, unitsPerMajor(currency)) : null;
  }

  /**
   * Every dividend on or before the last derive's `asOf` of the tickers that are not excluded, by date
   * (then ticker): the rows of the tax report. Call `derive` first.
   */
  dividendRecords(): DividendRecord[] {
    if (!this.grid) throw new Error('dividendRecords needs a grid: call derive(asOf, active) first');
    this.update(this.grid.lastDay);
    return dividendRecordsOf(this.states, this.transactions);
  }

  private firstDay(): number | null {
    let firstDay = this.cash.firstDay;
    for (const transactions of this.transactions.values()) firstDay = Math.min(firstDay, transactions.firstDay);
    return firstDay === Infinity ? null : firstDay;
  }

  /** Brings every ticker up to date for `asOfDay`; a new grid invalidates everything computed on the old one. */
  private update(asOfDay: number): void {
    const grid = makeGrid(this.firstDay(), asOfDay);
    if (!sameGrid(this.grid, grid)) {
      this.grid = grid;
      this.periods = gridPeriods(grid);
      this.starts = periodStarts(grid);
      this.states.clear();
      this.fx.clear();
    }
    for (const [ticker, transactions] of this.transactions) {
      if (this.states.has(ticker)) continue;
      this.onTickerComputed?.(ticker);
      this.states.set(
        ticker,
        computeTickerState(grid, this.periods as GridPeriods, transactions, this.market, this.fx, this.base),
      );
    }
  }

  private tickerSetOf(tickers: readonly string[]): TickerSet {
    return tickerSet(this.grid as Grid, this.periods as GridPeriods, this.states, tickers, this.market, this.fx);
  }

  /** The exchange-rate symbol `currency` converts to the base with; null for the base itself. */
  private readonly fxSymbolOf = (currency: string): string | null => fxSymbolFor(currency, this.base);

  /** Base-currency units per unit of `currency`'s major currency per grid day; null when its exchange rate has no quote. */
  private rateOf(currency: string): Float64Array | null {
    const grid = this.grid as Grid;
    const major = majorCurrency(currency);
    if (major === this.base) return this.fx.ones(grid);
    const fxSymbol = fxSymbolFor(major, this.base) as string;
    return this.fx.onGrid(grid, fxSymbol, this.market.get(fxSymbol))?.rate ?? null;
  }

  /** The view's account figures; null when it holds no cash transaction on or before `asOf`. */
  private accountOf(all: TickerSet, excludedTickers: readonly string[]): AccountFigures | null {
    if (!this.accountMath) return null;
    return this.accountMath.accountOfView({
      grid: this.grid as Grid,
      starts: this.starts as PeriodStarts,
      cash: this.cash,
      tickers: this.transactions.values(),
      securitiesValue: all.series.value,
      missingFromTickers: excludedTickers.flatMap((ticker) => this.states.get(ticker)!.figures.missingSymbols),
      rateOf: (currency) => this.rateOf(currency),
      fxSymbolFor: this.fxSymbolOf,
    });
  }
}
