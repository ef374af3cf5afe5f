/**
 * What the engine computes only when a page asks for it, not for the dashboard: one holding's series (the
 * holding's page) and the dividend records (the tax report). The worker loads it with the first such ask
 * (engine `use`), so the worker's first chunk stays without it; Node's engine has it from the start.
 */
import { byDateAscending } from '../../model';
import { unitsPerMajor } from './currency';
import type { Grid } from './grid';
import { holdingSeries } from './holding-series';
import type { MarketData } from './market-series';
import type { TickerSeries } from './ticker-series';
import type { TickerState } from './ticker-state';
import type { TickerTransactions } from './ticker-transactions';
import type { DividendRecord, HoldingSeries } from './types';

/** `ticker`'s holding series (holding-series.ts) in the base currency; null without series or a rate it needs. */
export function holdingOf(
  grid: Grid,
  ticker: string,
  series: TickerSeries | null | undefined,
  quote: MarketData | undefined,
  base: string,
  rateOf: (currency: string) => Float64Array | null,
): HoldingSeries | null {
  if (!series) return null;
  const currency = quote?.ok ? quote.series.currency : base;
  const rate = rateOf(currency);
  return rate ? holdingSeries(grid, ticker, series, rate, unitsPerMajor(currency)) : null;
}

/** Every dividend of the tickers computed with their income (`states`), by date, then ticker: the tax report's rows. */
export function dividendRecordsOf(
  states: ReadonlyMap<string, TickerState>,
  transactions: ReadonlyMap<string, TickerTransactions>,
): DividendRecord[] {
  const records: DividendRecord[] = [];
  for (const [ticker, state] of states) {
    if (!state.income) continue;
    const { dates, values, taxes, currencies } = (transactions.get(ticker) as TickerTransactions).columns.dividend;
    const rates = state.income.dividendRates;
    for (let k = 0; k < rates.length; k += 1) {
      records.push({
        date: dates[k],
        ticker,
        currency: currencies[k],
        net: values[k],
        tax: taxes[k],
        eurPerUnit: rates[k],
      });
    }
  }
  return records.sort((a, b) => byDateAscending(a, b) || (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
}
