/**
 * Everything about one ticker on the grid, in one pass over the days with running totals: shares,
 * invested, commission, dividends, price, value, profit (SEMANTICS.md, "Per ticker").
 */
import { TRANSACTION_TYPES, type TransactionType } from '../../model';
import { BASE_CURRENCY, majorCurrency, unitsPerMajor } from './currency';
import { carryForward, type Grid } from './grid';
import type { MarketSeries } from './market-series';
import type { TickerTransactions, TransactionColumns } from './ticker-transactions';
import type { PriceSource } from './types';

/** One type's transactions on or before `asOf`, one entry per transaction, in day order. */
export interface GridEntries {
  dayIndex: Int32Array;
  valueEur: Float64Array;
  /** Shares in today's units (split-adjusted) for stock; as recorded otherwise. */
  amount: Float64Array;
}

export interface TickerSeries {
  /** EUR per grid day. */
  value: Float64Array;
  /** Close per grid day in the quote currency, NaN before the first bar; null without market data. */
  close: Float64Array | null;
  entries: Record<TransactionType, GridEntries>;
  /** Expected dividends from market events on the grid (SEMANTICS.md, "Expected dividends"). */
  expected: { dayIndex: Int32Array; valueEur: Float64Array };
}

export const RETURN_PERIODS_DAYS = [1, 7, 30] as const;
export type ReturnPeriod = (typeof RETURN_PERIODS_DAYS)[number];

/** The ticker's figures on `asOf`, in EUR. */
export interface TickerTotals {
  shares: number;
  valueEur: number;
  investedEur: number;
  commissionEur: number;
  dividendEur: number;
  /** EUR per share on `asOf`; NaN when no price is known. */
  priceEur: number;
  priceSource: PriceSource;
  profitEur: number;
  /** Profit n days before `asOf`; 0 before the grid. */
  profitDaysAgo: Record<ReturnPeriod, number>;
}

export interface TickerComputation {
  series: TickerSeries;
  totals: TickerTotals;
}

/** Major currencies (other than EUR) whose daily rate this ticker needs on a grid ending `lastDay`. */
export function currenciesNeeded(transactions: TickerTransactions, market: MarketSeries | null, lastDay: number): string[] {
  const needed = new Set<string>();
  for (const type of TRANSACTION_TYPES) {
    const { days, currencies } = transactions.columns[type];
    for (let k = 0; k < days.length && days[k] <= lastDay; k += 1) needed.add(currencies[k]);
  }
  if (market) needed.add(majorCurrency(market.currency));
  needed.delete(BASE_CURRENCY);
  return [...needed].sort();
}

/**
 * `rates` holds EUR per unit, per grid day, for every currency `currenciesNeeded` named.
 * Allocates the value and close series; nothing else is per day.
 */
export function computeTicker(
  grid: Grid,
  transactions: TickerTransactions,
  market: MarketSeries | null,
  rates: ReadonlyMap<string, Float64Array>,
): TickerComputation {
  const splits = splitFactors(market);
  const entries = {
    stock: gridEntries(grid, transactions.columns.stock, rates, splits),
    dividend: gridEntries(grid, transactions.columns.dividend, rates, null),
    commission: gridEntries(grid, transactions.columns.commission, rates, null),
  };
  const close = market ? carryForward(grid, market.barDays, market.closes, 'nan') : null;
  const quoteRate = market ? rateOrNull(rates, market.currency) : null;
  const quoteUnits = market ? unitsPerMajor(market.currency) : 1;
  const expectedEvents = market ? eventsOnGrid(grid, market) : null;

  const { stock, dividend, commission } = entries;
  const value = new Float64Array(grid.length);
  const expectedValues = new Float64Array(expectedEvents?.dayIndex.length ?? 0);
  const checkpoints = RETURN_PERIODS_DAYS.map((days) => grid.length - 1 - days);
  const profitDaysAgo: Record<ReturnPeriod, number> = { 1: 0, 7: 0, 30: 0 };

  let shares = 0;
  let investedEur = 0;
  let commissionEur = 0;
  let dividendEur = 0;
  let provisionalPriceEur = Number.NaN;
  let priceEur = Number.NaN;
  let nextStock = 0;
  let nextCommission = 0;
  let nextDividend = 0;
  let nextEvent = 0;
  for (let i = 0; i < grid.length; i += 1) {
    // An ex-date pays on the shares held at the end of the day before it.
    while (expectedEvents && nextEvent < expectedEvents.dayIndex.length && expectedEvents.dayIndex[nextEvent] === i) {
      const rate = quoteRate ? quoteRate[i] : 1;
      expectedValues[nextEvent] = (expectedEvents.amounts[nextEvent] / quoteUnits) * shares * rate;
      nextEvent += 1;
    }
    let boughtEur = 0;
    let boughtShares = 0;
    while (nextStock < stock.dayIndex.length && stock.dayIndex[nextStock] === i) {
      shares += stock.amount[nextStock];
      investedEur += stock.valueEur[nextStock];
      if (stock.amount[nextStock] > 0) {
        boughtEur += stock.valueEur[nextStock];
        boughtShares += stock.amount[nextStock];
      }
      nextStock += 1;
    }
    if (boughtShares > 0) provisionalPriceEur = boughtEur / boughtShares;
    while (nextCommission < commission.dayIndex.length && commission.dayIndex[nextCommission] === i) {
      commissionEur += commission.valueEur[nextCommission];
      nextCommission += 1;
    }
    while (nextDividend < dividend.dayIndex.length && dividend.dayIndex[nextDividend] === i) {
      dividendEur += dividend.valueEur[nextDividend];
      nextDividend += 1;
    }
    const closeToday = close ? close[i] : Number.NaN;
    // Until the market speaks, a share is worth what the latest buy day paid for it.
    priceEur = closeToday === closeToday ? (closeToday / quoteUnits) * (quoteRate ? quoteRate[i] : 1) : provisionalPriceEur;
    const valueEur = priceEur === priceEur ? shares * priceEur : 0;
    value[i] = valueEur;
    for (let k = 0; k < checkpoints.length; k += 1) {
      if (checkpoints[k] === i) profitDaysAgo[RETURN_PERIODS_DAYS[k]] = valueEur - investedEur - commissionEur;
    }
  }

  const last = grid.length - 1;
  const hasMarketPrice = close !== null && !Number.isNaN(close[last]);
  return {
    series: {
      value,
      close,
      entries,
      expected: { dayIndex: expectedEvents?.dayIndex ?? new Int32Array(0), valueEur: expectedValues },
    },
    totals: {
      shares,
      valueEur: value[last],
      investedEur,
      commissionEur,
      dividendEur,
      priceEur,
      priceSource: hasMarketPrice ? 'market' : Number.isNaN(priceEur) ? 'none' : 'provisional',
      profitEur: value[last] - investedEur - commissionEur,
      profitDaysAgo,
    },
  };
}

/** Shares on `asOf` without any price or rate: what an excluded ticker can still tell. */
export function sharesOnAsOf(grid: Grid, transactions: TickerTransactions, market: MarketSeries | null): number {
  const stock = transactions.columns.stock;
  const factors = splitFactors(market);
  let shares = 0;
  for (let k = 0; k < stock.days.length && stock.days[k] <= grid.lastDay; k += 1) {
    shares += stock.amounts[k] * (factors ? factors.factorAfter(stock.days[k]) : 1);
  }
  return shares;
}

function rateOrNull(rates: ReadonlyMap<string, Float64Array>, currency: string): Float64Array | null {
  const major = majorCurrency(currency);
  if (major === BASE_CURRENCY) return null;
  const rate = rates.get(major);
  if (!rate) throw new Error(`No EUR rate for ${major}: the engine must exclude the ticker instead`);
  return rate;
}

function gridEntries(
  grid: Grid,
  columns: TransactionColumns,
  rates: ReadonlyMap<string, Float64Array>,
  splits: SplitFactors | null,
): GridEntries {
  let count = 0;
  while (count < columns.days.length && columns.days[count] <= grid.lastDay) count += 1;
  const dayIndex = new Int32Array(count);
  const valueEur = new Float64Array(count);
  const amount = new Float64Array(count);
  for (let k = 0; k < count; k += 1) {
    const index = columns.days[k] - grid.firstDay;
    const rate = rateOrNull(rates, columns.currencies[k]);
    dayIndex[k] = index;
    valueEur[k] = rate ? columns.values[k] * rate[index] : columns.values[k];
    amount[k] = columns.amounts[k] * (splits ? splits.factorAfter(columns.days[k]) : 1);
  }
  return { dayIndex, valueEur, amount };
}

interface SplitFactors {
  /** Product of the ratios of every split dated after `epochDay`, even after `asOf`. */
  factorAfter(epochDay: number): number;
}

function splitFactors(market: MarketSeries | null): SplitFactors | null {
  if (!market || market.splitDays.length === 0) return null;
  const { splitDays, splitRatios } = market;
  // suffix[k] = product of ratios k.., so a day before split k is scaled by suffix[k].
  const suffix = new Float64Array(splitDays.length + 1);
  suffix[splitDays.length] = 1;
  for (let k = splitDays.length - 1; k >= 0; k -= 1) suffix[k] = suffix[k + 1] * splitRatios[k];
  return {
    factorAfter(epochDay) {
      let k = 0;
      while (k < splitDays.length && splitDays[k] <= epochDay) k += 1;
      return suffix[k];
    },
  };
}

/** Dividend events inside the grid; one on index 0 would pay on the shares of the day before the grid: none. */
function eventsOnGrid(grid: Grid, market: MarketSeries): { dayIndex: Int32Array; amounts: Float64Array } {
  const dayIndex: number[] = [];
  const amounts: number[] = [];
  for (let k = 0; k < market.dividendDays.length; k += 1) {
    const index = market.dividendDays[k] - grid.firstDay;
    if (index >= 1 && index < grid.length) {
      dayIndex.push(index);
      amounts.push(market.dividendAmounts[k]);
    }
  }
  return { dayIndex: Int32Array.from(dayIndex), amounts: Float64Array.from(amounts) };
}
