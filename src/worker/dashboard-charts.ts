/**
 * The dashboard's 13 charts, built here from each derivation and combination: columns in uPlot's layout
 * (x first), series specs, the data's notes, and a revision that changes exactly when a chart's shape or
 * columns do. The page receives them as values with the derive's answer and only adds its own state
 * (prices loading or failed: machines/chart-models.ts); it never compares a value to know what changed.
 * The engine's typed arrays go in as they are (no copies, no per-day objects): transferred with the
 * answer, or shared (the closes); only sparse transaction series are compacted (typed arrays too).
 */
import {
  daysWithAValue,
  sourceNote,
  TTM_LINES,
  type ChartColumns,
  type ChartData,
  type ChartRole,
  type ChartSeriesSpec,
  type ChartShape,
  type ChartX,
  type DashboardChartData,
  type UnpricedSymbol,
} from '../model/chart-data';
import { handOut, newPriceSeries } from './engine/shared-series';
import type { ActiveSeries, Derivation, PriceSeries } from './engine/types';

type Tickers = Derivation['tickers'];

/** A derive's answer: the derivation and the dashboard's charts of its active tickers. */
export interface ChartedDerivation extends Derivation {
  charts: DashboardChartData;
}

/** A combination's answer (a ticker toggled): the active tickers' series and their charts. */
export interface ChartedSeries {
  active: ActiveSeries;
  charts: DashboardChartData;
}

const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'];
const FX: ChartRole = { kind: 'fx' };
const MARKET: ChartRole = { kind: 'market' };
const EXPECTED: ChartRole = { kind: 'expected' };

const eur = (
  label: string,
  style: ChartSeriesSpec['style'] = 'line',
  scale: ChartSeriesSpec['scale'] = 'left',
): ChartSeriesSpec => ({ label, suffix: ' €', style, scale });
/** Bars of the euros each period brought. */
const perPeriod = (label: string): ChartSeriesSpec => ({ ...eur(label, 'bars'), perPeriod: true });
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

/** Equal value by value, NaN equal to NaN. A loop of its own for typed arrays: it stays monomorphic, so the JIT makes it fast early. */
function sameFloat64s(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y && (x === x || y === y)) return false;
  }
  return true;
}

/** Plain arrays (categories, per-year figures, sparse transaction days), kept here as built: value by value. */
function samePlain(a: ReadonlyArray<number | null>, b: ReadonlyArray<number | null>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (!Object.is(a[i], b[i])) return false;
  return true;
}

const sameMemory = (a: Float64Array, b: Float64Array): boolean =>
  a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.length === b.length;

/**
 * A column as it is compared with the next build's: plain arrays as they are; typed arrays by their
 * memory. The engine hands out new arrays for every result (and the answer's transfer empties them
 * here), except series in shared memory, which it hands out again unchanged: the same memory is the same
 * values. The grid's days are kept here, once per distinct grid (`DashboardCharts.stableDays`).
 */
type Column = ChartColumns[number];

function sameColumn(a: Column, b: Column, byValue: boolean): boolean {
  if (a === b) return true;
  if (a instanceof Float64Array || b instanceof Float64Array)
    return (
      a instanceof Float64Array && b instanceof Float64Array && (sameMemory(a, b) || (byValue && sameFloat64s(a, b)))
    );
  return samePlain(a, b);
}

const sameColumns = (a: ChartColumns, b: ChartColumns, byValue: boolean): boolean =>
  a.length === b.length && a.every((column, k) => sameColumn(column, b[k]!, byValue));

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

/** A chart as the last build made it: what the next build compares with. */
interface Built {
  key: string;
  columns: ChartColumns;
  revision: number;
}

/**
 * What the worker remembers of the charts it built, so that a chart whose shape and columns did not
 * change keeps its revision (and the page its drawing). One per worker API: a sign-out replaces it.
 */
export class DashboardCharts {
  private readonly last = new Map<string, Built>();
  /** Every ticker's figures as of the last derive: a combination reads them. */
  private tickers: Tickers = {};
  /** Revisions are never reused: the page may hold any number handed out before. */
  private nextRevision = 1;
  /** The grid's days in memory this object keeps (shared with the page when it can be), replaced only by other days. */
  private days: Float64Array | null = null;
  /**
   * The view's cash and account value per day as of the last derive (SEMANTICS.md, "Cash"), kept here: a
   * combination draws them again (they do not change with the checked tickers). Null when the view holds no cash.
   */
  private accountLines: AccountLines | null = null;

  /** A derivation for `active` (null = every ticker) with its charts. */
  derived(derivation: Derivation, active: readonly string[] | null): ChartedDerivation {
    this.tickers = derivation.tickers;
    const { account } = derivation;
    this.accountLines = account?.ok ? [keptCopy(account.cashValue), keptCopy(account.accountValue)] : null;
    return { ...derivation, charts: this.build(derivation.active, derivation.tickers, active) };
  }

  /** A combination of the last derive's tickers for `active` with its charts. */
  combined(series: ActiveSeries, active: readonly string[]): ChartedSeries {
    return { active: series, charts: this.build(series, this.tickers, active) };
  }

  /** The charts for `checked` (null = every ticker) from a derivation's or combination's active series; none when no ticker is checked. */
  private build(active: ActiveSeries, tickers: Tickers, checked: readonly string[] | null): DashboardChartData {
    const checkedTickers = checked ?? Object.keys(tickers);
    if (checkedTickers.length === 0) return { charts: [], excluded: [], atCost: [], unpriced: [] };
    const shapes = new Map<string, ChartShape>();
    const account = this.accountLines && (this.accountLines.map(handOut) as AccountLines);
    return buildCharts(
      active,
      tickers,
      checkedTickers,
      this.stableDays(active.days),
      account,
      (title, x, series, columns, notes, role, sparse = false) =>
        this.chart(shapes, title, x, series, columns, notes, role, sparse),
    );
  }

  private chart(
    shapes: Map<string, ChartShape>,
    title: string,
    x: ChartX,
    series: ChartSeriesSpec[],
    columns: ChartColumns,
    notes: string[],
    role: ChartRole,
    sparse: boolean,
  ): ChartData {
    const key = JSON.stringify([x, series]);
    const previous = this.last.get(title);
    const revision =
      previous && previous.key === key && sameColumns(previous.columns, columns, sparse)
        ? previous.revision
        : this.nextRevision++;
    this.last.set(title, { key, columns, revision });
    // One object per shape in an answer: a message carries an object once however often it is referenced,
    // so the page unpacks the price charts' few shapes once, not one per symbol.
    let shape = shapes.get(key);
    if (!shape) shapes.set(key, (shape = { key, x, series }));
    return { title, shape, columns, revision, notes, role, sparse };
  }

  /**
   * The grid's days, kept while equal: a derive or a combination brings an equal grid in new memory. In
   * shared memory when it can be (the page's charts then keep the same columns, and nothing is copied);
   * otherwise a copy for each answer, which it transfers, of the days kept here.
   */
  private stableDays(days: Float64Array): Float64Array {
    if (!this.days || !sameFloat64s(this.days, days)) {
      const kept = newPriceSeries(days.length);
      kept.set(days);
      this.days = kept;
    }
    return this.days.buffer instanceof ArrayBuffer ? this.days.slice() : this.days;
  }
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

const suffixOf = (currency: string | null): string =>
  currency === null ? '' : currency === 'EUR' ? ' €' : ` ${currency}`;

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
type AccountLines = [cashValue: Float64Array, accountValue: Float64Array];

/** A series' copy this object keeps (in shared memory when it can be): the engine's own is transferred with the answer. */
function keptCopy(series: Float64Array): Float64Array {
  const kept = newPriceSeries(series.length);
  kept.set(series);
  return kept;
}

function buildCharts(
  active: ActiveSeries,
  tickers: Tickers,
  checked: readonly string[],
  days: Float64Array,
  account: AccountLines | null,
  chart: ChartFactory,
): DashboardChartData {
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
