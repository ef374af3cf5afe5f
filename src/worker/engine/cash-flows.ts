/** A set of tickers' money moving in and out per grid day, the input of TWR, MWR and the benchmark (SEMANTICS.md, "TWR"). */
import type { TickerSeries } from './ticker-series';

/** EUR per grid day, each ≥ 0 except `income`. */
export interface CashFlows {
  /** B: Σ buy values (value > 0). */
  bought: Float64Array;
  /** S: Σ sell proceeds (−value of values < 0). */
  sold: Float64Array;
  /** D − C: dividends received less commissions paid. */
  income: Float64Array;
}

/** `into`: arrays of `length` zeros to write them into (scratch.ts); new ones by default. */
export function cashFlows(length: number, tickers: readonly TickerSeries[], into?: CashFlows): CashFlows {
  const bought = into?.bought ?? new Float64Array(length);
  const sold = into?.sold ?? new Float64Array(length);
  const income = into?.income ?? new Float64Array(length);
  for (const { entries } of tickers) {
    const { stock, dividend, commission } = entries;
    for (let k = 0; k < stock.dayIndex.length; k += 1) {
      const value = stock.valueEur[k];
      if (value > 0) bought[stock.dayIndex[k]] += value;
      else if (value < 0) sold[stock.dayIndex[k]] -= value;
    }
    for (let k = 0; k < dividend.dayIndex.length; k += 1) income[dividend.dayIndex[k]] += dividend.valueEur[k];
    for (let k = 0; k < commission.dayIndex.length; k += 1) income[commission.dayIndex[k]] -= commission.valueEur[k];
  }
  return { bought, sold, income };
}
