/**
 * Each ticker's close per grid day in its quote currency (NaN before its first bar), kept while its
 * quote and the grid stay: it depends on neither the base currency nor the transactions, so a base
 * change or an edit converts and values again without carrying the quote onto the grid again.
 */
import type { Grid } from './grid';
import { closeOnGrid, type QuoteSeries } from './market-series';

interface Kept {
  series: QuoteSeries;
  firstDay: number;
  length: number;
  close: Float64Array;
}

export class CloseSeries {
  private readonly kept = new Map<string, Kept>();

  /** Shared memory when it can be (shared-series.ts), mostly a view of the quote's daily closes: never written after. */
  onGrid(grid: Grid, ticker: string, series: QuoteSeries): Float64Array {
    const kept = this.kept.get(ticker);
    if (kept && kept.series === series && kept.firstDay === grid.firstDay && kept.length === grid.length)
      return kept.close;
    const close = closeOnGrid(grid, series);
    this.kept.set(ticker, { series, firstDay: grid.firstDay, length: grid.length, close });
    return close;
  }

  /** Forgets the closes of tickers no longer held. */
  keepOnly(tickers: ReadonlySet<string> | ReadonlyMap<string, unknown>): void {
    for (const ticker of this.kept.keys()) if (!tickers.has(ticker)) this.kept.delete(ticker);
  }
}
