/**
 * A set of tickers' series: the cached per-ticker series summed, with the quotes they use and their cash
 * flows and TWR. The close series are handed out as they are when shared (no copy per derive or toggle).
 */
import type { GridPeriods } from './calendar-periods';
import { cashFlows, type CashFlows } from './cash-flows';
import type { AmountSums } from './kept-parts';
import { combineSeries } from './combine';
import type { FxOnGrid, FxRates } from './fx-rates';
import type { Grid } from './grid';
import type { MarketData } from './market-series';
import { scratchArray } from './scratch';
import { handOut } from './shared-series';
import type { KeptParts, TickerSeries } from './ticker-series';
import type { TickerState } from './ticker-state';
import { growthSeries, twrPercent } from './twr';
import { ValueSums } from './value-sums';
import type { ActiveSeries, PriceSeries } from './types';

export interface TickerSet {
  series: ActiveSeries;
  /** Valid until the next set's (scratch.ts): never handed out. */
  flows: CashFlows;
  /** Growth of one euro at work per grid day (1 + twr / 100); valid until the next set's. */
  growth: Float64Array;
}

/**
 * The value sums kept between sets (value-sums.ts), and with the kept parts' code (kept-parts.ts) the
 * sums no base changes; without it, those are made afresh.
 */
export interface SetSums {
  value: ValueSums;
  parts?: KeptParts;
  amounts?: AmountSums;
}

export function tickerSet(
  grid: Grid,
  periods: GridPeriods,
  states: ReadonlyMap<string, TickerState>,
  active: readonly string[],
  market: ReadonlyMap<string, MarketData>,
  fx: FxRates,
  sums: SetSums = { value: new ValueSums() },
): TickerSet {
  const tickers = [...new Set(active)].filter((ticker) => states.get(ticker)?.series).sort();
  const chosen = tickers.map((ticker) => states.get(ticker) as TickerState);
  const prices: PriceSeries[] = [];
  chosen.forEach((state, k) => {
    if (state.series?.close) {
      const { quoteCurrency, dataSource } = state.figures;
      prices.push({
        symbol: tickers[k],
        currency: quoteCurrency,
        dataSource,
        convertsBookings: false,
        close: handOut(state.series.close),
      });
    }
  });
  const bookingRates = new Set(chosen.flatMap((state) => state.bookingFxSymbols));
  for (const symbol of [...new Set(chosen.flatMap((state) => state.fxSymbols))].sort()) {
    const rate = fx.onGrid(grid, symbol, market.get(symbol)) as FxOnGrid;
    prices.push({
      symbol,
      currency: rate.series.currency,
      dataSource: rate.series.dataSource,
      convertsBookings: bookingRates.has(symbol),
      close: handOut(rate.close),
    });
  }
  const series = chosen.map((state) => state.series as TickerSeries);
  const everyTicker = [...states.keys()].filter((ticker) => states.get(ticker)?.series).sort();
  const value = sums.value.sum(
    grid.length,
    tickers,
    series.map((one) => one.valueParts),
    everyTicker,
  );
  const combined = combineSeries(grid, periods, series, value, sums.amounts);
  // Read by this derive only (its returns, benchmark and account): arrays kept from the last (scratch.ts).
  const { length } = grid;
  const into = {
    bought: scratchArray('flows-bought', length),
    sold: scratchArray('flows-sold', length),
    income: scratchArray('flows-income', length),
  };
  const flows = cashFlows(length, series, into);
  const growth = growthSeries(
    combined.value,
    flows.bought,
    flows.sold,
    flows.income,
    scratchArray('set-growth', length),
  );
  return { series: { tickers, ...combined, prices, twr: twrPercent(growth) }, flows, growth };
}
