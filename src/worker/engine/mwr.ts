/**
 * Money-weighted return (XIRR) per period (SEMANTICS.md, "Money-weighted return"): the annual rate at
 * which the investor's flows, valued at P, sum to 0.
 */
import { PERFORMANCE_PERIODS, type PerformancePeriod } from '../../model';
import type { CashFlows } from './cash-flows';
import type { PeriodStarts } from './return-periods';

/** Rates are searched between these (−99.9999 % and 1,000,000 % a year), as ln(1 + x). */
const LOWEST = Math.log1p(-0.999999);
const HIGHEST = Math.log1p(10_000);
/** ln(1 + x) to this: the rate itself to about 1e-10 up to x = 10,000. */
const Y_TOLERANCE = 1e-14;
const MAX_STEPS = 200;

/** The days with money moving in or out, from the investor's side: sold + income − bought, zero days left out. */
export interface NetFlows {
  dayIndex: Int32Array;
  amount: Float64Array;
}

export function netFlows(flows: CashFlows): NetFlows {
  const { bought, sold, income } = flows;
  let count = 0;
  for (let d = 0; d < bought.length; d += 1) if (sold[d] + income[d] - bought[d] !== 0) count += 1;
  const dayIndex = new Int32Array(count);
  const amount = new Float64Array(count);
  for (let d = 0, k = 0; d < bought.length; d += 1) {
    const net = sold[d] + income[d] - bought[d];
    if (net !== 0) {
      dayIndex[k] = d;
      amount[k] = net;
      k += 1;
    }
  }
  return { dayIndex, amount };
}

export function periodMwr(
  value: Float64Array,
  flows: NetFlows,
  starts: PeriodStarts,
): Record<PerformancePeriod, number | null> {
  const mwr = {} as Record<PerformancePeriod, number | null>;
  for (const period of PERFORMANCE_PERIODS) {
    const start = starts[period];
    mwr[period] = start === null ? null : xirrFrom(value, flows, start);
  }
  return mwr;
}

/** The MWR of (start, last] in percent a year, or null. */
function xirrFrom(value: Float64Array, flows: NetFlows, start: number): number | null {
  const last = value.length - 1;
  let first = 0;
  while (first < flows.dayIndex.length && flows.dayIndex[first] <= start) first += 1;
  const count = flows.dayIndex.length - first + 2;
  const { years, amounts } = scratchOf(count);
  // At P the investor "buys" the holdings at their value; at asOf "sells" them.
  amounts[0] = -value[start];
  for (let k = first, j = 1; k < flows.dayIndex.length; k += 1, j += 1) {
    years[j] = (flows.dayIndex[k] - start) / 365;
    amounts[j] = flows.amount[k];
  }
  years[count - 1] = (last - start) / 365;
  amounts[count - 1] = value[last];
  const rate = solveRate(years, amounts);
  return rate === null ? null : rate * 100;
}

/** One pair of arrays every solve writes its flows into (a derive solves about twenty): views of `count` values, years[0] = 0. */
let scratch = { years: new Float64Array(0), amounts: new Float64Array(0) };
function scratchOf(count: number): { years: Float64Array; amounts: Float64Array } {
  if (scratch.years.length < count) {
    const size = Math.max(count, scratch.years.length * 2);
    scratch = { years: new Float64Array(size), amounts: new Float64Array(size) };
  }
  scratch.years[0] = 0;
  return { years: scratch.years.subarray(0, count), amounts: scratch.amounts.subarray(0, count) };
}

/**
 * The x > −1 with Σ amount × (1 + x)^(−years) = 0, by Newton's method on y = ln(1 + x) kept inside a
 * bracket that shrinks each step (bisection where Newton would leave it). With several roots in the
 * bracket, the one this search closes in on from x = 0; null when the sum has the same sign at both ends.
 */
export function solveRate(years: Float64Array, amounts: Float64Array): number | null {
  let anyFlow = false;
  let longest = 0;
  for (let k = 0; k < amounts.length; k += 1) {
    if (amounts[k] !== 0) anyFlow = true;
    longest = Math.max(longest, years[k]);
  }
  if (!anyFlow) return null;
  const npv = new NetPresentValue(years, amounts, longest);
  let low = LOWEST;
  let high = HIGHEST;
  const signLow = Math.sign(npv.at(low).sum);
  const signHigh = Math.sign(npv.at(high).sum);
  if (signLow === 0) return Math.expm1(low);
  if (signHigh === 0) return Math.expm1(high);
  if (signLow === signHigh) return null;
  let y = 0;
  for (let step = 0; step < MAX_STEPS && high - low > Y_TOLERANCE; step += 1) {
    const { sum, slope } = npv.at(y);
    if (sum === 0) return Math.expm1(y);
    if (Math.sign(sum) === signLow) low = y;
    else high = y;
    const newton = y - sum / slope;
    const next = Number.isFinite(newton) && newton > low && newton < high ? newton : (low + high) / 2;
    if (Math.abs(next - y) < Y_TOLERANCE) {
      y = next;
      break;
    }
    y = next;
  }
  return Math.expm1(y);
}

/**
 * Σ a·e^(−t·y) and its slope in y. For y < 0 it is scaled by e^(T·y) (T the longest time), which keeps
 * every term finite and the sign and root unchanged.
 */
class NetPresentValue {
  private readonly result = { sum: 0, slope: 0 };

  constructor(
    private readonly years: Float64Array,
    private readonly amounts: Float64Array,
    private readonly longest: number,
  ) {}

  at(y: number): { sum: number; slope: number } {
    const shift = y < 0 ? this.longest : 0;
    let sum = 0;
    let slope = 0;
    for (let k = 0; k < this.amounts.length; k += 1) {
      const exponent = shift - this.years[k];
      const term = this.amounts[k] * Math.exp(exponent * y);
      sum += term;
      slope += exponent * term;
    }
    this.result.sum = sum;
    this.result.slope = slope;
    return this.result;
  }
}
