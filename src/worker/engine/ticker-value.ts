/**
 * A ticker's value per grid day, shares × price, walked in one pass with one fill per stretch between
 * stock-transaction days. The sums have each ticker add it into arrays of their own (value-sums.ts), so
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

/** What a walk does on each stretch: writes the value, or adds it (one loop per kind of quote). */
const FILL = 0;
const ADD = 1;
const ADD_RATED = 2;
const ADD_MINOR = 3;
const ADD_OWN = 4;

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
  return walk(FILL, value, close, quoteRate, quoteUnits, stock, from);
}

/**
 * Adds value = shares × price into `sum` on every grid day: the very numbers `valueWalk` writes, each added
 * to `sum`'s in the same order as writing them into an array and adding that. `quoteRate` null: the quote
 * is in the base currency (its rate is 1 every day, and × 1 changes no number, so it is left out, as is
 * ÷ 1 for a quote in major units).
 */
export function addValueWalk(
  sum: Float64Array,
  close: Float64Array,
  quoteRate: Float64Array | null,
  quoteUnits: number,
  stock: GridEntries,
): void {
  const kind = quoteRate === null ? (quoteUnits === 1 ? ADD_OWN : ADD_MINOR) : quoteUnits === 1 ? ADD_RATED : ADD;
  walk(kind, sum, close, quoteRate ?? close, quoteUnits, stock, 0);
}

function walk(
  kind: number,
  out: Float64Array,
  close: Float64Array,
  rate: Float64Array,
  units: number,
  stock: GridEntries,
  from: number,
): { shares: number; provisionalPriceEur: number } {
  let shares = 0;
  let provisionalPriceEur = Number.NaN;
  let stretchStart = 0;
  let next = 0;
  for (;;) {
    const last = next === stock.dayIndex.length;
    const start = Math.max(from, stretchStart);
    const end = last ? out.length : stock.dayIndex[next];
    if (kind === FILL) fillValues(out, close, rate, units, start, end, shares, provisionalPriceEur);
    else if (kind === ADD_RATED) addRated(out, close, rate, start, end, shares, provisionalPriceEur);
    else if (kind === ADD_OWN) addOwn(out, close, start, end, shares, provisionalPriceEur);
    else if (kind === ADD_MINOR) addMinor(out, close, units, start, end, shares, provisionalPriceEur);
    else addValues(out, close, rate, units, start, end, shares, provisionalPriceEur);
    if (last) return { shares, provisionalPriceEur };
    const day = end;
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

// `fillValues` added into `sum`, one loop per kind of quote: the division and the rate only where they change a number.

function addValues(
  sum: Float64Array,
  close: Float64Array,
  rate: Float64Array,
  unitsPerMajor: number,
  from: number,
  to: number,
  shares: number,
  provisional: number,
): void {
  for (let i = from; i < to; i += 1) {
    const closeToday = close[i];
    const price = closeToday === closeToday ? (closeToday / unitsPerMajor) * rate[i] : provisional;
    sum[i] += price === price ? shares * price : 0;
  }
}

function addRated(
  sum: Float64Array,
  close: Float64Array,
  rate: Float64Array,
  from: number,
  to: number,
  shares: number,
  provisional: number,
): void {
  for (let i = from; i < to; i += 1) {
    const closeToday = close[i];
    const price = closeToday === closeToday ? closeToday * rate[i] : provisional;
    sum[i] += price === price ? shares * price : 0;
  }
}

function addMinor(
  sum: Float64Array,
  close: Float64Array,
  unitsPerMajor: number,
  from: number,
  to: number,
  shares: number,
  provisional: number,
): void {
  for (let i = from; i < to; i += 1) {
    const closeToday = close[i];
    const price = closeToday === closeToday ? closeToday / unitsPerMajor : provisional;
    sum[i] += price === price ? shares * price : 0;
  }
}

function addOwn(
  sum: Float64Array,
  close: Float64Array,
  from: number,
  to: number,
  shares: number,
  provisional: number,
): void {
  for (let i = from; i < to; i += 1) {
    const closeToday = close[i];
    const price = closeToday === closeToday ? closeToday : provisional;
    sum[i] += price === price ? shares * price : 0;
  }
}
