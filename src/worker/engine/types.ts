/** What the engine hands the dashboard. Money is EUR, percentages are percent (5 = 5 %). */
import type { Currency, PerformancePeriod, QuoteDataSource, TransactionType } from '../../model';
import type { AccountFigures } from './account-types';

export interface Return {
  /** EUR */
  absolute: number;
  /** Percent of the value on `asOf`; 0 when that value is 0. */
  percentage: number;
}

export interface Summary {
  portfolioValue: number;
  totalInvested: number;
  profitExclCommission: number;
  totalDividend: number;
  totalCommission: number;
  dailyReturn: Return;
  weeklyReturn: Return;
  monthlyReturn: Return;
  totalReturn: Return;
  /** Tickers left out of every figure because an exchange rate they need has no quote. */
  excludedTickers: string[];
  /** Symbols whose quotes are missing or failed: tickers priced provisionally, or exchange rates. */
  missingSymbols: string[];
}

/**
 * Where `currentSharePrice` comes from: a market bar on or before `asOf`; the last buy, because no bar
 * exists yet (SEMANTICS.md, "before the first price bar"); or nowhere.
 */
export type PriceSource = 'market' | 'provisional' | 'none';

export interface TickerFigures {
  amountOfShares: number;
  /** Its buys and sells (stock transactions); 0 for a ticker of dividends or costs alone (DEGIRO's account costs). */
  trades: number;
  /** EUR per share: invested / shares, 0 without shares. NaN when the ticker is excluded. */
  averageSharePrice: number;
  /** EUR; null when no price is known. */
  currentSharePrice: number | null;
  portfolioValue: number;
  totalInvested: number;
  totalDividend: number;
  totalCommission: number;
  totalReturn: Return;
  /** The product name its latest named trade's import saw (`Transaction.product`); null when no trade has one. */
  product: string | null;
  /** Currency of the ticker's latest stock transaction (or latest transaction); null without any. */
  currency: Currency | null;
  /** `meta.currency` of its quote (`GBp` for pence); null without a usable quote. */
  quoteCurrency: string | null;
  /**
   * The currency it is quoted in, known with or without quotes: its quote's `meta.currency`, else the
   * currency its latest trade was priced in (`Transaction.priceCurrency`: `@ 200 USD` booked in EUR), else
   * its transactions' `currency`. The holdings name it beside the trade currency and allocate by it.
   */
  listingCurrency: string;
  dataSource: QuoteDataSource | null;
  priceSource: PriceSource;
  /** Symbols this ticker needs whose quotes are missing or failed (itself, or an exchange rate). */
  missingSymbols: string[];
  /**
   * True when an exchange rate the ticker needs has no quote: its EUR figures are NaN and it is left out
   * of the summary and the charts, never converted at a guessed rate.
   */
  excluded: boolean;
}

/** One transaction type on the grid: per-day sums (NaN on days without one) and their running sums. */
export interface TransactionSeries {
  /** EUR */
  values: Float64Array;
  /** Shares, split-adjusted to today's units, for stock; the count of transactions otherwise. */
  amounts: Float64Array;
  aggregatedValues: Float64Array;
  aggregatedAmounts: Float64Array;
}

export interface QuarterSeries {
  /** `2024-Q1` … */
  quarters: string[];
  /** EUR */
  values: number[];
}

/**
 * TTM per quarter with the lines the TTM chart draws beside the bars, as SEMANTICS.md defines them:
 * the same twelve months' income per month, per day and per hour: monthly = TTM / 12, daily = TTM / 360,
 * hourly = TTM / 8640.
 */
export interface TtmQuarterSeries extends QuarterSeries {
  monthly: number[];
  daily: number[];
  hourly: number[];
}

export interface PriceSeries {
  symbol: string;
  currency: string | null;
  dataSource: QuoteDataSource | null;
  /**
   * An exchange rate that converts some of these tickers' own transactions (a trade booked in USD), not
   * only a quote's prices: the charts of transactions alone are drawn with it. False for a ticker's quote.
   */
  convertsBookings: boolean;
  /** Close per grid day in the quote currency; NaN before the first bar. Read-only: it may be shared. */
  close: Float64Array;
}

/**
 * The sum over the active tickers. Every Float64Array has one entry per grid day and is a fresh copy,
 * except the `prices` closes in shared memory (shared-series.ts): the same series every time, read-only.
 */
export interface ActiveSeries {
  /** The tickers summed here: the requested ones that exist and are not excluded, sorted. */
  tickers: string[];
  /** `YYYY-MM-DD` of index 0 and of the last index (`asOf`). */
  firstDay: string;
  lastDay: string;
  /** Unix seconds at 00:00 UTC of each grid day (uPlot's x). */
  days: Float64Array;
  value: Float64Array;
  invested: Float64Array;
  profit: Float64Array;
  commission: Float64Array;
  dividend: Float64Array;
  transactions: Record<TransactionType, TransactionSeries>;
  /** yields in percent, profit in EUR, one entry per calendar year of the grid. */
  yieldPerYear: { years: string[]; yields: number[]; profit: number[] };
  dividendPerQuarterByYear: Array<{ year: string; data: [number, number, number, number] }>;
  dividendPerQuarter: QuarterSeries;
  /** Trailing twelve months: the sum of the quarter and the three before it. */
  ttmDividendPerQuarter: TtmQuarterSeries;
  /** Dividends the market data says the held shares earned; same quarters as `dividendPerQuarter`. */
  expectedDividendPerQuarter: QuarterSeries;
  /** EUR, the sum of `expectedDividendPerQuarter`. */
  expectedDividend: number;
  /** Each active ticker's quote, then each exchange rate they use. */
  prices: PriceSeries[];
  /** Cumulative time-weighted return of the active tickers in percent, per grid day (SEMANTICS.md, "TWR"). */
  twr: Float64Array;
}

/** One holding's income (SEMANTICS.md, "Forward income"). Money in EUR, yields in percent. */
export interface HoldingIncome {
  /**
   * The past year's market dividends paid again on today's shares; for a held ticker whose market data has
   * no event in that year, the dividends received in it (gross), scaled to today's shares.
   */
  forwardIncome: number;
  /** Where `forwardIncome` comes from: the market data's events, your received dividends, or neither. */
  forwardSource: 'market' | 'received' | 'none';
  /** Per month of `IncomeFigures.forwardByMonth.months`. */
  forwardByMonth: number[];
  /** forwardIncome / costBasis × 100; 0 when the cost basis is 0 or less. */
  yieldOnCost: number;
  /** forwardIncome / value × 100; 0 when the value is 0. */
  forwardYield: number;
  /** Average-cost basis on `asOf`. */
  costBasis: number;
  value: number;
  /**
   * Per complete calendar year of the grid (before asOf's year): the dividend per share in the quote
   * currency, and its growth on the year before in percent, null when that year paid nothing.
   */
  dividendGrowth: { years: string[]; dividendPerShare: number[]; growth: Array<number | null> };
  /** Per year of `IncomeFigures.perYear.years`: dividends received gross (net + tax), and what the market data expected. */
  receivedGross: number[];
  expected: number[];
}

/** One dividend received, for the tax report: as recorded, with the rate that turns it into EUR. */
export interface DividendRecord {
  /** `YYYY-MM-DD` */
  date: string;
  ticker: string;
  currency: Currency;
  /** Cash received, in `currency`. */
  net: number;
  /** Tax withheld, in `currency`; 0 when none is recorded. */
  tax: number;
  /** EUR per unit of `currency` on `date`. */
  eurPerUnit: number;
}

/** The portfolio's income over all tickers that are not excluded. */
export interface IncomeFigures {
  forwardIncome: number;
  /** Σ forwardIncome / Σ costBasis × 100 (0 when that basis is 0 or less). */
  yieldOnCost: number;
  /** Σ forwardIncome / Σ value × 100 (0 when the value is 0). */
  forwardYield: number;
  /** The twelve months after asOf's month, `YYYY-MM`; the values sum to `forwardIncome`. */
  forwardByMonth: { months: string[]; values: number[] };
  /** Per calendar year from the grid's first to asOf's: dividends gross, withheld tax, net (received). */
  perYear: { years: string[]; gross: number[]; tax: number[]; net: number[] };
  /** Every ticker that is not excluded, sorted by name. */
  holdings: Record<string, HoldingIncome>;
}

/** What the holdings table shows beyond the ticker's figures (SEMANTICS.md, "Holdings"); EUR, average-cost method. */
export interface Holding {
  /** What the shares still held cost; NaN when the ticker is excluded. */
  costBasis: number;
  /** Σ over sells of proceeds − the cost basis each sell removed. */
  realisedGain: number;
  /** value on `asOf` − costBasis. */
  unrealisedGain: number;
  /** unrealisedGain / costBasis in percent; null when the cost basis is 0 or below. */
  unrealisedPercent: number | null;
  /** value / portfolio value in percent (all tickers); 0 when the portfolio value is 0. */
  weight: number;
}

/**
 * One holding's own view, from the day before its first trade to `asOf`: every array has one entry per
 * day, fresh (transferable). Money in EUR.
 */
export interface HoldingSeries {
  ticker: string;
  /** Unix seconds at 00:00 UTC of each day (uPlot's x). */
  days: Float64Array;
  /** The close in EUR per share; NaN before the first bar or without market data. */
  priceEur: Float64Array;
  /** EUR per share the day's buys paid (pooled), NaN on days without a buy; likewise what its sells got. */
  buyPriceEur: Float64Array;
  sellPriceEur: Float64Array;
  /** The holding's value at the end of each day (the provisional price before the first bar). */
  value: Float64Array;
  /** What the shares held that day cost, by the average-cost method. */
  costBasis: Float64Array;
  /** How many buy and sell transactions are marked. */
  buys: number;
  sells: number;
}

/** A TWR period return in percent; null where the period starts before the history (or 1 + twr[P] is 0). */
export interface PeriodReturn {
  cumulative: number | null;
  /** Only for periods of 365 days or more. */
  annualised: number | null;
}

/** All tickers' returns per period, and their value per grid day (what the benchmark is drawn beside). */
export interface Performance {
  /** EUR per grid day, all included tickers (the active set's `value` when every ticker is checked). */
  value: Float64Array;
  twr: Record<PerformancePeriod, PeriodReturn>;
  /** Money-weighted (XIRR) in percent a year; null where the period starts before the history or no rate solves it. */
  mwr: Record<PerformancePeriod, number | null>;
}

/**
 * "The same money in the benchmark": every stock transaction of every included ticker bought or sold the
 * benchmark instead (SEMANTICS.md, "Benchmark"). `ok: false` when its quote or exchange rate is missing.
 */
export type Benchmark =
  | {
      ok: true;
      symbol: string;
      /** Its quote's currency (`GBp` for pence) and where the quote came from. */
      currency: string;
      dataSource: QuoteDataSource | null;
      /** Benchmark units held, per grid day. */
      units: Float64Array;
      /** EUR per grid day; below 0 when sells took out more than the benchmark would hold. */
      value: Float64Array;
      /** Cumulative TWR in percent, per grid day. */
      twr: Float64Array;
      periods: Record<PerformancePeriod, PeriodReturn>;
    }
  | { ok: false; symbol: string; missingSymbols: string[]; error: string };

export interface Derivation {
  asOf: string;
  /** The ISO 4217 code every money figure is in (the user's base currency). */
  baseCurrency: string;
  summary: Summary;
  /** Every ticker, sorted by name. */
  tickers: Record<string, TickerFigures>;
  /** Every ticker, sorted by name, on `asOf`. */
  holdings: Record<string, Holding>;
  performance: Performance;
  /** Null when no benchmark is set. */
  benchmark: Benchmark | null;
  active: ActiveSeries;
  income: IncomeFigures;
  /** Null when the view holds no cash transactions. */
  account: AccountFigures | null;
}

export type { AccountFigures } from './account-types';
