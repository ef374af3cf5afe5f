/** Exchange rates on the grid: each FX symbol's quote carried onto the grid once per grid, and EUR's own ones. */
import { fxSymbolFor, majorCurrency } from './currency';
import type { Grid } from './grid';
import { closeOnGrid, rateOnGrid, type MarketData, type MarketSeries } from './market-series';

/** An exchange rate on the current grid. */
export interface FxOnGrid {
  series: MarketSeries;
  /** EUR per unit per grid day; before the first bar, the first bar's. */
  rate: Float64Array;
  /** The close as charted: NaN before the first bar. Shared memory when it can be: never written after. */
  close: Float64Array;
}

export class FxRates {
  private readonly cache = new Map<string, FxOnGrid | null>();
  private unit: Float64Array | null = null;

  /** Forgets every rate carried onto the old grid. */
  clear(): void {
    this.cache.clear();
  }

  /** Forgets one symbol's rate (its quote changed). */
  forget(symbol: string): void {
    this.cache.delete(symbol);
  }

  /** EUR per EUR on every grid day: one shared array, so EUR amounts take the same path as converted ones. */
  ones(grid: Grid): Float64Array {
    if (!this.unit || this.unit.length !== grid.length) this.unit = new Float64Array(grid.length).fill(1);
    return this.unit;
  }

  /** `base` per unit of `currency`'s major currency per grid day (ones for the base); null when its exchange rate has no quote. */
  baseRate(grid: Grid, currency: string, base: string, market: ReadonlyMap<string, MarketData>): Float64Array | null {
    const major = majorCurrency(currency);
    if (major === base) return this.ones(grid);
    const fxSymbol = fxSymbolFor(major, base) as string;
    return this.onGrid(grid, fxSymbol, market.get(fxSymbol))?.rate ?? null;
  }

  /** The rate series of an FX symbol on the grid, cached per grid; null when its quote is missing or has no close. */
  onGrid(grid: Grid, symbol: string, quote: MarketData | undefined): FxOnGrid | null {
    const cached = this.cache.get(symbol);
    if (cached !== undefined) return cached;
    const fx =
      quote?.ok && quote.series.daily.closes.length > 0
        ? { series: quote.series, rate: rateOnGrid(grid, quote.series), close: closeOnGrid(grid, quote.series) }
        : null;
    this.cache.set(symbol, fx);
    return fx;
  }
}
