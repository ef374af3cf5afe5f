/**
 * A ticker's value per grid day, shares × price, walked in one pass with one fill per stretch between
 * stock-transaction days. The sums have each ticker write it into arrays of their own (value-sums.ts), so
 * no value series is kept per ticker; its totals read the value of a few days (`valuesOn`), walked over
 * its stock days only.
 */
import { settledShares } from '../../model';
import type { GridEntries } from './ticker-series';

/** The shares and the provisional price after the stock days taken so far; `next` is the first entry not taken. */
interface Holding {
  shares: number;
  provisionalPriceEur: number;
  next: number;
}

/** Takes every stock entry of the day of entry `holding.next` (one grid day's trades). */
function takeDay(holding: Holding, stock: GridEntries): void {
  const day = stock.dayIndex[holding.next];
  let { shares, next } = holding;
  let boughtEur = 0;
  let boughtShares = 0;
  for (; next < stock.dayIndex.length && stock.dayIndex[next] === day; next += 1) {
    shares += stock.amount[next];
    // Shares that came for nothing (a stock dividend, a product change) say nothing of their price.
    if (stock.amount[next] > 0 && stock.valueEur[next] > 0) {
      boughtEur += stock.valueEur[next];
      boughtShares += stock.amount[next];
    }
  }
  holding.shares = settledShares(shares);
  // Until the market speaks, a share is worth what the latest day with a priced buy paid for it.
  if (boughtShares > 0) holding.provisionalPriceEur = boughtEur / boughtShares;
  holding.next = next;
}

/**
 * Writes value = shares × price on every grid day of `value`, one fill per stretch between stock-transaction
 * days (shares and the provisional price change only on those); returns the shares and the provisional
 * price after the last of them.
 */
export function valueWalk(
  value: Float64Array,
  close: Float64Array,
  quoteRate: Float64Array,
  quoteUnits: number,
  stock: GridEntries,
): { shares: number; provisionalPriceEur: number } {
  const holding: Holding = { shares: 0, provisionalPriceEur: Number.NaN, next: 0 };
  let stretchStart = 0;
  while (holding.next < stock.dayIndex.length) {
    const day = stock.dayIndex[holding.next];
    fillValues(value, close, quoteRate, quoteUnits, stretchStart, day, holding.shares, holding.provisionalPriceEur);
    takeDay(holding, stock);
    stretchStart = day;
  }
  const { shares, provisionalPriceEur } = holding;
  fillValues(value, close, quoteRate, quoteUnits, stretchStart, value.length, shares, provisionalPriceEur);
  return { shares, provisionalPriceEur };
}

/**
 * The value `valueWalk` writes on each of `days` (grid days, ascending, each ≥ 0), walking the stock days
 * only; with the shares and the provisional price after the last stock day.
 */
export function valuesOn(
  days: readonly number[],
  close: Float64Array,
  quoteRate: Float64Array,
  quoteUnits: number,
  stock: GridEntries,
): { values: number[]; shares: number; provisionalPriceEur: number } {
  const holding: Holding = { shares: 0, provisionalPriceEur: Number.NaN, next: 0 };
  const values = days.map((day) => {
    while (holding.next < stock.dayIndex.length && stock.dayIndex[holding.next] <= day) takeDay(holding, stock);
    return valueOn(close[day], quoteRate[day], quoteUnits, holding.shares, holding.provisionalPriceEur);
  });
  while (holding.next < stock.dayIndex.length) takeDay(holding, stock);
  return { values, shares: holding.shares, provisionalPriceEur: holding.provisionalPriceEur };
}

/** value = shares × price on grid days [from, to). */
function fillValues(
  value: Float64Array,
  close: Float64Array,
  rate: Float64Array,
  unitsPerMajor: number,
  from: number,
  to: number,
  shares: number,
  provisionalPriceEur: number,
): void {
  for (let i = from; i < to; i += 1) value[i] = valueOn(close[i], rate[i], unitsPerMajor, shares, provisionalPriceEur);
}

/** shares × price on one day; a day without a close takes the provisional price (NaN: worth 0). */
function valueOn(
  closeToday: number,
  rate: number,
  unitsPerMajor: number,
  shares: number,
  provisionalPriceEur: number,
): number {
  const priceEur = closeToday === closeToday ? (closeToday / unitsPerMajor) * rate : provisionalPriceEur;
  return priceEur === priceEur ? shares * priceEur : 0;
}
