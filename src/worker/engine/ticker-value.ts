/**
 * A ticker's value per grid day, shares × price, walked in one pass with one fill per stretch between
 * stock-transaction days. The sums have each ticker write it into arrays of their own (value-sums.ts), so
 * no value series is kept per ticker.
 */
import { settledShares } from '../../model';
import type { GridEntries } from './ticker-series';

/** Reused by `computeTicker` for the days its totals read; never handed out. */
let scratch = new Float64Array(0);

export function scratchSeries(length: number): Float64Array {
  if (scratch.length !== length) scratch = new Float64Array(length);
  return scratch;
}

/**
 * Writes value = shares × price on every grid day of `value` from `from` on (the days before it are not
 * written), one fill per stretch between stock-transaction days (shares and the provisional price change
 * only on those); returns the shares and the provisional price after the last of them.
 */
export function valueWalk(
  value: Float64Array,
  close: Float64Array,
  quoteRate: Float64Array,
  quoteUnits: number,
  stock: GridEntries,
  from = 0,
): { shares: number; provisionalPriceEur: number } {
  let shares = 0;
  let provisionalPriceEur = Number.NaN;
  let stretchStart = 0;
  let next = 0;
  while (next < stock.dayIndex.length) {
    const day = stock.dayIndex[next];
    fillValues(value, close, quoteRate, quoteUnits, Math.max(from, stretchStart), day, shares, provisionalPriceEur);
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
    shares = settledShares(shares);
    // Until the market speaks, a share is worth what the latest day with a priced buy paid for it.
    if (boughtShares > 0) provisionalPriceEur = boughtEur / boughtShares;
    stretchStart = day;
  }
  fillValues(
    value,
    close,
    quoteRate,
    quoteUnits,
    Math.max(from, stretchStart),
    value.length,
    shares,
    provisionalPriceEur,
  );
  return { shares, provisionalPriceEur };
}

/** value = shares × price on grid days [from, to); a day without a close takes the provisional price (NaN: worth 0). */
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
  for (let i = from; i < to; i += 1) {
    const closeToday = close[i];
    const priceEur = closeToday === closeToday ? (closeToday / unitsPerMajor) * rate[i] : provisionalPriceEur;
    value[i] = priceEur === priceEur ? shares * priceEur : 0;
  }
}
