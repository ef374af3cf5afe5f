/**
 * The active tickers summed day by day from their cached series, plus the figures read off the sums:
 * yield per year, dividends per quarter, TTM, expected dividends. Nothing per ticker is recomputed.
 */
import { SECONDS_PER_DAY, isoFromEpochDay, type TransactionType } from '../../model';
import type { GridPeriods } from './calendar-periods';
import type { Grid } from './grid';
import type { AmountSums } from './kept-parts';
import type { GridEntries, TickerSeries } from './ticker-series';
import type { ActiveSeries, QuarterSeries, TransactionSeries, TtmQuarterSeries } from './types';

export type CombinedSeries = Omit<ActiveSeries, 'tickers' | 'prices' | 'twr'>;

/**
 * `value`: the tickers' value series summed (value-sums.ts); the result owns it. `kept`: the parts no base
 * changes, kept between calls (kept-parts.ts); without it, every part is made here.
 */
export function combineSeries(
  grid: Grid,
  periods: GridPeriods,
  tickers: readonly TickerSeries[],
  value: Float64Array,
  kept?: AmountSums,
): CombinedSeries {
  const series = (type: TransactionType): TransactionSeries => {
    const entries = tickers.map((ticker) => ticker.entries[type]);
    const made = kept?.series(type, grid.length, entries) ?? transactionSeries(grid.length, entries);
    kept?.keep(type, entries, made);
    return made;
  };
  const transactions: Record<TransactionType, TransactionSeries> = {
    stock: series('stock'),
    dividend: series('dividend'),
    commission: series('commission'),
  };
  // The same arrays as the transactions' running sums (fresh per call, read only): one buffer each when transferred.
  const invested = transactions.stock.aggregatedValues;
  const commission = transactions.commission.aggregatedValues;
  const dividend = transactions.dividend.aggregatedValues;
  const profit = profitOf(value, invested, commission);

  const dividendPerQuarter = perQuarter(
    periods,
    tickers.map((ticker) => ticker.entries.dividend),
  );
  const expectedDividendPerQuarter = perQuarter(
    periods,
    tickers.map((ticker) => ticker.expected),
  );
  return {
    firstDay: isoFromEpochDay(grid.firstDay),
    lastDay: isoFromEpochDay(grid.lastDay),
    days: kept ? kept.daysOf(grid.firstDay, grid.length, () => unixSecondsOfDays(grid)) : unixSecondsOfDays(grid),
    value,
    invested,
    profit,
    commission,
    dividend,
    transactions,
    yieldPerYear: yieldPerYear(periods, value, profit),
    dividendPerQuarterByYear: perQuarterByYear(periods, dividendPerQuarter.values),
    dividendPerQuarter,
    ttmDividendPerQuarter: trailingFourQuarters(dividendPerQuarter),
    expectedDividendPerQuarter,
    expectedDividend: expectedDividendPerQuarter.values.reduce((sum, quarter) => sum + quarter, 0),
  };
}

/** profit = value − invested − commission, per day. */
function profitOf(value: Float64Array, invested: Float64Array, commission: Float64Array): Float64Array {
  const profit = new Float64Array(value.length);
  for (let i = 0; i < value.length; i += 1) profit[i] = value[i] - invested[i] - commission[i];
  return profit;
}

/** uPlot's x: unix seconds at 00:00 UTC of each grid day. */
export function unixSecondsOfDays(grid: Grid): Float64Array {
  const days = new Float64Array(grid.length);
  const daySeconds = SECONDS_PER_DAY;
  for (let i = 0; i < grid.length; i += 1) days[i] = (grid.firstDay + i) * daySeconds;
  return days;
}

/** Per-day sums (NaN on days without a transaction) and their running sums. */
function transactionSeries(length: number, entries: readonly GridEntries[]): TransactionSeries {
  const values = new Float64Array(length).fill(Number.NaN);
  const amounts = new Float64Array(length).fill(Number.NaN);
  for (const { dayIndex, valueEur, amount } of entries) {
    addOnDays(values, dayIndex, valueEur);
    addOnDays(amounts, dayIndex, amount);
  }
  return { values, amounts, aggregatedValues: runningSum(values), aggregatedAmounts: runningSum(amounts) };
}

/**
 * Adds each `column[k]` into `perDay` on its day `dayIndex[k]`, a NaN day (nothing yet) counting 0. Every
 * per-day sum of entries is this one loop (kept-parts.ts too), so a base change's first sums run code
 * every derive has compiled.
 */
export function addOnDays(perDay: Float64Array, dayIndex: Int32Array, column: Float64Array): void {
  for (let k = 0; k < dayIndex.length; k += 1) {
    const i = dayIndex[k];
    perDay[i] = (Number.isNaN(perDay[i]) ? 0 : perDay[i]) + column[k];
  }
}

/** Each day's sum of `perDay` up to it; a NaN day (no transaction) counts nothing. */
export function runningSum(perDay: Float64Array): Float64Array {
  const sums = new Float64Array(perDay.length);
  let sum = 0;
  for (let i = 0; i < perDay.length; i += 1) {
    const today = perDay[i];
    if (today === today) sum += today;
    sums[i] = sum;
  }
  return sums;
}

/** profitOfYear(Y) = profit[e(Y)] − profit[e(Y−1)]; yield = profitOfYear / value[e(Y)] in percent. */
function yieldPerYear(periods: GridPeriods, value: Float64Array, profit: Float64Array): ActiveSeries['yieldPerYear'] {
  const years: string[] = [];
  const yields: number[] = [];
  const profits: number[] = [];
  let profitBefore = 0;
  periods.years.forEach((year, k) => {
    const end = periods.yearEndIndex[k];
    const profitOfYear = profit[end] - profitBefore;
    profitBefore = profit[end];
    years.push(String(year));
    profits.push(profitOfYear);
    yields.push(value[end] === 0 ? 0 : (profitOfYear / value[end]) * 100);
  });
  return { years, yields, profit: profits };
}

function perQuarter(periods: GridPeriods, entries: readonly GridEntries[]): QuarterSeries {
  const sums = new Float64Array(periods.quarterLabels.length);
  const { quarterOfDay } = periods;
  for (const { dayIndex, valueEur } of entries) {
    for (let k = 0; k < dayIndex.length; k += 1) sums[quarterOfDay[dayIndex[k]]] += valueEur[k];
  }
  return { quarters: periods.quarterLabels.slice(), values: Array.from(sums) };
}

function perQuarterByYear(
  periods: GridPeriods,
  quarterValues: readonly number[],
): ActiveSeries['dividendPerQuarterByYear'] {
  return periods.years.map((year) => {
    const data: [number, number, number, number] = [0, 0, 0, 0];
    for (let quarter = 0; quarter < 4; quarter += 1) {
      const position = year * 4 + quarter - periods.firstQuarterOrdinal;
      if (position >= 0 && position < quarterValues.length) data[quarter] = quarterValues[position];
    }
    return { year: String(year), data };
  });
}

/**
 * A window of four quarters; quarters before the first count 0. Each window is summed afresh (four
 * additions) rather than by add-and-subtract, so an empty year reads exactly 0, never -0.00.
 */
function trailingFourQuarters(quarters: QuarterSeries): TtmQuarterSeries {
  const q = quarters.values;
  const values = q.map((_, k) => (k >= 3 ? q[k - 3] : 0) + (k >= 2 ? q[k - 2] : 0) + (k >= 1 ? q[k - 1] : 0) + q[k]);
  return {
    quarters: quarters.quarters.slice(),
    values,
    // The twelve months' income per month, per day (a 360-day year) and per hour (SEMANTICS.md).
    monthly: values.map((ttm) => ttm / 12),
    daily: values.map((ttm) => ttm / 360),
    hourly: values.map((ttm) => ttm / 8640),
  };
}
