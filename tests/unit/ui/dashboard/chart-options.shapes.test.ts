import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { createChartModels, type ChartModel } from '#src/machines/chart-models';
import { DashboardCharts } from '#src/worker/dashboard-charts';
import { createChartOptions } from '#src/ui/dashboard/chart-options';
import { colorAt, contrastOnWhite, PALETTE } from '#src/ui/charts/options';
import { formatsFor } from '#src/ui/format';
import { derive, quote, setOf, tx } from '#helpers/ui/dashboard-portfolio';

/** One session's chart memory for the whole file, as the portfolio actor keeps one per session. */
const models = createChartModels();

const result = derive(
  setOf(
    tx('IBE.MC', 'stock', '2022-11-10', 100, 1000),
    tx('IBE.MC', 'dividend', '2023-02-15', 1, 90),
    tx('IBE.MC', 'commission', '2022-11-10', 1, 3),
  ),
  [
    quote('IBE.MC', 'EUR', [
      ['2022-11-09', 10],
      ['2023-12-29', 11],
    ]),
  ],
  '2023-12-31',
);
const charts = models.build(new DashboardCharts().derived(result, ['IBE.MC']).charts, {
  pricesLoading: false,
  priceErrors: {},
});
const chart = (title: string): ChartModel => charts.find((c) => c.title === title)!;
/** One view's options cache for the whole file, as the dashboard's chart section keeps one. */
const optionsFor = createChartOptions();
const en = formatsFor('en-US');
const nl = formatsFor('nl-NL');
/** uPlot calls formatters with its instance; these ones do not read it. */
const u = {} as uPlot;
const axisLabels = (axis: uPlot.Axis, splits: number[]) =>
  (axis.values as (u: uPlot, splits: number[], axisIdx: number, space: number, incr: number) => string[])(
    u,
    splits,
    0,
    0,
    0,
  );
const legend = (series: uPlot.Series, value: number | null) =>
  (series.value as (u: uPlot, v: number | null, s: number, i: number) => string)(u, value, 0, 0);

describe('chart options', () => {
  it('are the same object for the same shape, so a chart outlives a data change', () => {
    const again = { ...chart('Profit').shape, x: { kind: 'days' as const }, series: [...chart('Profit').shape.series] };
    expect(optionsFor(again, en)).toBe(optionsFor(chart('Profit').shape, en));
    expect(optionsFor(chart('Portfolio value').shape, en)).not.toBe(optionsFor(chart('Profit').shape, en));
  });

  it("are a view's own: another view (another session's dashboard) makes its own", () => {
    expect(createChartOptions()(chart('Profit').shape, en)).not.toBe(optionsFor(chart('Profit').shape, en));
  });

  it('are made again for another locale', () => {
    expect(optionsFor(chart('Profit').shape, nl)).not.toBe(optionsFor(chart('Profit').shape, en));
  });

  it('write money axes with the euro sign as the locale does, two decimals, and amounts without a euro sign', () => {
    expect(axisLabels(optionsFor(chart('Profit').shape, en).axes![1]!, [1234.5, -20])).toEqual([
      '€1,234.50',
      '−€20.00',
    ]);
    expect(axisLabels(optionsFor(chart('Profit').shape, nl).axes![1]!, [1234.5, -20])).toEqual([
      '€ 1.234,50',
      '€ −20,00',
    ]);
    expect(axisLabels(optionsFor(chart('Aggregated Transactions Amounts').shape, en).axes![1]!, [100])).toEqual([
      '100.00',
    ]);
    const yields = optionsFor(chart('Yield per year').shape, en);
    expect(axisLabels(yields.axes![1]!, [5])).toEqual(['5.00 %']);
    expect(axisLabels(yields.axes![2]!, [5])).toEqual(['€5.00']);
    expect(yields.axes![2]!.side).toBe(1);
  });

  it("label day axes `Mon 'yy` in the locale's words, once per month, and show the locale's date form in the legend", () => {
    const options = optionsFor(chart('Portfolio value').shape, en);
    const jan1 = Date.UTC(2024, 0, 1) / 1000;
    const jan15 = Date.UTC(2024, 0, 15) / 1000;
    const feb1 = Date.UTC(2024, 1, 1) / 1000;
    expect(axisLabels(options.axes![0]!, [jan1, jan15, feb1])).toEqual(["Jan '24", '', "Feb '24"]);
    // The months in the locale's words, like the numbers: Dutch `mrt`, not `Mar`.
    const mar1 = Date.UTC(2024, 2, 1) / 1000;
    expect(axisLabels(optionsFor(chart('Portfolio value').shape, nl).axes![0]!, [jan1, jan15, mar1])).toEqual([
      "jan '24",
      '',
      "mrt '24",
    ]);
    expect(legend(options.series[0]!, Date.UTC(2024, 11, 31) / 1000)).toBe('12/31/2024');
    expect(legend(optionsFor(chart('Portfolio value').shape, nl).series[0]!, Date.UTC(2024, 11, 31) / 1000)).toBe(
      '31-12-2024',
    );
    expect(legend(options.series[1]!, 1234.567)).toBe('€1,234.57');
    expect(legend(options.series[1]!, null)).toBe('–');
  });

  it('put categories on x as indices with their labels', () => {
    const options = optionsFor(chart('Dividend per quarter by year').shape, en);
    expect(options.scales!.x).toMatchObject({ time: false, range: [-0.5, 3.5] });
    expect(axisLabels(options.axes![0]!, [0, 3])).toEqual(['Q1', 'Q4']);
    expect(legend(options.series[0]!, 1)).toBe('Q2');
  });

  it('tell series apart by more than colour: Value solid and Invested dashed, Received solid and Expected outlined, three marker shapes', () => {
    const value = optionsFor(chart('Portfolio value').shape, en).series;
    expect([value[1]!.label, value[1]!.dash]).toEqual(['Value', undefined]);
    expect([value[2]!.label, value[2]!.dash]).toEqual(['Invested', [8, 4]]);
    const received = optionsFor(chart('Dividend per quarter').shape, en).series;
    expect([received[1]!.label, received[1]!.width, received[2]!.label, received[2]!.width]).toEqual([
      'Received',
      0,
      'Expected',
      2,
    ]);
    const markers = optionsFor(chart('Transactions Values').shape, en)
      .series.slice(1)
      .map((s) => s.points?.paths);
    expect(new Set(markers).size).toBe(3);
  });

  it('use colours of at least 3:1 on white, none repeated within a chart of forty series', () => {
    const colors = Array.from({ length: 40 }, (_, i) => colorAt(i));
    expect(new Set(colors).size).toBe(40);
    for (const color of colors) expect(contrastOnWhite(color), color).toBeGreaterThanOrEqual(3);
  });

  it('draw bars through uPlot bar paths in the palette, points for per-day transactions', () => {
    const byYear = optionsFor(chart('Dividend per quarter by year').shape, en);
    expect(byYear.series.slice(1).map((s) => s.stroke)).toEqual(PALETTE.slice(0, 2));
    expect(byYear.series.slice(1).every((s) => typeof s.paths === 'function')).toBe(true);
    const perDay = optionsFor(chart('Transactions Values').shape, en);
    expect(perDay.series.slice(1).map((s) => s.points?.show)).toEqual([true, true, true]);
  });
});
