/**
 * The average-cost basis of one ticker on `asOf` (SEMANTICS.md, "Holdings"): the yield on cost divides
 * by it. Day by day, the day's buys pooled first, then its sells pooled; the sign of the amount decides.
 */
import type { GridEntries } from './ticker-series';

/** EUR. `stock` holds the ticker's stock entries on or before `asOf`, in day order, amounts split-adjusted. */
export function averageCostBasis(stock: GridEntries): number {
  const { dayIndex, valueEur, amount } = stock;
  let costBasis = 0;
  let shares = 0;
  let k = 0;
  while (k < dayIndex.length) {
    const day = dayIndex[k];
    let soldShares = 0;
    for (; k < dayIndex.length && dayIndex[k] === day; k += 1) {
      if (amount[k] >= 0) {
        costBasis += valueEur[k];
        shares += amount[k];
      } else soldShares -= amount[k];
    }
    if (soldShares > 0) {
      // Selling everything (or more) removes all of the basis; with nothing held, a sell removes none.
      if (shares > 0) costBasis -= (costBasis * Math.min(soldShares, shares)) / shares;
      shares -= soldShares;
    }
  }
  return costBasis;
}
