import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import type { ChartShape } from '#src/machines/chart-models';
import { chartSummary } from '#src/ui/charts/chart-text';
import { createChartOptions } from '#src/ui/dashboard/chart-options';
import { formatsFor } from '#src/ui/format';

const nl = formatsFor('nl-NL');
const SHAPE: ChartShape = {
  key: 'holding-price',
  x: { kind: 'days' },
  series: [
    { label: 'Price per share', suffix: ' EUR', style: 'line', scale: 'left' },
    { label: 'Buys', suffix: ' EUR', style: 'points', scale: 'left' },
  ],
};
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe("a holding's price chart in words", () => {
  it('says its buy markers as a count and the latest, not as a change since the first (a stock dividend at € 0 is no fall of € 38)', () => {
    const options = createChartOptions()(SHAPE, nl);
    const xs = [day('2021-08-04'), day('2024-01-02'), day('2026-06-04')];
    const data: uPlot.AlignedData = [xs, [38, 40, 41], [38, null, 0]];
    const text = chartSummary(options, data);
    expect(text).toContain(`Buys: 2 days, the latest ${nl.money(0)} at ${nl.epochDay(Math.round(xs[2]! / 86_400))}`);
    expect(text).not.toMatch(/Buys[^;]*since/);
    // The price is a level: its change since the first day stays said.
    expect(text).toMatch(/^Price per share .* since /);
  });
});
