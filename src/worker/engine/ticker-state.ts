/**
 * One ticker's result on the grid: its figures, totals and series, or — when an exchange rate it needs
 * has no quote — only its share count, left out of every sum.
 */
import type { CloseSeries } from './close-series';
import { fxSymbolFor, majorCurrency } from './currency';
import type { FxRates } from './fx-rates';
import type { GridPeriods } from './calendar-periods';
import type { Grid } from './grid';
import { costBasisOf, type CostBasis } from './holdings';
import type { MarketData, QuoteSeries } from './market-series';
import { excludedTickerFigures, tickerFigures, type TickerFacts } from './summary';
import {
  computeTicker,
  currenciesNeeded,
  sharesOnAsOf,
  type KeptParts,
  type TickerSeries,
  type TickerTotals,
} from './ticker-series';
import { computeTickerIncome, type TickerIncome } from './ticker-income';
import { needsQuotes, type TickerTransactions } from './ticker-transactions';
import type { TickerFigures } from './types';

/** One ticker's result on the current grid; `series` and `totals` are null when it is excluded. */
export type { KeptParts };

export interface TickerState {
  figures: TickerFigures;
  totals: TickerTotals | null;
  series: TickerSeries | null;
  /** Income ahead and received; null when it is excluded. */
  income: TickerIncome | null;
  /** Average-cost basis and realised gain; null when it is excluded. */
  cost: CostBasis | null;
  /** Exchange-rate symbols it converts with (used or missing). */
  fxSymbols: string[];
  /** Of those, the ones its own transactions convert with (a booking in USD); not the quote's alone. */
  bookingFxSymbols: string[];
  /** What it was computed from: another base's state of the same takes its days and amounts (`computeTicker`). */
  from: { transactions: TickerTransactions; quote: QuoteSeries | null; firstDay: number; lastDay: number };
}

export function computeTickerState(
  grid: Grid,
  periods: GridPeriods,
  transactions: TickerTransactions,
  market: ReadonlyMap<string, MarketData>,
  fx: FxRates,
  /** The base currency every figure is in (SEMANTICS.md, "Currencies and the base currency"). */
  base: string,
  /** Where each ticker's close on the grid is kept between computations; none: carried afresh. */
  closes?: CloseSeries,
  /** The ticker's state in another base (states-per-base.ts): what is the same in every base is taken from it when it was computed from the same. */
  other?: TickerState,
  /** The kept parts' code (kept-parts.ts), when loaded. */
  parts?: KeptParts,
): TickerState {
  const quote = market.get(transactions.ticker);
  const series = quote?.ok ? quote.series : null;
  const from = { transactions, quote: series, firstDay: grid.firstDay, lastDay: grid.lastDay };
  const missingSymbols = series || !needsQuotes(transactions) ? [] : [transactions.ticker];
  const rates = new Map<string, Float64Array>([[base, fx.ones(grid)]]);
  const fxSymbols: string[] = [];
  let ratesMissing = false;
  const bookingCurrencies = currenciesNeeded(transactions, null, grid.lastDay, base);
  const quoteCurrency = series ? majorCurrency(series.currency) : base;
  const needed =
    quoteCurrency === base || bookingCurrencies.includes(quoteCurrency)
      ? bookingCurrencies
      : [...bookingCurrencies, quoteCurrency].sort();
  for (const currency of needed) {
    const symbol = fxSymbolFor(currency, base) as string;
    const rate = fx.onGrid(grid, symbol, market.get(symbol));
    fxSymbols.push(symbol);
    if (rate) rates.set(currency, rate.rate);
    else {
      missingSymbols.push(symbol);
      ratesMissing = true;
    }
  }
  const bookingFxSymbols = bookingCurrencies.map((currency) => fxSymbolFor(currency, base) as string);
  const facts: TickerFacts = {
    trades: transactions.columns.stock.days.length,
    currency: transactions.currency,
    quoteCurrency: series?.currency ?? null,
    listingCurrency: series?.currency ?? transactions.priceCurrency ?? transactions.currency,
    dataSource: series?.dataSource ?? null,
    missingSymbols,
    product: transactions.product,
  };
  if (ratesMissing) {
    // Never convert at a guessed rate: the ticker stays out of every sum until its rate arrives.
    return {
      figures: excludedTickerFigures(sharesOnAsOf(grid, transactions, series), facts),
      totals: null,
      series: null,
      cost: null,
      income: null,
      fxSymbols,
      bookingFxSymbols,
      from,
    };
  }
  const close = series && closes ? closes.onGrid(grid, transactions.ticker, series) : undefined;
  const same = other?.series && sameSource(other.from, from) ? other.series.entries : undefined;
  const computed = computeTicker(grid, transactions, series, rates, base, close, parts, same);
  const cost = costBasisOf(computed.series.entries.stock);
  return {
    figures: tickerFigures(computed.totals, facts),
    totals: computed.totals,
    series: computed.series,
    cost,
    income: computeTickerIncome(grid, periods, transactions, series, rates, computed, cost.costBasis),
    fxSymbols,
    bookingFxSymbols,
    from,
  };
}

function sameSource(a: TickerState['from'], b: TickerState['from']): boolean {
  return (
    a.transactions === b.transactions && a.quote === b.quote && a.firstDay === b.firstDay && a.lastDay === b.lastDay
  );
}
