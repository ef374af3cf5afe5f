/**
 * The portfolio engine: keeps transactions and quotes, computes each ticker once per change on one
 * daily grid, and sums the cached per-ticker series for whichever tickers are active.
 */
import {
  emptyTransactionSet,
  epochDayFromIso,
  isoFromEpochDay,
  type Account,
  type HeldQuoteColumns,
  type QuoteEntry,
  type TransactionSetWithCash,
} from '../../model';
import type { LaterParts } from './later-parts';
import { gridPeriods, type GridPeriods } from './calendar-periods';
import { DEFAULT_BASE_CURRENCY, fxSymbolFor } from './currency';
import { CloseSeries } from './close-series';
import { FxRates } from './fx-rates';
import { makeGrid, sameGrid, type Grid } from './grid';
import { incomeFigures } from './income';
import { parseQuoteEntry, type MarketData } from './market-series';
import { periodStarts, type PeriodStarts } from './return-periods';
import { summarize } from './summary';
import { computeTickerState } from './ticker-state';
import { StatesPerBase } from './states-per-base';
import { tickerSet, type SetSums, type TickerSet } from './active-set';
import { ViewTransactions } from './view-transactions';
import type { AccountFigures, ActiveSeries, Derivation, DividendRecord, HoldingSeries } from './types';
import { ValueSums } from './value-sums';
import { ALL_ACCOUNTS, accountView, transactionsInView, type AccountView } from './views';
import {
  collectTickers,
  holdingsOf,
  performanceOf,
  StepClock,
  stockEntriesOf,
  symbolsToRequest,
  type DeriveStep,
} from './derive-parts';

export type { AccountMath, LaterParts } from './later-parts';

/** With the code the engine starts with (later-parts.ts; the worker's engine takes each part later, with `use`). */
export interface EngineOptions extends LaterParts {
  /** Called each time a ticker's series are computed (tests count recomputations with it). */
  onTickerComputed?: (ticker: string) => void;
  /** Called after each step of a derive with the time it took (the benchmark splits the cold pipeline with it). */
  onStep?: (step: DeriveStep, ms: number) => void;
}

export class PortfolioEngine {
  private readonly onTickerComputed: ((ticker: string) => void) | undefined;
  private readonly onStep: EngineOptions['onStep'];
  /** The view's transactions per ticker and its cash, in columns. */
  private readonly held = new ViewTransactions();
  /** The whole set as given; the view picks the transactions every figure is computed from. */
  private set: TransactionSetWithCash = emptyTransactionSet();
  private view: AccountView = ALL_ACCOUNTS;
  private accounts: readonly Account[] = [];
  /** The code loaded later (later-parts.ts). */
  private readonly parts: LaterParts = {};
  private readonly market = new Map<string, MarketData>();
  private grid: Grid | null = null;
  private periods: GridPeriods | null = null;
  private starts: PeriodStarts | null = null;
  private benchmarkSymbol: string | null = null;
  /** Every money figure is in this currency (SEMANTICS.md, "Currencies and the base currency"). */
  private base: string = DEFAULT_BASE_CURRENCY;
  private readonly perBase = new StatesPerBase(DEFAULT_BASE_CURRENCY);
  private readonly fx = new FxRates();
  private readonly closes = new CloseSeries();
  /** The value sums of blocks of tickers, and with the kept parts' code the sums no base changes (value-sums.ts, kept-parts.ts). */
  private readonly sums: SetSums = { value: new ValueSums() };

  constructor({ onTickerComputed, onStep, ...parts }: EngineOptions = {}) {
    this.onTickerComputed = onTickerComputed;
    this.onStep = onStep;
    this.use(parts);
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

  /** Whether the view holds cash and the account figures' code is not loaded yet: `use({ accountMath })` before `derive`. */
  needsAccountMath(): boolean {
    return !this.parts.accountMath && this.held.cash.days.length > 0;
  }

  /** Whether a benchmark is chosen and its code is not loaded yet: `use({ benchmark })` before `derive`. */
  needsBenchmark(): boolean {
    return !this.parts.benchmark && this.benchmarkSymbol !== null;
  }

  /** Takes code the worker loads later (later-parts.ts). */
  use(parts: LaterParts): void {
    for (const [name, part] of Object.entries(parts)) if (part) Object.assign(this.parts, { [name]: part });
    if (parts.setEdits) this.held.edits = parts.setEdits;
    if (parts.keptParts) this.sums.amounts ??= new (this.sums.parts ??= parts.keptParts).AmountSums();
  }

  private applyView(): void {
    const { tickers, cash } = transactionsInView(this.set, this.view);
    this.held.take(tickers, cash, (ticker) => this.perBase.forget(ticker));
    this.closes.keepOnly(this.held.tickers);
  }

  /** Keeps the quote entries (tickers and FX symbols); recomputes the tickers they affect. Entries with `error` are remembered as missing. */
  setQuotes(entries: ReadonlyArray<QuoteEntry | HeldQuoteColumns>): void {
    // Each series' daily closes start no later than the grid (its first day), so its closes on the grid are a view.
    const gridFrom = (this.held.firstDay() ?? Number.NaN) - 1;
    for (const entry of entries) {
      this.market.set(entry.symbol, parseQuoteEntry(entry, gridFrom));
      this.fx.forget(entry.symbol);
      this.perBase.forget(entry.symbol, true);
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
    // The rates on the grid stay (each FX symbol names its base), and so do the closes: only the conversions go
    // (states-per-base.ts: not those of the base before, which are kept for a switch back).
    this.perBase.switchTo((this.base = currency));
  }

  /**
   * Symbols to request (derive-parts.ts: the tickers with shares or dividends, the FX symbols they and the
   * cash need, the benchmark). Call again after setQuotes: a quote in GBp needs `GBPEUR=X`. Sorted, unique.
   */
  symbolsToRequest(): string[] {
    return symbolsToRequest(this.benchmarkSymbol, this.market, this.held.tickers, this.held.cash.currencies, this.base);
  }

  /** First transaction day (ISO) or null when there are none. */
  firstTransactionDate(): string | null {
    const firstDay = this.held.firstDay();
    return firstDay === null ? null : isoFromEpochDay(firstDay);
  }

  /** Everything for the dashboard. `active` null = all tickers. Throws a RangeError when `asOf` is not `YYYY-MM-DD`. */
  derive(asOf: string, active: readonly string[] | null): Derivation {
    if (this.needsAccountMath() || this.needsBenchmark())
      throw new Error('use({ accountMath, benchmark }) before derive: the view holds cash, or a benchmark is chosen');
    const clock = new StepClock(this.onStep);
    this.update(epochDayFromIso(asOf));
    clock.lap('tickers');
    const states = this.perBase.current;
    const { names, tickers, included, includedTickers, excluded, missing, incomes } = collectTickers(states);
    const grid = this.grid as Grid;
    const plain = summarize(included, excluded, missing);
    const { accountMath, benchmark: benchmarkPart } = this.parts;
    const summary = accountMath
      ? accountMath.chargeFees(plain, grid, this.held.cash, (currency) => this.rateOf(currency), this.fxSymbolOf)
      : plain;
    const holdings = holdingsOf(names, states, summary.portfolioValue);
    clock.lap('summary');
    const activeSet = this.tickerSetOf(active ?? names);
    // The summary's set is every included ticker: the active set when all are checked.
    const all =
      activeSet.series.tickers.length === includedTickers.length ? activeSet : this.tickerSetOf(includedTickers);
    clock.lap('combine');
    const performance = performanceOf(all, this.starts as PeriodStarts);
    clock.lap('returns');
    const benchmark =
      this.benchmarkSymbol && benchmarkPart
        ? benchmarkPart.benchmarkOf(
            this.benchmarkSymbol,
            this.market.get(this.benchmarkSymbol),
            grid,
            this.starts as PeriodStarts,
            all,
            stockEntriesOf(states, includedTickers),
            this.rateOf.bind(this),
            this.fxSymbolOf,
          )
        : null;
    clock.lap('benchmark');
    const income = incomeFigures(grid, this.periods as GridPeriods, incomes);
    clock.lap('income');
    const account = this.accountOf(all, excluded);
    clock.lap('account');
    const { base: baseCurrency } = this;
    const figures = { summary, tickers, holdings, performance, benchmark, active: activeSet.series, income };
    return { asOf, baseCurrency, ...figures, account };
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
    const { holdingOf } = this.onDemand('holdingSeries');
    const series = this.perBase.current.get(ticker)?.series;
    return holdingOf(this.grid as Grid, ticker, series, this.market.get(ticker), this.base, (c) => this.rateOf(c));
  }

  /**
   * Every dividend on or before the last derive's `asOf` of the tickers that are not excluded, by date
   * (then ticker): the rows of the tax report. Call `derive` first.
   */
  dividendRecords(): DividendRecord[] {
    return this.onDemand('dividendRecords').dividendRecordsOf(this.perBase.current, this.held.tickers);
  }

  /** That code, every ticker up to date for the last derive's `asOf`. */
  private onDemand(what: string): NonNullable<LaterParts['onDemand']> {
    const { onDemand } = this.parts;
    if (!this.grid || !onDemand) throw new Error(`${what}: derive first, and use({ onDemand })`);
    this.update(this.grid.lastDay);
    return onDemand;
  }

  /** Brings every ticker up to date for `asOfDay`; a new grid invalidates everything computed on the old one. */
  private update(asOfDay: number): void {
    const grid = makeGrid(this.held.firstDay(), asOfDay);
    if (!sameGrid(this.grid, grid)) {
      this.grid = grid;
      this.periods = gridPeriods(grid);
      this.starts = periodStarts(grid);
      this.perBase.clear();
      this.fx.clear();
    }
    const { periods, market, fx, base, closes, sums } = this;
    this.perBase.fill(this.held.tickers, this.onTickerComputed, (transactions, before) =>
      computeTickerState(grid, periods!, transactions, market, fx, base, closes, before, sums.parts),
    );
  }

  private tickerSetOf(tickers: readonly string[]): TickerSet {
    const { grid, periods, perBase, market, fx, sums } = this;
    return tickerSet(grid as Grid, periods as GridPeriods, perBase.current, tickers, market, fx, sums);
  }

  /** The exchange-rate symbol `currency` converts to the base with; null for the base itself. */
  private readonly fxSymbolOf = (currency: string): string | null => fxSymbolFor(currency, this.base);

  /** Base-currency units per unit of `currency`'s major currency per grid day; null when its exchange rate has no quote. */
  private rateOf(currency: string): Float64Array | null {
    return this.fx.baseRate(this.grid as Grid, currency, this.base, this.market);
  }

  /** The view's account figures; null when it holds no cash transaction on or before `asOf`. */
  private accountOf(all: TickerSet, excludedTickers: readonly string[]): AccountFigures | null {
    if (!this.parts.accountMath) return null;
    return this.parts.accountMath.accountOfView({
      grid: this.grid as Grid,
      starts: this.starts as PeriodStarts,
      cash: this.held.cash,
      tickers: this.held.tickers.values(),
      securitiesValue: all.series.value,
      missingFromTickers: excludedTickers.flatMap((ticker) => this.perBase.current.get(ticker)!.figures.missingSymbols),
      rateOf: (currency) => this.rateOf(currency),
      fxSymbolFor: this.fxSymbolOf,
    });
  }
}
