/** Time-weighted return (SEMANTICS.md, "Time-weighted return"): one pass over the days, then period returns off it. */
import { PERFORMANCE_PERIODS, type PerformancePeriod } from '../../model';
import type { PeriodStarts } from './return-periods';
import type { PeriodReturn } from './types';

/**
 * Money at work below this (a billionth of the base currency) is float noise, not money: legs that cancel
 * (a holding and an oversold one of the same worth) leave ±1e-16 behind, and a return on that is no return.
 */
const AT_WORK_MIN = 1e-9;

/**
 * Growth of one euro at work, per grid day: Π (1 + r[k]) for k ≤ d, with
 * r[d] = (V[d] + out[d]) / (V[d−1] + bought[d]) − 1; r = 0 when nothing was at work (nothing above `AT_WORK_MIN`), −1 when the day
 * ended below 0. `out` is what left that day (sells, and for the portfolio dividends less commissions).
 */
export function growthSeries(
  value: Float64Array,
  bought: Float64Array,
  sold: Float64Array,
  income: Float64Array | null,
  /** Where to write it (every day is written); a new array by default. */
  growth: Float64Array = new Float64Array(value.length),
): Float64Array {
  let factor = 1;
  let before = 0;
  for (let d = 0; d < value.length; d += 1) {
    const start = before + bought[d];
    if (start > AT_WORK_MIN) {
      const end = value[d] + sold[d] + (income ? income[d] : 0);
      factor = end < 0 ? 0 : (factor * end) / start;
    }
    growth[d] = factor;
    before = value[d];
  }
  return growth;
}

/** Cumulative TWR in percent: (growth − 1) × 100. */
export function twrPercent(growth: Float64Array): Float64Array {
  const twr = new Float64Array(growth.length);
  for (let d = 0; d < growth.length; d += 1) twr[d] = (growth[d] - 1) * 100;
  return twr;
}

/** (1 + twr[asOf]) / (1 + twr[P]) − 1 per period, in percent, annualised for periods of 365 days or more. */
export function periodReturns(growth: Float64Array, starts: PeriodStarts): Record<PerformancePeriod, PeriodReturn> {
  const last = growth.length - 1;
  const returns = {} as Record<PerformancePeriod, PeriodReturn>;
  for (const period of PERFORMANCE_PERIODS) {
    const start = starts[period];
    if (start === null || growth[start] === 0) {
      returns[period] = { cumulative: null, annualised: null };
      continue;
    }
    const ratio = growth[last] / growth[start];
    const days = last - start;
    returns[period] = {
      cumulative: (ratio - 1) * 100,
      annualised: days >= 365 ? (ratio ** (365 / days) - 1) * 100 : null,
    };
  }
  return returns;
}
