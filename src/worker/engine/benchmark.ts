/**
 * "The same money in the benchmark" (SEMANTICS.md, "Benchmark"): every stock transaction buys or sells
 * the benchmark at its EUR price that day; its value and TWR follow from the units held.
 */
import type { PerformancePeriod } from '../../model';
import type { CashFlows } from './cash-flows';
import type { TickerSet } from './active-set';
import { unitsPerMajor } from './currency';
import { carryForward, type Grid } from './grid';
import type { MarketData, MarketSeries } from './market-series';
import type { PeriodStarts } from './return-periods';
import { scratchArray } from './scratch';
import type { GridEntries } from './ticker-series';
import { growthSeries, periodReturns, twrPercent } from './twr';
import type { Benchmark, PeriodReturn } from './types';

export interface BenchmarkSeries {
  units: Float64Array;
  value: Float64Array;
  twr: Float64Array;
  periods: Record<PerformancePeriod, PeriodReturn>;
}

/**
 * `rate` is EUR per unit of the benchmark's major currency per grid day (ones for EUR). Before its first
 * bar the benchmark costs what its first bar says. `stock` holds every included ticker's stock entries.
 */
export function benchmarkSeries(
  grid: Grid,
  market: MarketSeries,
  rate: Float64Array,
  stock: readonly GridEntries[],
  flows: CashFlows,
  starts: PeriodStarts,
): BenchmarkSeries {
  const price = carryForward(grid, market.barDays, market.closes, 'first');
  const perMajor = unitsPerMajor(market.currency);
  for (let d = 0; d < grid.length; d += 1) price[d] = (price[d] / perMajor) * rate[d];

  const units = new Float64Array(grid.length);
  for (const { dayIndex, valueEur } of stock) {
    for (let k = 0; k < dayIndex.length; k += 1) units[dayIndex[k]] += valueEur[k] / price[dayIndex[k]];
  }
  const value = new Float64Array(grid.length);
  let held = 0;
  for (let d = 0; d < grid.length; d += 1) {
    held += units[d];
    units[d] = held;
    value[d] = held * price[d];
  }
  // Dividends and commissions are not mirrored: the benchmark's money only moves with buys and sells.
  const growth = growthSeries(value, flows.bought, flows.sold, null, scratchArray('benchmark-growth', grid.length));
  return { units, value, twr: twrPercent(growth), periods: periodReturns(growth, starts) };
}

/**
 * The benchmark `symbol` against every included ticker (`all`, their `stock` entries), or why it has no
 * figures: its quotes not loaded, failed or empty, or its exchange rate missing (`rateOf`: EUR per unit per grid day).
 */
export function benchmarkOf(
  symbol: string,
  quote: MarketData | undefined,
  grid: Grid,
  starts: PeriodStarts,
  all: TickerSet,
  stock: readonly GridEntries[],
  rateOf: (currency: string) => Float64Array | null,
  fxSymbolOf: (currency: string) => string | null,
): Benchmark {
  if (!quote) return { ok: false, symbol, missingSymbols: [symbol], error: 'its quotes have not been loaded' };
  if (!quote.ok) return { ok: false, symbol, missingSymbols: [symbol], error: quote.error };
  if (quote.series.closes.length === 0)
    return { ok: false, symbol, missingSymbols: [symbol], error: 'its quotes hold no prices' };
  const rate = rateOf(quote.series.currency);
  if (!rate) {
    const fxSymbol = fxSymbolOf(quote.series.currency) as string;
    return { ok: false, symbol, missingSymbols: [fxSymbol], error: `the exchange rate ${fxSymbol} is missing` };
  }
  const series = benchmarkSeries(grid, quote.series, rate, stock, all.flows, starts);
  return { ok: true, symbol, currency: quote.series.currency, dataSource: quote.series.dataSource, ...series };
}
