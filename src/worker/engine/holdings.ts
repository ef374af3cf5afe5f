/** Cost basis and realised gain by the average-cost method (SEMANTICS.md, "Holdings"), and a ticker's holding on `asOf`. */
import { settledShares } from '../../model';
import type { GridEntries, TickerTotals } from './ticker-series';
import type { Holding } from './types';

export interface CostBasis {
  /** EUR the shares still held cost. */
  costBasis: number;
  /** EUR: Σ over sells of proceeds − the cost basis each removed. */
  realisedGain: number;
}

/**
 * Walks the stock entries day by day: first the day's buys (amount ≥ 0, whatever their value), pooled,
 * then its sells, pooled. A sell of q shares while S > 0 are held removes costBasis × min(q, S) / S.
 * `onDay(dayIndex, costBasis)` hears the cost basis at the end of each transaction day.
 */
function walkCostBasis(stock: GridEntries, onDay?: (dayIndex: number, costBasis: number) => void): CostBasis {
  const { dayIndex, amount, valueEur } = stock;
  let costBasis = 0;
  let realisedGain = 0;
  let shares = 0;
  let k = 0;
  while (k < dayIndex.length) {
    const day = dayIndex[k];
    let soldShares = 0;
    let proceeds = 0;
    for (; k < dayIndex.length && dayIndex[k] === day; k += 1) {
      if (amount[k] >= 0) {
        costBasis += valueEur[k];
        shares = settledShares(shares + amount[k]);
      } else {
        soldShares -= amount[k];
        proceeds -= valueEur[k];
      }
    }
    if (soldShares !== 0) {
      const removed = shares > 0 ? (costBasis * Math.min(soldShares, shares)) / shares : 0;
      costBasis -= removed;
      realisedGain += proceeds - removed;
      shares = settledShares(shares - soldShares);
    }
    onDay?.(day, costBasis);
  }
  return { costBasis, realisedGain };
}

/** The cost basis and realised gain on the last entry's day (SEMANTICS.md, "Holdings"). */
export function costBasisOf(stock: GridEntries): CostBasis {
  return walkCostBasis(stock);
}

/** The cost basis at the end of every grid day of a grid `length` days long (EUR; 0 before the first buy). */
export function costBasisSeries(stock: GridEntries, length: number): Float64Array {
  const series = new Float64Array(length);
  let from = 0;
  let current = 0;
  walkCostBasis(stock, (day, costBasis) => {
    series.fill(current, from, day);
    current = costBasis;
    from = day;
  });
  series.fill(current, from, length);
  return series;
}

/** The holding of an included ticker; `portfolioValueEur` is all tickers' value on `asOf`. */
export function holdingOf(totals: TickerTotals, cost: CostBasis, portfolioValueEur: number): Holding {
  const unrealisedGain = totals.valueEur - cost.costBasis;
  return {
    costBasis: cost.costBasis,
    realisedGain: cost.realisedGain,
    unrealisedGain,
    unrealisedPercent: cost.costBasis > 0 ? (unrealisedGain / cost.costBasis) * 100 : null,
    weight: portfolioValueEur === 0 ? 0 : (totals.valueEur / portfolioValueEur) * 100,
  };
}

/** A ticker left out of every sum (an exchange rate is missing): nothing in EUR is known. */
export const EXCLUDED_HOLDING: Readonly<Holding> = {
  costBasis: Number.NaN,
  realisedGain: Number.NaN,
  unrealisedGain: Number.NaN,
  unrealisedPercent: null,
  weight: Number.NaN,
};
