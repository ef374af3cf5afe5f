/**
 * Everything about one ticker on the grid in one pass over the days (one fill per stretch between
 * stock-transaction days) and sums over its transactions: shares, invested, commission, dividends,
 * price, value, profit (SEMANTICS.md, "Per ticker").
 */
import { TRANSACTION_TYPES, settledShares, type TransactionType } from '../../model';
import { majorCurrency, unitsPerMajor } from './currency';
import type { Grid } from './grid';
import { closeOnGrid as carriedClose, type MarketSeries, type QuoteSeries } from './market-series';
import type { TickerTransactions, TransactionColumns } from './ticker-transactions';
import type * as keptPartsModule from './kept-parts';
import type { PriceSource } from './types';
import { addLocalWalk, addProvisionalWalk, scratchSeries, sharesAfter, valueWalk } from './ticker-value';
import type { ValueSource } from './value-sums';

/** One type's transactions on or before `asOf`, one entry per transaction, in day order. */
/** The code of what a base change keeps (kept-parts.ts): loaded after the worker's first derive. */
export type KeptParts = typeof keptPartsModule;

export interface GridEntries {
  dayIndex: Int32Array;
  valueEur: Float64Array;
  /** Shares in today's units (split-adjusted) for stock; as recorded otherwise. */
  amount: Float64Array;
}

export interface TickerSeries {
  /**
   * EUR per grid day: made when first read (a holding's own series). The sums do not read it: they add
   * each ticker's `valueParts` into arrays of their own, so no value series per ticker is kept.
   */
  readonly value: Float64Array;
  /** Writes the value per grid day into `out` (the grid's length; every day written) and returns it. */
  fillValue(out: Float64Array): Float64Array;
  /** The value in parts the sums add (value-sums.ts): in the quote's currency before the rate, and the provisional rest. */
  valueParts: ValueSource;
  /** Close per grid day in the quote currency, NaN before the first bar; null without market data. */
  close: Float64Array | null;
  entries: Record<TransactionType, GridEntries>;
  /**
   * Expected dividends from market events on the grid (SEMANTICS.md, "Expected dividends"); `amount`
   * is the shares they pay on. Same shape as the transaction entries, so the code summing both stays
   * monomorphic.
   */
  expected: GridEntries;
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

/** Major currencies (other than the base) whose daily rate this ticker needs on a grid ending `lastDay`. */
export function currenciesNeeded(
  transactions: TickerTransactions,
  market: MarketSeries | null,
  lastDay: number,
  base: string,
): string[] {
  const needed = new Set<string>();
  for (const type of TRANSACTION_TYPES) {
    const { days, currencies } = transactions.columns[type];
    for (let k = 0; k < days.length && days[k] <= lastDay; k += 1) needed.add(currencies[k]);
  }
  if (market) needed.add(majorCurrency(market.currency));
  needed.delete(base);
  return [...needed].sort();
}

/**
 * `rates` holds base-currency units per unit, per grid day, for the base (ones) and every currency `currenciesNeeded` named.
 * Keeps no series per day of its own but the close when it is not a view (`value` is made when read).
 */
export function computeTicker(
  grid: Grid,
  transactions: TickerTransactions,
  market: QuoteSeries | null,
  rates: ReadonlyMap<string, Float64Array>,
  base: string,
  /** The market's close carried onto this grid (close-series.ts), when kept; else carried here. */
  closeOnGrid?: Float64Array,
  /** The kept parts' code, when loaded: `sameRows` taken. */
  parts?: KeptParts,
  /** The entries of the same transactions, quote and grid in another base: their days and amounts are taken. */
  sameRows?: Record<TransactionType, GridEntries>,
): TickerComputation {
  const { columns } = transactions;
  const entries =
    parts && sameRows
      ? {
          stock: parts.entriesOnSameRows(columns.stock, rates, sameRows.stock),
          dividend: parts.entriesOnSameRows(columns.dividend, rates, sameRows.dividend),
          commission: parts.entriesOnSameRows(columns.commission, rates, sameRows.commission),
        }
      : {
          stock: gridEntries(grid, columns.stock, rates, splitFactors(market)),
          dividend: gridEntries(grid, columns.dividend, rates, null),
          commission: gridEntries(grid, columns.commission, rates, null),
        };
  // Without market data every close is NaN, so every day takes the provisional price.
  const close = market ? (closeOnGrid ?? carriedClose(grid, market)) : new Float64Array(grid.length).fill(Number.NaN);
  const quoteRate = rateFor(rates, market ? market.currency : base);
  const quoteUnits = market ? unitsPerMajor(market.currency) : 1;

  const { stock } = entries;
  const fillValue = (out: Float64Array): Float64Array => valueWalk(out, close, quoteRate, quoteUnits, stock);
  // The totals read the value of asOf and up to 30 days before it only: written into an array kept for the
  // next ticker, from 30 days before asOf on (a ticker's whole value per day is written by the sums alone).
  const last = grid.length - 1;
  const value = scratchSeries(grid.length);
  valueWalk(value, close, quoteRate, quoteUnits, stock, Math.max(0, last - 30));
  const { shares, provisionalPriceEur } = sharesAfter(stock);
  let kept: Float64Array | null = null;

  const profitOn = (index: number): number =>
    index < 0 ? 0 : value[index] - sumThrough(stock, index) - sumThrough(entries.commission, index);
  const hasMarketPrice = !Number.isNaN(close[last]);
  const priceEur = hasMarketPrice ? (close[last] / quoteUnits) * quoteRate[last] : provisionalPriceEur;
  const investedEur = sumThrough(stock, last);
  const commissionEur = sumThrough(entries.commission, last);
  return {
    series: {
      get value() {
        return (kept ??= fillValue(new Float64Array(grid.length)));
      },
      fillValue,
      valueParts: {
        currency: market ? majorCurrency(market.currency) : null,
        rate: quoteRate,
        addLocal: (local) => addLocalWalk(local, close, quoteUnits, stock),
        addProvisional: (sum) => addProvisionalWalk(sum, close, stock),
        localOf: [close, stock.dayIndex, stock.amount],
      },
      close: market ? close : null,
      entries,
      expected: market ? expectedDividends(grid, market, stock, quoteRate, quoteUnits) : noEntries(),
    },
    totals: {
      shares,
      valueEur: value[last],
      investedEur,
      commissionEur,
      dividendEur: sumThrough(entries.dividend, last),
      priceEur,
      priceSource: hasMarketPrice ? 'market' : Number.isNaN(priceEur) ? 'none' : 'provisional',
      profitEur: value[last] - investedEur - commissionEur,
      profitDaysAgo: { 1: profitOn(last - 1), 7: profitOn(last - 7), 30: profitOn(last - 30) },
    },
  };
}

/** Sum of the entries' EUR values dated on or before grid index `index`, added in day order. */
function sumThrough(entries: GridEntries, index: number): number {
  let sum = 0;
  for (let k = 0; k < entries.dayIndex.length && entries.dayIndex[k] <= index; k += 1) sum += entries.valueEur[k];
  return sum;
}

/**
 * Market dividend events inside the grid, each paying amount per share × the shares held at the end of
 * the day before its ex-date, at the ex-date's rate. An event on index 0 pays on no shares.
 */
function expectedDividends(
  grid: Grid,
  market: MarketSeries,
  stock: GridEntries,
  quoteRate: Float64Array,
  unitsPerMajor: number,
): GridEntries {
  const dayIndex: number[] = [];
  const valueEur: number[] = [];
  const amount: number[] = [];
  let sharesBefore = 0;
  let next = 0;
  for (let k = 0; k < market.dividendDays.length; k += 1) {
    const index = market.dividendDays[k] - grid.firstDay;
    if (index < 1 || index >= grid.length) continue;
    for (; next < stock.dayIndex.length && stock.dayIndex[next] < index; next += 1)
      sharesBefore = settledShares(sharesBefore + stock.amount[next]);
    dayIndex.push(index);
    valueEur.push((market.dividendAmounts[k] / unitsPerMajor) * sharesBefore * quoteRate[index]);
    amount.push(sharesBefore);
  }
  return {
    dayIndex: Int32Array.from(dayIndex),
    valueEur: Float64Array.from(valueEur),
    amount: Float64Array.from(amount),
  };
}

function noEntries(): GridEntries {
  return { dayIndex: new Int32Array(0), valueEur: new Float64Array(0), amount: new Float64Array(0) };
}

/** Shares on `asOf` without any price or rate: what an excluded ticker can still tell. */
export function sharesOnAsOf(grid: Grid, transactions: TickerTransactions, market: MarketSeries | null): number {
  const stock = transactions.columns.stock;
  const factors = splitFactors(market);
  let shares = 0;
  for (let k = 0; k < stock.days.length && stock.days[k] <= grid.lastDay; k += 1) {
    shares += stock.amounts[k] * (factors ? factors.factorAfter(stock.days[k]) : 1);
  }
  return settledShares(shares);
}

function rateFor(rates: ReadonlyMap<string, Float64Array>, currency: string): Float64Array {
  const major = majorCurrency(currency);
  const rate = rates.get(major);
  if (!rate) throw new Error(`No base-currency rate for ${major}: the engine must exclude the ticker instead`);
  return rate;
}

/** Before the first row's rate is looked up. */
const NO_RATE: Float64Array = new Float64Array(0);

function gridEntries(
  grid: Grid,
  columns: TransactionColumns,
  rates: ReadonlyMap<string, Float64Array>,
  splits: SplitFactors | null,
): GridEntries {
  let count = 0;
  while (count < columns.days.length && columns.days[count] <= grid.lastDay) count += 1;
  const dayIndex = new Int32Array(count);
  const amount = new Float64Array(count);
  for (let k = 0; k < count; k += 1) {
    dayIndex[k] = columns.days[k] - grid.firstDay;
    amount[k] = columns.amounts[k] * (splits ? splits.factorAfter(columns.days[k]) : 1);
  }
  return { dayIndex, valueEur: convertedValues(columns, dayIndex, rates), amount };
}

/**
 * Each row's value in the base at its day's rate (`dayIndex[k]`: row k's grid day), for the rows
 * `dayIndex` holds. A base change converts the same rows with this loop too (kept-parts.ts), so its first
 * conversions run code every derive has compiled.
 */
export function convertedValues(
  columns: TransactionColumns,
  dayIndex: Int32Array,
  rates: ReadonlyMap<string, Float64Array>,
): Float64Array {
  const valueEur = new Float64Array(dayIndex.length);
  // A ticker's rows are mostly in one currency: its rate is looked up when the currency changes.
  let currency: string | null = null;
  let rate = NO_RATE;
  for (let k = 0; k < dayIndex.length; k += 1) {
    if (columns.currencies[k] !== currency) rate = rateFor(rates, (currency = columns.currencies[k]));
    valueEur[k] = columns.values[k] * rate[dayIndex[k]];
  }
  return valueEur;
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
