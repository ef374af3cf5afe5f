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
  const { days, amounts } = scratchOf(count);
  // At P the investor "buys" the holdings at their value; at asOf "sells" them.
  amounts[0] = -value[start];
  for (let k = first, j = 1; k < flows.dayIndex.length; k += 1, j += 1) {
    days[j] = flows.dayIndex[k] - start;
    amounts[j] = flows.amount[k];
  }
  days[count - 1] = last - start;
  amounts[count - 1] = value[last];
  const rate = solveRate(days, amounts);
  return rate === null ? null : rate * 100;
}

/** One pair of arrays every solve writes its flows into (a derive solves about twelve): views of `count` values, days[0] = 0. */
let scratch = { days: new Int32Array(0), amounts: new Float64Array(0) };
function scratchOf(count: number): { days: Int32Array; amounts: Float64Array } {
  if (scratch.days.length < count) {
    const size = Math.max(count, scratch.days.length * 2);
    scratch = { days: new Int32Array(size), amounts: new Float64Array(size) };
  }
  scratch.days[0] = 0;
  return { days: scratch.days.subarray(0, count), amounts: scratch.amounts.subarray(0, count) };
}

/**
 * The x > −1 with Σ amount × (1 + x)^(−days / 365) = 0 (`days` whole days after the first flow's, ascending),
 * by Newton's method on y = ln(1 + x) kept inside a bracket that shrinks each step (bisection where Newton
 * would leave it). With several roots in the bracket, the one this search closes in on from x = 0; null
 * when the sum has the same sign at both ends.
 */
export function solveRate(days: Int32Array, amounts: Float64Array): number | null {
  let anyFlow = false;
  let longest = 0;
  for (let k = 0; k < amounts.length; k += 1) {
    if (amounts[k] !== 0) anyFlow = true;
    longest = Math.max(longest, days[k]);
  }
  if (!anyFlow) return null;
  const npv = new NetPresentValue(days, amounts, longest);
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

/** Gaps between two flows' days up to this many days take a power from a table; longer ones an `exp` of their own. */
const TABLE_DAYS = 64;
/**
 * Every this many flows the discount factor is taken afresh from `exp`: the products' rounding never adds
 * up, and a factor that underflowed to 0 (y < 0 over a history of more than 46 years: terms below 1e-308 of
 * the last flow's) stays 0 for at most this many flows, whose true factors can grow by at most
 * e^(63 × 63 × 13.8 / 365) ≈ 1e65 meanwhile: still below 1e-243 of the last flow's.
 */
const ANCHOR_EVERY = 64;

/**
 * Σ a·e^(−t·y) and its slope in y, t = days / 365. For y < 0 it is scaled by e^(T·y) (T the longest time),
 * which keeps every term finite and the sign and root unchanged. The factor e^(−t·y) of each flow is the one
 * before it times e^(−y/365) to the power of the days between them (a table of those powers up to
 * `TABLE_DAYS`), with an `exp` of its own every `ANCHOR_EVERY` flows. An `exp` per flow made the solver ~15 % of a
 * derive after a base change (issue 34); the products give the same sum to about 1e-14 of it.
 */
class NetPresentValue {
  private readonly result = { sum: 0, slope: 0 };
  private readonly powers = new Float64Array(TABLE_DAYS);

  constructor(
    private readonly days: Int32Array,
    private readonly amounts: Float64Array,
    private readonly longest: number,
  ) {}

  at(y: number): { sum: number; slope: number } {
    const { days, amounts, powers } = this;
    const shift = y < 0 ? this.longest : 0;
    const perDay = y / 365;
    // powers[g] = e^(−g·y/365), g whole days.
    const step = Math.exp(-perDay);
    powers[0] = 1;
    for (let g = 1; g < TABLE_DAYS; g += 1) powers[g] = powers[g - 1] * step;
    let sum = 0;
    let slope = 0;
    let factor = 0;
    for (let k = 0; k < amounts.length; k += 1) {
      const ahead = shift - days[k];
      const gap = k === 0 ? TABLE_DAYS : days[k] - days[k - 1];
      factor = gap < TABLE_DAYS && k % ANCHOR_EVERY !== 0 ? factor * powers[gap] : Math.exp(ahead * perDay);
      const term = amounts[k] * factor;
      sum += term;
      slope += ahead * term;
    }
    this.result.sum = sum;
    this.result.slope = slope / 365;
    return this.result;
  }
}
