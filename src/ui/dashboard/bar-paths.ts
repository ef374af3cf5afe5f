import uPlot from 'uplot';

/** Share of one category's width that its bars fill together; the rest is the gap between categories. */
const GROUP_WIDTH = 0.8;

/** uPlot's bar facet unit "scale value" (its `Series.BarsPathBuilderFacetUnit.ScaleValue`, a const enum). */
const SCALE_VALUE = 1 as uPlot.Series.BarsPathBuilderFacetUnit;

/**
 * Bars through uPlot's bar paths, on a category x scale (x = 0…n−1). Several bar series of one chart
 * stand side by side in each category: series `slot` of `slots` takes its share of the group.
 */
export function barPaths(slot: number, slots: number): uPlot.Series.PathBuilder {
  const bars = uPlot.paths.bars!;
  if (slots <= 1) return bars({ size: [0.6, 64] });
  const width = GROUP_WIDTH / slots;
  return bars({
    disp: {
      x0: {
        unit: SCALE_VALUE,
        values: (u) => Array.from(u.data[0], (x) => x - GROUP_WIDTH / 2 + slot * width),
      },
      size: { unit: SCALE_VALUE, values: () => [width] },
    },
  });
}
