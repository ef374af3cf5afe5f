/**
 * One holding's own view (SEMANTICS.md, "Holdings"): its price per day with its buys and sells marked at
 * the price each paid or got per share, and its value against its average-cost basis per day. Pure: the
 * ticker's cached series in, fresh arrays out (they may be transferred; nothing of the cache is).
 */
import { unixSecondsOfDays } from './combine';
import type { Grid } from './grid';
import { costBasisSeries } from './holdings';
import type { GridEntries, TickerSeries } from './ticker-series';
import type { HoldingSeries } from './types';

/**
 * `quoteRate`: EUR per unit of the quote's major currency per grid day, `unitsPerMajor`: 100 for pence.
 * The days start the day before the ticker's first trade (the grid's first day without trades).
 */
export function holdingSeries(
  grid: Grid,
  ticker: string,
  series: TickerSeries,
  quoteRate: Float64Array,
  unitsPerMajor: number,
): HoldingSeries {
  const { stock } = series.entries;
  const from = stock.dayIndex.length > 0 ? Math.max(0, stock.dayIndex[0] - 1) : 0;
  const length = grid.length - from;
  const priceEur = new Float64Array(length);
  const close = series.close;
  for (let i = 0; i < length; i += 1) {
    const c = close ? close[from + i] : Number.NaN;
    priceEur[i] = c === c ? (c / unitsPerMajor) * quoteRate[from + i] : Number.NaN;
  }
  const trades = tradePrices(stock, from, length);
  return {
    ticker,
    days: unixSecondsOfDays(grid).slice(from),
    priceEur,
    buyPriceEur: trades.buy,
    sellPriceEur: trades.sell,
    value: series.value.slice(from),
    costBasis: costBasisSeries(stock, grid.length).slice(from),
    buys: trades.buys,
    sells: trades.sells,
  };
}

/** Per day from `from`: the EUR per share of that day's buys (pooled), and of its sells; NaN on other days. */
function tradePrices(stock: GridEntries, from: number, length: number) {
  const buy = new Float64Array(length).fill(Number.NaN);
  const sell = new Float64Array(length).fill(Number.NaN);
  const buyEur = new Float64Array(length);
  const buyShares = new Float64Array(length);
  const sellEur = new Float64Array(length);
  const sellShares = new Float64Array(length);
  let buys = 0;
  let sells = 0;
  for (let k = 0; k < stock.dayIndex.length; k += 1) {
    const i = stock.dayIndex[k] - from;
    if (stock.amount[k] > 0) {
      buyEur[i] += stock.valueEur[k];
      buyShares[i] += stock.amount[k];
      buys += 1;
    } else if (stock.amount[k] < 0) {
      sellEur[i] -= stock.valueEur[k];
      sellShares[i] -= stock.amount[k];
      sells += 1;
    }
  }
  for (let i = 0; i < length; i += 1) {
    if (buyShares[i] > 0) buy[i] = buyEur[i] / buyShares[i];
    if (sellShares[i] > 0) sell[i] = sellEur[i] / sellShares[i];
  }
  return { buy, sell, buys, sells };
}
