/**
 * The dashboard's charts as the worker builds them with each derive (worker/dashboard-charts.ts) and as
 * the page draws them once it has added the prices' state (machines/chart-models.ts).
 */
import { describe, expect, it } from 'vitest';
import { createChartModels, unpricedReason, type ChartModel, type PriceState } from '#src/machines/chart-models';
import { sparseColumns, TTM_LINES, type DashboardChartData } from '#src/model/chart-data';
import { DashboardCharts } from '#src/worker/dashboard-charts';
import { PortfolioEngine } from '#src/worker/engine';
import { derive, overTheWire, quote, setOf, tx } from '#helpers/ui/dashboard-portfolio';

/** One session's chart memory for the whole file, as the portfolio actor keeps one per session. */
const models = createChartModels();
/** The worker's chart memory, one per worker (a sign-out replaces it). */
const worker = new DashboardCharts();

/**
 * ASML.AS in EUR priced from sample data, whose first bar comes a week after the buy; KO in USD with a
 * dividend, its exchange rate EUR=X from the recorded (offline) files.
 */
const set = setOf(
  tx('ASML.AS', 'stock', '2024-01-02', 2, 1000),
  tx('ASML.AS', 'commission', '2024-01-02', 1, 2),
  tx('KO', 'stock', '2024-02-01', 10, 600, 'USD'),
  tx('KO', 'dividend', '2024-04-01', 1, 5, 'USD'),
  tx('KO', 'commission', '2024-02-01', 1, 1, 'USD'),
);
const quotes = [
  quote(
    'ASML.AS',
    'EUR',
    [
      ['2024-01-09', 510],
      ['2024-03-01', 600],
      ['2024-06-28', 650],
    ],
    'sample',
  ),
  quote('KO', 'USD', [
    ['2024-01-31', 59],
    ['2024-06-28', 62],
  ]),
  quote(
    'EUR=X',
    'EUR',
    [
      ['2023-12-29', 0.9],
      ['2024-06-28', 0.92],
    ],
    'files',
  ),
];
const asOf = '2024-06-30';
const derivation = derive(set, quotes, asOf);

/** The worker's charts for `checked` (null = every ticker) of a derivation. */
const chartsOf = (
  derived: ReturnType<typeof derive>,
  checked: string[] | null = null,
  charts = worker,
): DashboardChartData => charts.derived(derived, checked).charts;
const NO_PROBLEMS: PriceState = { pricesLoading: false, priceErrors: {} };
const build = (data: DashboardChartData, prices: Partial<PriceState> = {}): ChartModel[] =>
  models.build(data, { ...NO_PROBLEMS, ...prices });
const data = chartsOf(derivation);
const byTitle = (charts: ChartModel[], title: string): ChartModel => {
  const found = charts.find((chart) => chart.title === title);
  if (!found) throw new Error(`no chart '${title}' among ${charts.map((chart) => chart.title).join(', ')}`);
  return found;
};
describe('dashboard charts of a EUR and a USD holding', () => {
  const charts = build(data);

  it('lists the 13 charts in order, with one Yahoo Data chart per ticker and then per exchange rate', () => {
    expect(charts.map((chart) => chart.title)).toEqual([
      'Dividend per quarter by year',
      'TTM dividend per quarter',
      'Portfolio value',
      'Profit',
      'Yield per year',
      'Dividend per quarter',
      'Aggregated Dividend',
      'Yahoo Data: ASML.AS',
      'Yahoo Data: KO',
      'Yahoo Data: EUR=X',
      'Aggregated Commission',
      'Transactions Values',
      'Aggregated Transactions Values',
      'Transactions Amounts',
      'Aggregated Transactions Amounts',
    ]);
    expect(charts.every((chart) => chart.status.kind === 'ready')).toBe(true);
  });

  it("hands the engine's series to uPlot as they are, without copying, on one grid of days kept in shared memory", () => {
    const value = byTitle(charts, 'Portfolio value');
    expect(value.columns[0]).toEqual(derivation.active.days);
    expect((value.columns[0] as Float64Array).buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(byTitle(charts, 'Profit').columns[0]).toBe(value.columns[0]);
    expect(value.columns[1]).toBe(derivation.active.value);
    expect(value.columns[2]).toBe(derivation.active.invested);
    expect(byTitle(charts, 'Profit').columns[1]).toBe(derivation.active.profit);
    expect(byTitle(charts, 'Aggregated Dividend').columns[1]).toBe(derivation.active.dividend);
    expect(byTitle(charts, 'Aggregated Commission').columns[1]).toBe(derivation.active.commission);
    expect(byTitle(charts, 'Aggregated Transactions Amounts').columns.slice(1)).toEqual([
      derivation.active.transactions.stock.aggregatedAmounts,
      derivation.active.transactions.dividend.aggregatedAmounts,
      derivation.active.transactions.commission.aggregatedAmounts,
    ]);
  });

  it('starts a price chart at its first bar, on the same buffer, so uPlot never meets NaN', () => {
    const asml = byTitle(charts, 'Yahoo Data: ASML.AS');
    const [x, close] = asml.columns as [Float64Array, Float64Array];
    expect(x[0]).toBe(Date.UTC(2024, 0, 9) / 1000);
    expect(close[0]).toBe(510);
    expect(close.buffer).toBe(derivation.active.prices.find((p) => p.symbol === 'ASML.AS')!.close.buffer);
    expect(x.length).toBe(close.length);
    expect(Array.from(close).some(Number.isNaN)).toBe(false);
    expect(asml.shape.series).toEqual([{ label: 'Close (EUR)', suffix: ' EUR', style: 'line', scale: 'left' }]);
    expect(byTitle(charts, 'Yahoo Data: KO').shape.series[0]!.suffix).toBe(' USD');
  });

  it('keeps only the days with a transaction in the per-day charts, null where a type has none', () => {
    const [x, stock, dividend, commission] = byTitle(charts, 'Transactions Values').columns;
    expect(Array.from(x)).toEqual([
      Date.UTC(2024, 0, 2) / 1000,
      Date.UTC(2024, 1, 1) / 1000,
      Date.UTC(2024, 3, 1) / 1000,
    ]);
    expect(stock[0]).toBe(1000);
    expect(stock[1]).toBeCloseTo(600 * 0.9, 9);
    expect(stock[2]).toBeNull();
    expect(dividend).toEqual([null, null, expect.closeTo(5 * 0.9, 9)]);
    expect(commission[0]).toBe(2);
    const amounts = byTitle(charts, 'Transactions Amounts');
    expect(Array.from(amounts.columns[1])).toEqual([2, 10, null]);
    expect(amounts.shape.series.map((s) => s.suffix)).toEqual(['', '', '']);
  });

  it('sends the transaction days as typed arrays, NaN where a type has none, which the page turns into null', () => {
    const sent = chartsOf(derivation).charts.find((chart) => chart.title === 'Transactions Values')!;
    expect(sent.sparse).toBe(true);
    expect(sent.columns.every((column) => column instanceof Float64Array)).toBe(true);
    expect(Number.isNaN((sent.columns[1] as Float64Array)[2])).toBe(true);
    expect(byTitle(charts, 'Transactions Values').columns[1]).toEqual([1000, expect.closeTo(540, 9), null]);
    expect(
      chartsOf(derivation)
        .charts.filter((chart) => chart.sparse)
        .map((chart) => chart.title),
    ).toEqual(['Transactions Values', 'Transactions Amounts']);
  });

  it('labels sample and offline prices on every chart that uses them', () => {
    expect(byTitle(charts, 'Yahoo Data: ASML.AS').notes).toEqual(['Sample prices']);
    expect(byTitle(charts, 'Yahoo Data: KO').notes).toEqual([]);
    expect(byTitle(charts, 'Yahoo Data: EUR=X').notes).toEqual(['Offline prices']);
    for (const title of ['Portfolio value', 'Profit', 'Yield per year', 'Dividend per quarter']) {
      expect(byTitle(charts, title).notes, title).toEqual(['Sample prices', 'Offline prices']);
    }
    // Converted at the offline exchange rate, but no share price in them.
    for (const title of ['Transactions Values', 'Aggregated Dividend', 'TTM dividend per quarter']) {
      expect(byTitle(charts, title).notes, title).toEqual(['Offline prices']);
    }
  });

  it('labels no chart of bookings alone with the sample prices of a rate only a quote needs (a USD listing bought in EUR), nor with a quote without bars', () => {
    // TSLA bought through AutoFX: booked in EUR, quoted in USD; its rate converts its quote, not a booking.
    const autoFx = setOf(
      tx('TSLA', 'stock', '2024-02-01', 5, 900),
      tx('TSLA', 'commission', '2024-02-01', 1, 2),
      tx('NOQUOTE.AS', 'stock', '2024-02-01', 1, 100),
    );
    const prices = [
      quote(
        'TSLA',
        'USD',
        [
          ['2024-01-31', 180],
          ['2024-06-28', 190],
        ],
        'sample',
      ),
      quote(
        'EUR=X',
        'EUR',
        [
          ['2023-12-29', 0.9],
          ['2024-06-28', 0.92],
        ],
        'sample',
      ),
      quote('NOQUOTE.AS', 'EUR', [], 'sample'),
    ];
    const drawn = build(chartsOf(derive(autoFx, prices, asOf), null, new DashboardCharts()));
    for (const title of [
      'Transactions Values',
      'Aggregated Commission',
      'Aggregated Dividend',
      'TTM dividend per quarter',
    ])
      expect(byTitle(drawn, title).notes, title).toEqual([]);
    expect(byTitle(drawn, 'Portfolio value').notes).toEqual(['Sample prices']);
    expect(byTitle(drawn, 'Yahoo Data: TSLA').notes).toEqual(['Sample prices']);
    expect(drawn.map((chart) => chart.title)).not.toContain('Yahoo Data: NOQUOTE.AS');
  });

  it('puts money on € axes and the yield in % beside its profit line on a second axis', () => {
    const yields = byTitle(charts, 'Yield per year');
    // The grid starts a day before the first transaction: 2024-01-01.
    expect(yields.shape.x).toEqual({ kind: 'categories', name: 'Year', labels: ['2024'] });
    expect(yields.shape.series).toEqual([
      { label: 'Yield', suffix: ' %', style: 'bars', scale: 'left' },
      { label: 'Profit', suffix: ' EUR', style: 'line', scale: 'right' },
    ]);
    expect(yields.columns).toEqual([[0], derivation.active.yieldPerYear.yields, derivation.active.yieldPerYear.profit]);
    const received = byTitle(charts, 'Dividend per quarter');
    expect(received.shape.series.map((s) => [s.label, s.style])).toEqual([
      ['Received', 'bars'],
      ['Expected', 'bars'],
    ]);
  });

  it('while prices load, draws the transaction charts and says the price charts are loading', () => {
    const loading = build(data, { pricesLoading: true });
    const waiting = loading.filter((chart) => chart.status.kind === 'loading').map((chart) => chart.title);
    expect(waiting).toEqual(['Portfolio value', 'Profit', 'Yield per year']);
    expect(byTitle(loading, 'Dividend per quarter').notes).toContain('Expected: Loading prices…');
  });

  it('before any quote has come, draws no empty price chart and lists the tickers and the exchange rate a USD holding waits for', () => {
    const bare = derive(set, [], asOf);
    const data = chartsOf(bare, ['ASML.AS', 'KO']);
    const loading = build(data, { pricesLoading: true });
    expect(loading.filter((chart) => chart.title.startsWith('Yahoo Data'))).toEqual([]);
    expect(data.unpriced.map((symbol) => symbol.symbol)).toEqual(['ASML.AS', 'KO', 'EUR=X']);
    expect(byTitle(loading, 'Transactions Values').notes).toEqual(['Waiting for exchange rates: KO']);
  });

  it('lists a symbol whose quote failed among those without prices, and names the holdings priced at cost once, not on every chart', () => {
    const failed = derive(set, [quotes[0]!, quotes[2]!, { symbol: 'KO', error: 'Not Found: no such symbol' }], asOf);
    const data = chartsOf(failed, ['ASML.AS', 'KO']);
    const charts = build(data, { priceErrors: { KO: 'Not Found: no such symbol' } });
    expect(charts.map((chart) => chart.title)).not.toContain('Yahoo Data: KO');
    expect(data.unpriced).toEqual([{ symbol: 'KO', excludedTicker: false, rate: false }]);
    expect(
      unpricedReason(data.unpriced[0]!, { pricesLoading: false, priceErrors: { KO: 'Not Found: no such symbol' } }),
    ).toBe('Not Found: no such symbol');
    expect(data.atCost).toEqual(['KO']);
    expect(byTitle(charts, 'Portfolio value').notes.join(' ')).not.toContain('Priced at cost');
  });

  it('follows the checked tickers: without KO, no KO and no EUR=X price chart', () => {
    const onlyAsml = derive(set, quotes, asOf, ['ASML.AS']);
    const charts = build(chartsOf(onlyAsml, ['ASML.AS']));
    expect(charts.filter((chart) => chart.title.startsWith('Yahoo Data')).map((chart) => chart.title)).toEqual([
      'Yahoo Data: ASML.AS',
    ]);
    expect(byTitle(charts, 'Aggregated Dividend').columns[1]).toBe(onlyAsml.active.dividend);
    expect(onlyAsml.active.dividend.at(-1)).toBe(0);
    expect(byTitle(charts, 'Transactions Values').notes).toEqual([]);
  });

  it('keeps every chart its columns when only the loading state or the price errors change, so nothing is redrawn', () => {
    const first = build(data);
    const again = build(data, { pricesLoading: true, priceErrors: { XYZ: 'gone' } });
    again.forEach((chart, k) => expect(chart.columns, chart.title).toBe(first[k]!.columns));
    expect(build(data)).toEqual(first);
  });

  it('gives a new revision for new series of the engine, and keeps it for equal small ones and for shared closes on the same days', () => {
    const first = chartsOf(derivation);
    const next = chartsOf(derive(set, quotes, asOf));
    const revision = (charts: DashboardChartData, title: string) =>
      charts.charts.find((chart) => chart.title === title)!.revision;
    expect(revision(next, 'Profit')).not.toBe(revision(first, 'Profit'));
    // Per quarter and per transaction day: the same numbers.
    for (const title of [
      'TTM dividend per quarter',
      'Transactions Values',
      'Dividend per quarter by year',
      'Yield per year',
    ])
      expect(revision(next, title), title).toBe(revision(first, title));
    // Another engine hands out other shared closes: the same values in other memory count as new.
    expect(revision(next, 'Yahoo Data: KO')).not.toBe(revision(first, 'Yahoo Data: KO'));
  });

  it('over the wire, the page keeps its columns for a chart whose revision did not change, and redraws only the others', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(set);
    engine.setQuotes(quotes);
    const charts = new DashboardCharts();
    const page = createChartModels();
    const first = page.build(overTheWire(charts.derived(engine.derive(asOf, null), null)).charts, NO_PROBLEMS);
    // KO unchecked: a combination of the same engine, as a toggle asks the worker.
    const toggled = page.build(
      overTheWire(charts.combined(engine.combine(['ASML.AS']), ['ASML.AS'])).charts,
      NO_PROBLEMS,
    );
    expect(byTitle(toggled, 'Yahoo Data: ASML.AS')).toBe(byTitle(first, 'Yahoo Data: ASML.AS'));
    expect(byTitle(toggled, 'Dividend per quarter by year')).not.toBe(byTitle(first, 'Dividend per quarter by year'));
    expect(byTitle(toggled, 'Profit').columns).not.toBe(byTitle(first, 'Profit').columns);
    expect(toggled.map((chart) => chart.title)).not.toContain('Yahoo Data: KO');
    // The shared closes arrive as views of the engine's memory, not copies.
    const close = byTitle(first, 'Yahoo Data: ASML.AS').columns[1] as Float64Array;
    expect(close.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(close[0]).toBe(510);
    const back = page.build(
      overTheWire(charts.combined(engine.combine(['ASML.AS', 'KO']), ['ASML.AS', 'KO'])).charts,
      NO_PROBLEMS,
    );
    expect(byTitle(back, 'Yahoo Data: ASML.AS')).toBe(byTitle(first, 'Yahoo Data: ASML.AS'));
    expect(byTitle(back, 'TTM dividend per quarter').columns).toEqual(
      byTitle(first, 'TTM dividend per quarter').columns,
    );
    expect(Array.from(byTitle(back, 'Portfolio value').columns[1] as Float64Array)).toEqual(
      Array.from(byTitle(first, 'Portfolio value').columns[1] as Float64Array),
    );
  });

  it('builds no chart when no ticker is checked', () => {
    expect(chartsOf(derivation, [])).toEqual({ charts: [], excluded: [], atCost: [], unpriced: [] });
  });

  it('gives the same shape key to charts that draw alike, so their uPlot instances survive a toggle', () => {
    const onlyAsml = derive(set, quotes, asOf, ['ASML.AS']);
    const after = build(chartsOf(onlyAsml, ['ASML.AS']));
    expect(byTitle(after, 'Portfolio value').shape.key).toBe(byTitle(charts, 'Portfolio value').shape.key);
    expect(byTitle(after, 'Yield per year').shape.key).toBe(byTitle(charts, 'Yield per year').shape.key);
  });
});

describe('TTM dividend per quarter', () => {
  const dividends = setOf(
    tx('IBE.MC', 'stock', '2022-11-10', 100, 1000),
    tx('IBE.MC', 'dividend', '2022-12-15', 1, 30),
    ...['2023-02-15', '2023-05-15', '2023-08-15', '2023-11-15'].map((date) => tx('IBE.MC', 'dividend', date, 1, 90)),
  );
  const result = derive(
    dividends,
    [
      quote('IBE.MC', 'EUR', [
        ['2022-11-09', 10],
        ['2023-12-29', 11],
      ]),
    ],
    '2023-12-31',
  );
  const charts = build(chartsOf(result, ['IBE.MC']));
  const ttm = byTitle(charts, 'TTM dividend per quarter');
  const quarters = ['2022-Q4', '2023-Q1', '2023-Q2', '2023-Q3', '2023-Q4'];

  it('draws the yearly sum as bars and the monthly, daily and hourly shares as lines', () => {
    expect(TTM_LINES).toEqual(['Monthly', 'Daily', 'Hourly']);
    expect(ttm.shape.series.map((s) => [s.label, s.style, s.suffix])).toEqual([
      ['Yearly', 'bars', ' EUR'],
      ['Monthly', 'line', ' EUR'],
      ['Daily', 'line', ' EUR'],
      ['Hourly', 'line', ' EUR'],
    ]);
    expect(ttm.shape.x).toEqual({ kind: 'categories', name: 'Quarter', labels: quarters });
  });

  it('divides the trailing twelve months by 12, 360 and 8640: its income per month, day and hour', () => {
    const [x, yearly, monthly, daily, hourly] = ttm.columns as number[][];
    const sums = [30, 120, 210, 300, 360];
    expect(x).toEqual([0, 1, 2, 3, 4]);
    expect(yearly).toEqual(sums);
    expect(monthly).toEqual(sums.map((sum) => expect.closeTo(sum / 12, 9)));
    expect(daily).toEqual(sums.map((sum) => expect.closeTo(sum / 360, 9)));
    expect(hourly).toEqual(sums.map((sum) => expect.closeTo(sum / 8640, 12)));
    // 360 € over the last twelve months is 30 € a month, 1 € a day.
    expect(monthly[4]).toBeCloseTo(30, 9);
    expect(daily[4]).toBeCloseTo(1, 9);
  });

  it('draws one bar series per year over Q1–Q4', () => {
    const byYear = byTitle(charts, 'Dividend per quarter by year');
    expect(byYear.shape.x).toEqual({ kind: 'categories', name: 'Quarter', labels: ['Q1', 'Q2', 'Q3', 'Q4'] });
    expect(byYear.shape.series.map((s) => [s.label, s.style])).toEqual([
      ['2022', 'bars'],
      ['2023', 'bars'],
    ]);
    expect(byYear.columns).toEqual([
      [0, 1, 2, 3],
      [0, 0, 0, 30],
      [90, 90, 90, 90],
    ]);
  });
});

describe('sparse transaction columns', () => {
  it('keeps the days on which any series has a value and nothing else', () => {
    const days = Float64Array.of(10, 20, 30, 40);
    const a = Float64Array.of(NaN, 1, NaN, NaN);
    const b = Float64Array.of(NaN, NaN, NaN, -2);
    expect(sparseColumns(days, [a, b])).toEqual([
      [20, 40],
      [1, null],
      [null, -2],
    ]);
  });

  it('gives empty columns when no day has a transaction', () => {
    expect(sparseColumns(Float64Array.of(1, 2), [Float64Array.of(NaN, NaN)])).toEqual([[], []]);
  });
});
