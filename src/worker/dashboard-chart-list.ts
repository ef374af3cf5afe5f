/**
 * The dashboard's 13 charts of one build, in their order: each chart's title, x axis, series specs, columns
 * (uPlot's layout, x first: the engine's typed arrays as they are, sparse transaction series compacted) and
 * notes, the price charts of the checked tickers and their exchange rates (those without prices listed once),
 * and which checked tickers are left out or valued at cost. Each chart is made through the factory it is
 * given: dashboard-charts.ts, which keeps what the last build made and gives each chart its revision.
 */
import {
  daysWithAValue,
  sourceNote,
  TTM_LINES,
  type ChartColumns,
  type ChartData,
  type ChartRole,
  type ChartSeriesSpec,
  type ChartX,
  type DashboardChartData,
  type UnpricedSymbol,
} from '../model/chart-data';
import { newPriceSeries } from './engine/shared-series';
import type { ActiveSeries, Derivation, PriceSeries } from './engine/types';

type Tickers = Derivation['tickers'];

const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'];
const FX: ChartRole = { kind: 'fx' };
const MARKET: ChartRole = { kind: 'market' };
const EXPECTED: ChartRole = { kind: 'expected' };

/** A series of money in the base currency `base` (its code is the unit the page formats it with). */
const inBase =
  (base: string) =>
  (
    label: string,
    style: ChartSeriesSpec['style'] = 'line',
    scale: ChartSeriesSpec['scale'] = 'left',
  ): ChartSeriesSpec => ({ label, suffix: ` ${base}`, style, scale });
const count = (label: string, style: ChartSeriesSpec['style'] = 'line'): ChartSeriesSpec => ({
  label,
  suffix: '',
  style,
  scale: 'left',
});
const DAYS: ChartX = { kind: 'days' };
const categories = (name: string, labels: string[]): ChartX => ({ kind: 'categories', name, labels });
const indices = (length: number): number[] => Array.from({ length }, (_, i) => i);
const unique = (texts: string[]): string[] => [...new Set(texts)];

/**
 * Days on which any of the series has a value, and each series on those days (NaN where it has none):
 * typed arrays, which cross to the page with no per-value work, in memory kept here (shared when it can
 * be), so that the next build compares them value by value. The page turns NaN into null (uPlot's "no value").
 */
function sparseSeries(days: Float64Array, perDay: Float64Array[]): ChartColumns {
  const { at, count } = daysWithAValue(days, perDay);
  const x = newPriceSeries(count);
  for (let j = 0; j < count; j += 1) x[j] = days[at[j]!]!;
  const ys = perDay.map((series) => {
    const column = newPriceSeries(count);
    for (let j = 0; j < count; j += 1) column[j] = series[at[j]!]!;
    return column;
  });
  return [x, ...ys];
}

/** `sparse`: columns of {@link sparseSeries}, compared value by value. */
type ChartFactory = (
  title: string,
  x: ChartX,
  series: ChartSeriesSpec[],
  columns: ChartColumns,
  notes: string[],
  role: ChartRole,
  sparse?: boolean,
) => ChartData;

/** Whether a price series has a bar in the grid (NaN before the first bar and throughout when it has none). */
const drawn = (price: PriceSeries): boolean => price.close.some((close) => !Number.isNaN(close));

/** The notes of the prices a chart draws with: only those that have bars, so a chart is not labelled with prices it never used. */
const sourceNotes = (prices: PriceSeries[]): string[] =>
  unique(prices.filter(drawn).flatMap((p) => sourceNote(p.dataSource) ?? []));

/** A quote's unit: its currency's code (`GBp`, pence, is no currency: the page writes it after the number). */
const suffixOf = (currency: string | null): string => (currency === null ? '' : ` ${currency}`);

/**
 * 'Yahoo Data: {symbol}' for each checked ticker, then each exchange rate they need, that HAS prices; the
 * others are listed once (`unpriced`), not drawn as empty cards: with fifty products from a statement,
 * most have no quotes, and fifty empty frames hide the few charts there are.
 */
function priceCharts(
  active: ActiveSeries,
  tickers: Tickers,
  checked: readonly string[],
  days: Float64Array,
  chart: ChartFactory,
): { charts: ChartData[]; unpriced: UnpricedSymbol[] } {
  const bySymbol = new Map(active.prices.map((price) => [price.symbol, price]));
  const checkedSet = new Set(checked);
  const summed = new Set(active.tickers);
  // The tickers summed, and checked ones left out.
  const checkedTickers = Object.keys(tickers).filter(
    (ticker) => summed.has(ticker) || (tickers[ticker].excluded && checkedSet.has(ticker)),
  );
  const rates = new Set(active.prices.map((price) => price.symbol).filter((symbol) => !(symbol in tickers)));
  for (const ticker of checkedTickers)
    for (const symbol of tickers[ticker].missingSymbols) if (!(symbol in tickers)) rates.add(symbol);
  const charts: ChartData[] = [];
  // A ticker without trades (DEGIRO's account costs) has no price to chart or to miss.
  const priced = (symbol: string) => !(symbol in tickers) || tickers[symbol].trades > 0;
  const unpriced: UnpricedSymbol[] = [];
  for (const symbol of [...checkedTickers.filter(priced), ...[...rates].sort()]) {
    const price = bySymbol.get(symbol);
    const first = price ? price.close.findIndex((close) => !Number.isNaN(close)) : -1;
    if (!price || first < 0) {
      unpriced.push({ symbol, excludedTicker: tickers[symbol]?.excluded ?? false, rate: !(symbol in tickers) });
      continue;
    }
    const series = [
      {
        label: price.currency ? `Close (${price.currency})` : 'Close',
        suffix: suffixOf(price.currency),
        style: 'line' as const,
        scale: 'left' as const,
      },
    ];
    // Before the first bar the close is NaN; uPlot reads NaN as a value, so the chart starts at the first bar.
    charts.push(
      chart(
        `Yahoo Data: ${symbol}`,
        DAYS,
        series,
        [days.subarray(first), price.close.subarray(first)],
        sourceNotes([price]),
        { kind: 'price', symbol, hasData: true, excludedTicker: false },
      ),
    );
  }
  return { charts, unpriced };
}

/** Cash, then account value, per grid day. */
export type AccountLines = [cashValue: Float64Array, accountValue: Float64Array];

export function buildCharts(
  active: ActiveSeries,
  tickers: Tickers,
  checked: readonly string[],
  days: Float64Array,
  account: AccountLines | null,
  base: string,
  chart: ChartFactory,
): DashboardChartData {
  const eur = inBase(base);
  /** Bars of the money each period brought. */
  const perPeriod = (label: string): ChartSeriesSpec => ({ ...eur(label, 'bars'), perPeriod: true });
  const { transactions } = active;
  const checkedFigures = checked
    .filter((ticker) => ticker in tickers)
    .map((ticker) => [ticker, tickers[ticker]] as const);
  const excluded = checkedFigures.filter(([, figures]) => figures.excluded).map(([ticker]) => ticker);
  const atCost = checkedFigures
    .filter(([, figures]) => !figures.excluded && figures.priceSource !== 'market')
    .map(([ticker]) => ticker);
  // Transaction values in other currencies are converted with the exchange rates: those charts depend on
  // the rates that convert a booking, not on a rate only a quote needs (a USD listing bought in EUR).
  const fxNotes = sourceNotes(active.prices.filter((price) => price.convertsBookings));
  const marketNotes = sourceNotes(active.prices);

  const byYear = active.dividendPerQuarterByYear;
  const ttm = active.ttmDividendPerQuarter;
  const yields = active.yieldPerYear;
  const quarterLabels = active.dividendPerQuarter.quarters;
  const [stock, dividend, commission] = [transactions.stock, transactions.dividend, transactions.commission];
  const typeLabels = ['Stock', 'Dividend', 'Commission'];
  const prices = priceCharts(active, tickers, checked, days, chart);

  const charts = [
    chart(
      'Dividend per quarter by year',
      categories('Quarter', QUARTERS),
      byYear.map((year) => perPeriod(year.year)),
      [indices(4), ...byYear.map((year) => year.data)],
      fxNotes,
      FX,
    ),
    chart(
      'TTM dividend per quarter',
      categories('Quarter', ttm.quarters),
      [eur('Yearly', 'bars'), ...TTM_LINES.map((label) => eur(label))],
      [indices(ttm.values.length), ttm.values, ttm.monthly, ttm.daily, ttm.hourly],
      fxNotes,
      FX,
    ),
    // With cash, the account's own lines: its cash, and the securities (every ticker of the view) with it.
    account
      ? chart(
          'Portfolio value',
          DAYS,
          [eur('Value'), eur('Invested'), eur('Cash'), eur('Account value')],
          [days, active.value, active.invested, ...account],
          marketNotes,
          MARKET,
        )
      : chart(
          'Portfolio value',
          DAYS,
          [eur('Value'), eur('Invested')],
          [days, active.value, active.invested],
          marketNotes,
          MARKET,
        ),
    chart('Profit', DAYS, [eur('Profit')], [days, active.profit], marketNotes, MARKET),
    chart(
      'Yield per year',
      categories('Year', yields.years),
      [{ label: 'Yield', suffix: ' %', style: 'bars', scale: 'left' }, eur('Profit', 'line', 'right')],
      [indices(yields.years.length), yields.yields, yields.profit],
      marketNotes,
      MARKET,
    ),
    chart(
      'Dividend per quarter',
      categories('Quarter', quarterLabels),
      [perPeriod('Received'), perPeriod('Expected')],
      [indices(quarterLabels.length), active.dividendPerQuarter.values, active.expectedDividendPerQuarter.values],
      marketNotes,
      EXPECTED,
    ),
    chart('Aggregated Dividend', DAYS, [eur('Dividend')], [days, active.dividend], fxNotes, FX),
    ...prices.charts,
    chart('Aggregated Commission', DAYS, [eur('Commission')], [days, active.commission], fxNotes, FX),
    chart(
      'Transactions Values',
      DAYS,
      typeLabels.map((label) => eur(label, 'points')),
      sparseSeries(days, [stock.values, dividend.values, commission.values]),
      fxNotes,
      FX,
      true,
    ),
    chart(
      'Aggregated Transactions Values',
      DAYS,
      typeLabels.map((label) => eur(label)),
      [days, stock.aggregatedValues, dividend.aggregatedValues, commission.aggregatedValues],
      fxNotes,
      FX,
    ),
    chart(
      'Transactions Amounts',
      DAYS,
      typeLabels.map((label) => count(label, 'points')),
      sparseSeries(days, [stock.amounts, dividend.amounts, commission.amounts]),
      fxNotes,
      FX,
      true,
    ),
    chart(
      'Aggregated Transactions Amounts',
      DAYS,
      typeLabels.map((label) => count(label)),
      [days, stock.aggregatedAmounts, dividend.aggregatedAmounts, commission.aggregatedAmounts],
      fxNotes,
      FX,
    ),
  ];
  return { charts, excluded, atCost, unpriced: prices.unpriced };
}
