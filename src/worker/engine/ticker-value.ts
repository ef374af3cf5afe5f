/**
 * A ticker's value per grid day, shares × price, in two parts walked with one loop per stretch between
 * stock-transaction days (the shares and the provisional price change only on those): on days with a
 * close, shares × close / units in the quote's currency, then at its rate; on days without one (before
 * the quote's first bar), shares × the provisional price in the base. The sums add the first part per
 * currency before the rate (value-sums.ts), so no value series is kept per ticker, and a ticker's own value
 * is the sum of a block of one.
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
 * Writes the value on every grid day of `value` from `from` on (the days before it are not written): the
 * sum value-sums.ts makes of this ticker alone.
 */
export function valueWalk(
  value: Float64Array,
  close: Float64Array,
  quoteRate: Float64Array,
  quoteUnits: number,
  stock: GridEntries,
  from = 0,
): Float64Array {
  value.fill(0, from);
  addLocalWalk(value, close, quoteUnits, stock, from);
  for (let i = from; i < value.length; i += 1) {
    const rate = quoteRate[i];
    // As the sums add it into zeros (0 + x: never −0); a day without a rate is worth 0.
    value[i] = rate === rate ? 0 + value[i] * rate : 0;
  }
  addProvisionalWalk(value, close, stock, from);
  return value;
}

/** The shares and the provisional price (what the latest day with a priced buy paid per share) after every stock entry. */
export function sharesAfter(stock: GridEntries): { shares: number; provisionalPriceEur: number } {
  let shares = 0;
  let provisionalPriceEur = Number.NaN;
  walkStretches(stock, Infinity, (_from, _to, sharesThen, provisional) => {
    shares = sharesThen;
    provisionalPriceEur = provisional;
  });
  return { shares, provisionalPriceEur };
}

/**
 * Calls `stretch(from, to, shares, provisional)` for each stretch of grid days [from, to) between stock
 * entries, up to `end` (the last stretch's `to`).
 */
function walkStretches(
  stock: GridEntries,
  end: number,
  stretch: (from: number, to: number, shares: number, provisional: number) => void,
): void {
  const { dayIndex, amount, valueEur } = stock;
  let shares = 0;
  let provisional = Number.NaN;
  let from = 0;
  let next = 0;
  for (;;) {
    const last = next === dayIndex.length;
    const to = last ? end : Math.min(dayIndex[next], end);
    stretch(from, to, shares, provisional);
    if (last || dayIndex[next] >= end) return;
    const day = dayIndex[next];
    let boughtEur = 0;
    let boughtShares = 0;
    for (; next < dayIndex.length && dayIndex[next] === day; next += 1) {
      shares += amount[next];
      // Shares that came for nothing (a stock dividend, a product change) say nothing of their price.
      if (amount[next] > 0 && valueEur[next] > 0) {
        boughtEur += valueEur[next];
        boughtShares += amount[next];
      }
    }
    shares = settledShares(shares);
    // Until the market speaks, a share is worth what the latest day with a priced buy paid for it.
    if (boughtShares > 0) provisional = boughtEur / boughtShares;
    from = day;
  }
}

/**
 * Adds shares × close / units into `local` on every grid day from `from` on with a close: the value in the
 * quote's major currency, before its rate. It depends on the shares and the quote only, so a base change
 * keeps it. Stretches without shares add nothing (not even +0).
 */
export function addLocalWalk(
  local: Float64Array,
  close: Float64Array,
  quoteUnits: number,
  stock: GridEntries,
  from = 0,
): void {
  walkStretches(stock, local.length, (start, to, shares) => {
    if (shares !== 0)
      for (let i = Math.max(from, start); i < to; i += 1) {
        const closeToday = close[i];
        if (closeToday === closeToday) local[i] += shares * (closeToday / quoteUnits);
      }
  });
}

/**
 * The last grid day without a close (−1: a close every day). A close on the grid is NaN only before the
 * quote's first bar (market-series.ts carries every bar forward to the grid's end; without market data
 * every day is NaN), so the first day with a close ends them: read from the start, a step for most quotes.
 */
function lastDayWithoutClose(close: Float64Array): number {
  let first = 0;
  while (first < close.length && close[first] !== close[first]) first += 1;
  return first - 1;
}

/**
 * Adds shares × the provisional price (in the base currency) into `sum` on every grid day from `from` on
 * without a close: the rest of the value. Those days are before the quote's first bar (all of them without
 * market data), so the walk ends after the last of them.
 */
export function addProvisionalWalk(sum: Float64Array, close: Float64Array, stock: GridEntries, from = 0): void {
  walkStretches(stock, lastDayWithoutClose(close) + 1, (start, to, shares, provisional) => {
    if (shares !== 0 && provisional === provisional)
      for (let i = Math.max(from, start); i < to; i += 1) if (close[i] !== close[i]) sum[i] += shares * provisional;
  });
}
