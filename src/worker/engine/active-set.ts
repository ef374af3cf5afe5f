/** The active set's series: the cached per-ticker series of the requested tickers summed, with the quotes they use. */
import type { GridPeriods } from './calendar-periods';
import { combineSeries } from './combine';
import type { FxOnGrid, FxRates } from './fx-rates';
import type { Grid } from './grid';
import type { MarketData } from './market-series';
import type { TickerSeries } from './ticker-series';
import type { TickerState } from './ticker-state';
import type { ActiveSeries, PriceSeries } from './types';

export function activeSeries(
  grid: Grid,
  periods: GridPeriods,
  states: ReadonlyMap<string, TickerState>,
  active: readonly string[],
  market: ReadonlyMap<string, MarketData>,
  fx: FxRates,
): ActiveSeries {
  const tickers = [...new Set(active)].filter((ticker) => states.get(ticker)?.series).sort();
  const chosen = tickers.map((ticker) => states.get(ticker) as TickerState);
  const prices: PriceSeries[] = [];
  chosen.forEach((state, k) => {
    if (state.series?.close) {
      const { quoteCurrency, dataSource } = state.figures;
      prices.push({ symbol: tickers[k], currency: quoteCurrency, dataSource, close: state.series.close.slice() });
    }
  });
  for (const symbol of [...new Set(chosen.flatMap((state) => state.fxSymbols))].sort()) {
    const rate = fx.onGrid(grid, symbol, market.get(symbol)) as FxOnGrid;
    prices.push({ symbol, currency: rate.series.currency, dataSource: rate.series.dataSource, close: rate.close.slice() });
  }
  const combined = combineSeries(grid, periods, chosen.map((state) => state.series as TickerSeries));
  return { tickers, ...combined, prices };
}
