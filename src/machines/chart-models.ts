/**
 * The dashboard's 13 charts as models: columns in uPlot's layout (x first), series specs, notes and
 * status, built from the worker's derivation. An unchanged chart keeps its model (and its arrays), so
 * React and uPlot leave it alone; the worker's typed arrays go on to uPlot as they came (no copies, no
 * per-day objects); only sparse transaction series are compacted.
 */
import type { ActiveSeries, Derivation } from '../worker';

type Tickers = Derivation['tickers'];
type PriceSeries = ActiveSeries['prices'][number];

/** uPlot's columns, x first: unix seconds for days, 0…n−1 for categories; null = no value. */
export type ChartColumns = [xValues: number[] | Float64Array, ...yValues: Array<Array<number | null> | Float64Array>];

export type ChartX = { kind: 'days' } | { kind: 'categories'; name: string; labels: string[] };

export interface ChartSeriesSpec {
  label: string;
  /** Appended to every value: ' €', ' %', '' for counts, ' USD' for a quote in dollars. */
  suffix: string;
  style: 'line' | 'bars' | 'points';
  /** Series on a second scale get an axis on the right. */
  scale: 'left' | 'right';
}

/** Everything that decides a chart's options; `key` is equal exactly when the rest is. */
export interface ChartShape {
  key: string;
  x: ChartX;
  series: ChartSeriesSpec[];
}

export type ChartStatus = { kind: 'ready' } | { kind: 'loading' } | { kind: 'missing'; message: string };

export interface ChartModel {
  /** Unique on the page: the title. */
  title: string;
  shape: ChartShape;
  columns: ChartColumns;
  /** Labels about the data: 'Sample prices', 'Offline prices', tickers left out. */
  notes: string[];
  status: ChartStatus;
}

/** The TTM chart's lines, as the engine computes them: the trailing twelve months' income per month, day and hour. */
export const TTM_LINES = ['Monthly', 'Daily', 'Hourly'] as const;

export const PRICES_LOADING = 'Loading prices…';
const SOURCE_NOTES: Partial<Record<NonNullable<PriceSeries['dataSource']>, string>> = { sample: 'Sample prices', files: 'Offline prices' };
const READY: ChartStatus = { kind: 'ready' };
const LOADING: ChartStatus = { kind: 'loading' };
const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'];

const eur = (label: string, style: ChartSeriesSpec['style'] = 'line', scale: ChartSeriesSpec['scale'] = 'left'): ChartSeriesSpec => ({ label, suffix: ' €', style, scale });
const count = (label: string, style: ChartSeriesSpec['style'] = 'line'): ChartSeriesSpec => ({ label, suffix: '', style, scale: 'left' });
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

function sameValues(a: ChartColumns[number], b: ChartColumns[number]): boolean {
  if (a instanceof Float64Array && b instanceof Float64Array) return sameFloat64s(a, b);
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (!Object.is(a[i], b[i])) return false;
  return true;
}

const sameMemory = (a: ChartColumns[number], b: ChartColumns[number]): boolean =>
  a instanceof Float64Array && b instanceof Float64Array && a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.length === b.length;

/**
 * How new columns are compared with a chart's current ones. `memory`: the same arrays or views of the
 * same memory, small plain arrays (categories, transaction days) value by value. `values`: for series that
 * change only with new quotes yet come from the worker as fresh copies on every recombination (a symbol's
 * closes): compared value by value, a price chart whose ticker stayed checked is not redrawn on a toggle.
 */
type Sameness = 'memory' | 'values';

function sameColumns(a: ChartColumns, b: ChartColumns, sameness: Sameness): boolean {
  return (
    a.length === b.length &&
    a.every((column, k) => {
      const other = b[k]!;
      if (column === other || sameMemory(column, other)) return true;
      if (sameness === 'memory' && (column instanceof Float64Array || other instanceof Float64Array)) return false;
      return sameValues(column, other);
    })
  );
}

const sameTexts = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((text, i) => text === b[i]);
const sameStatus = (a: ChartStatus, b: ChartStatus): boolean => a.kind === b.kind && (a.kind !== 'missing' || (b.kind === 'missing' && a.message === b.message));

/**
 * What the charts of one session remember between builds, so that unchanged data keeps its arrays (uPlot
 * is not asked to redraw it) and an unchanged chart keeps its whole model (React does not render it
 * again). It belongs to the session's memory (session-memory.ts, in the portfolio actor's context) and ends with it: nothing of one
 * user's charts outlives a sign-out. Plain data and methods, so two fresh ones compare equal.
 */
export class ChartModels {
  /** Each chart's last model, by title. */
  private readonly lastModels = new Map<string, ChartModel>();
  /** Each chart's columns as last received: columns in the same memory again hold what the model holds, with no comparison of values. */
  private readonly lastReceived = new Map<string, ChartColumns>();
  /** The sparse transaction columns by kind, and the arrays they were made of: a toggle rebuilds the charts before the worker answers. */
  private readonly lastSparse = new Map<'values' | 'amounts', { of: Float64Array[]; columns: ChartColumns }>();
  private lastDays: Float64Array | null = null;

  /** The dashboard's 13 charts, in order, for the checked tickers. */
  build(input: ChartsInput): ChartModel[] {
    return buildCharts(input, {
      chart: (title, x, series, columns, notes, status, sameness) => this.chart(title, x, series, columns, notes, status, sameness),
      sparse: (kind, days, a, b, c) => this.sparse(kind, days, a, b, c),
      days: this.stableDays(input.active.days),
    });
  }

  private chart(title: string, x: ChartX, series: ChartSeriesSpec[], columns: ChartColumns, notes: string[], status: ChartStatus = READY, sameness: Sameness = 'memory'): ChartModel {
    const previous = this.lastModels.get(title);
    const received = this.lastReceived.get(title);
    this.lastReceived.set(title, columns);
    const key = JSON.stringify([x, series]);
    const unchanged = previous && ((received && sameColumns(received, columns, 'memory')) || sameColumns(previous.columns, columns, sameness));
    const stable = unchanged ? previous.columns : columns;
    if (previous && previous.columns === stable && previous.shape.key === key && sameTexts(previous.notes, notes) && sameStatus(previous.status, status)) return previous;
    const model = { title, shape: { key, x, series }, columns: stable, notes, status };
    this.lastModels.set(title, model);
    return model;
  }

  /** `sparseColumns` of three series, computed again only for other arrays. */
  private sparse(kind: 'values' | 'amounts', days: Float64Array, a: Float64Array, b: Float64Array, c: Float64Array): ChartColumns {
    const of = [days, a, b, c];
    const last = this.lastSparse.get(kind);
    if (last && last.of.every((array, i) => array === of[i])) return last.columns;
    const columns = sparseColumns(days, [a, b, c]);
    this.lastSparse.set(kind, { of, columns });
    return columns;
  }

  /** The grid's days as first received: a recombination sends an equal grid in new memory; views of the same memory compare in no time. */
  private stableDays(days: Float64Array): Float64Array {
    if (!this.lastDays || !sameFloat64s(this.lastDays, days)) this.lastDays = days;
    return this.lastDays;
  }
}

export const createChartModels = (): ChartModels => new ChartModels();

type ChartFactory = (title: string, x: ChartX, series: ChartSeriesSpec[], columns: ChartColumns, notes: string[], status?: ChartStatus, sameness?: Sameness) => ChartModel;

/** What one build uses of its session's memory. */
interface BuildMemory {
  chart: ChartFactory;
  sparse: (kind: 'values' | 'amounts', days: Float64Array, a: Float64Array, b: Float64Array, c: Float64Array) => ChartColumns;
  /** The grid's days, in the memory of the first equal grid. */
  days: Float64Array;
}

/** Days on which any of the series has a value, and each series on those days (null where it has none). */
export function sparseColumns(days: Float64Array, perDay: Float64Array[]): ChartColumns {
  // Plain loops over typed arrays, no callbacks: this runs once per derivation on 10,000+ days, often
  // before the JIT has warmed up. First the indices of the days with a value, then each column from them.
  const at = new Int32Array(days.length);
  let count = 0;
  for (let i = 0; i < days.length; i += 1) {
    for (let k = 0; k < perDay.length; k += 1) {
      const value = perDay[k]![i]!;
      if (value === value) {
        at[count] = i;
        count += 1;
        break;
      }
    }
  }
  // Filled by push, not by index into `new Array(count)`: packed arrays, which uPlot's loops read fastest.
  const x: number[] = [];
  for (let j = 0; j < count; j += 1) x.push(days[at[j]!]!);
  const ys = perDay.map((series) => {
    const column: Array<number | null> = [];
    for (let j = 0; j < count; j += 1) {
      const value = series[at[j]!]!;
      column.push(value === value ? value : null);
    }
    return column;
  });
  return [x, ...ys];
}

/** 'Sample prices' or 'Offline prices' for prices from there; null for live ones (or none). */
export const sourceNote = (dataSource: PriceSeries['dataSource']): string | null => (dataSource && SOURCE_NOTES[dataSource]) || null;

const sourceNotes = (prices: PriceSeries[]): string[] => unique(prices.flatMap((p) => sourceNote(p.dataSource) ?? []));

const suffixOf = (currency: string | null): string => (currency === null ? '' : currency === 'EUR' ? ' €' : ` ${currency}`);

export interface ChartsInput {
  active: ActiveSeries;
  tickers: Tickers;
  /** Checked tickers (non-empty). */
  checked: string[];
  pricesLoading: boolean;
  /** The whole quotes request failed (the page shows its message and a 'Retry'). */
  pricesFailed?: boolean;
  priceErrors: Record<string, string>;
}

/** 'Yahoo Data: {symbol}' for each checked ticker, then each exchange rate they need; missing ones say why. */
function priceCharts({ active, tickers, checked, pricesLoading, pricesFailed, priceErrors }: ChartsInput, { chart, days }: BuildMemory): ChartModel[] {
  const bySymbol = new Map(active.prices.map((price) => [price.symbol, price]));
  // The tickers the worker summed (it answers a toggle a moment later), and checked ones it had to leave out.
  const checkedTickers = Object.keys(tickers).filter((ticker) => active.tickers.includes(ticker) || (tickers[ticker].excluded && checked.includes(ticker)));
  const rates = new Set(active.prices.map((price) => price.symbol).filter((symbol) => !(symbol in tickers)));
  for (const ticker of checkedTickers) for (const symbol of tickers[ticker].missingSymbols) if (!(symbol in tickers)) rates.add(symbol);
  return [...checkedTickers, ...[...rates].sort()].map((symbol) => {
    const title = `Yahoo Data: ${symbol}`;
    const price = bySymbol.get(symbol);
    const first = price ? price.close.findIndex((close) => !Number.isNaN(close)) : -1;
    if (!price || first < 0) {
      const why =
        priceErrors[symbol] ??
        (pricesFailed ? 'Prices could not be loaded.' : tickers[symbol]?.excluded ? 'Left out: an exchange rate it needs has no prices.' : 'No prices for this symbol in this period.');
      return chart(title, DAYS, [], [[]], [], pricesLoading ? LOADING : { kind: 'missing', message: why });
    }
    const series = [{ label: price.currency ? `Close (${price.currency})` : 'Close', suffix: suffixOf(price.currency), style: 'line' as const, scale: 'left' as const }];
    // Before the first bar the close is NaN; uPlot reads NaN as a value, so the chart starts at the first bar.
    return chart(title, DAYS, series, [days.subarray(first), price.close.subarray(first)], sourceNotes([price]), READY, 'values');
  });
}

function buildCharts(input: ChartsInput, memory: BuildMemory): ChartModel[] {
  const { active, tickers, checked, pricesLoading } = input;
  const { transactions } = active;
  const { chart, sparse, days } = memory;
  const checkedFigures = checked.filter((ticker) => ticker in tickers).map((ticker) => [ticker, tickers[ticker]] as const);
  const excluded = checkedFigures.filter(([, figures]) => figures.excluded).map(([ticker]) => ticker);
  const atCost = checkedFigures.filter(([, figures]) => !figures.excluded && figures.priceSource !== 'market').map(([ticker]) => ticker);
  const excludedNotes = excluded.length === 0 ? [] : [`${pricesLoading ? 'Waiting for exchange rates' : 'Left out, no exchange rate'}: ${excluded.join(', ')}`];
  // Transaction values in other currencies are converted with the exchange rates: they depend on those prices.
  const fxNotes = [...sourceNotes(active.prices.filter((price) => !active.tickers.includes(price.symbol))), ...excludedNotes];
  const marketNotes = [...sourceNotes(active.prices), ...excludedNotes, ...(atCost.length > 0 && !pricesLoading ? [`Priced at cost, no quotes: ${atCost.join(', ')}`] : [])];
  const priceStatus = pricesLoading ? LOADING : READY;

  const byYear = active.dividendPerQuarterByYear;
  const ttm = active.ttmDividendPerQuarter;
  const yields = active.yieldPerYear;
  const quarterLabels = active.dividendPerQuarter.quarters;
  const [stock, dividend, commission] = [transactions.stock, transactions.dividend, transactions.commission];
  const typeLabels = ['Stock', 'Dividend', 'Commission'];

  return [
    chart('Dividend per quarter by year', categories('Quarter', QUARTERS), byYear.map((year) => eur(year.year, 'bars')), [indices(4), ...byYear.map((year) => year.data)], fxNotes),
    chart(
      'TTM dividend per quarter',
      categories('Quarter', ttm.quarters),
      [eur('Yearly', 'bars'), ...TTM_LINES.map((label) => eur(label))],
      [indices(ttm.values.length), ttm.values, ttm.monthly, ttm.daily, ttm.hourly],
      fxNotes,
    ),
    chart('Portfolio value', DAYS, [eur('Value'), eur('Invested')], [days, active.value, active.invested], marketNotes, priceStatus),
    chart('Profit', DAYS, [eur('Profit')], [days, active.profit], marketNotes, priceStatus),
    chart(
      'Yield per year',
      categories('Year', yields.years),
      [{ label: 'Yield', suffix: ' %', style: 'bars', scale: 'left' }, eur('Profit', 'line', 'right')],
      [indices(yields.years.length), yields.yields, yields.profit],
      marketNotes,
      priceStatus,
    ),
    chart(
      'Dividend per quarter',
      categories('Quarter', quarterLabels),
      [eur('Received', 'bars'), eur('Expected', 'bars')],
      [indices(quarterLabels.length), active.dividendPerQuarter.values, active.expectedDividendPerQuarter.values],
      pricesLoading ? [...marketNotes, `Expected: ${PRICES_LOADING}`] : marketNotes,
    ),
    chart('Aggregated Dividend', DAYS, [eur('Dividend')], [days, active.dividend], fxNotes),
    ...priceCharts(input, memory),
    chart('Aggregated Commission', DAYS, [eur('Commission')], [days, active.commission], fxNotes),
    chart('Transactions Values', DAYS, typeLabels.map((label) => eur(label, 'points')), sparse('values', days, stock.values, dividend.values, commission.values), fxNotes),
    chart('Aggregated Transactions Values', DAYS, typeLabels.map((label) => eur(label)), [days, stock.aggregatedValues, dividend.aggregatedValues, commission.aggregatedValues], fxNotes),
    chart('Transactions Amounts', DAYS, typeLabels.map((label) => count(label, 'points')), sparse('amounts', days, stock.amounts, dividend.amounts, commission.amounts), fxNotes),
    chart('Aggregated Transactions Amounts', DAYS, typeLabels.map((label) => count(label)), [days, stock.aggregatedAmounts, dividend.aggregatedAmounts, commission.aggregatedAmounts], fxNotes),
  ];
}
