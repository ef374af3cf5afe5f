import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import type { ChartOptions } from '#src/ui/charts/chart';
import { chartTable } from '#src/ui/charts/chart-text';

/**
 * A stacked bar chart draws running sums, and its legend writes each point's own amount, read by the
 * point's index (as the Income calendar's does): the data table must ask for each row's own point.
 */
const own = [
  [10, 0, 30],
  [1, 2, 0],
];
const options: ChartOptions = {
  scales: { x: { time: false } },
  series: [
    { label: 'Month', value: (_u, v) => ['Dec', 'Jan', 'Feb'][v] ?? '–' },
    ...own.map((amounts, k): uPlot.Series => ({
      label: `Band ${k}`,
      value: (_u, _v, _series, index) => (index == null ? '–' : String(amounts[index])),
    })),
  ],
};
const data: uPlot.AlignedData = [
  [0, 1, 2],
  [11, 2, 30],
  [1, 2, 0],
];

describe('a chart data table', () => {
  it('writes each row with its own point, as the legend does, not with the first point', () => {
    expect(chartTable(options, data).rows).toEqual([
      ['Dec', '10', '1'],
      ['Jan', '0', '2'],
      ['Feb', '30', '0'],
    ]);
  });
});
