import uPlot from 'uplot';

/**
 * Markers drawn as squares on whole canvas pixels, in one path: without a GPU the canvas rasters in
 * software, where thousands of anti-aliased circles (uPlot's own markers) cost three times as much as
 * squares. Each marker is the series' `points.size` CSS px across; values that are null draw nothing.
 */
export const squarePoints: uPlot.Series.Points.PathBuilder = (u, seriesIdx, idx0, idx1, filtIdxs) => {
  const series = u.series[seriesIdx]!;
  const xs = u.data[0];
  const ys = u.data[seriesIdx]!;
  // uPlot's device pixel ratio (unset outside a browser).
  const side = Math.max(1, Math.round((series.points?.size ?? 6) * (uPlot.pxRatio || 1)));
  const half = side / 2;
  const scale = series.scale ?? 'y';
  const fill = new Path2D();
  const draw = (i: number) => {
    const y = ys[i];
    if (y == null) return;
    fill.rect(
      Math.round(u.valToPos(xs[i]!, 'x', true) - half),
      Math.round(u.valToPos(y, scale, true) - half),
      side,
      side,
    );
  };
  if (filtIdxs) filtIdxs.forEach(draw);
  else for (let i = idx0; i <= idx1; i += 1) draw(i);
  const { left, top, width, height } = u.bbox;
  const clip = new Path2D();
  clip.rect(left - side, top - side, width + 2 * side, height + 2 * side);
  return { fill, clip };
};

/**
 * Markers as diamonds (a square turned by 45°), also in one path on whole pixels: the second series of a
 * points chart, so Stock and Dividend differ in shape as well as colour. Each diamond ends with a line
 * back to its first corner, not `closePath()`: filling closes every subpath anyway, and in Chromium each
 * `closePath()` on a Path2D costs time in proportion to the path so far (4,000 diamonds: 150 ms instead
 * of 2 ms; on XL's 50,000 transactions one chart took over 100 ms).
 */
export const diamondPoints: uPlot.Series.Points.PathBuilder = (u, seriesIdx, idx0, idx1, filtIdxs) => {
  const series = u.series[seriesIdx]!;
  const xs = u.data[0];
  const ys = u.data[seriesIdx]!;
  // A diamond one and a half times the square's side covers about the same area.
  const half = Math.max(1, Math.round((series.points?.size ?? 6) * 0.75 * (uPlot.pxRatio || 1)));
  const scale = series.scale ?? 'y';
  const fill = new Path2D();
  const draw = (i: number) => {
    const y = ys[i];
    if (y == null) return;
    const cx = Math.round(u.valToPos(xs[i]!, 'x', true));
    const cy = Math.round(u.valToPos(y, scale, true));
    fill.moveTo(cx, cy - half);
    fill.lineTo(cx + half, cy);
    fill.lineTo(cx, cy + half);
    fill.lineTo(cx - half, cy);
    fill.lineTo(cx, cy - half);
  };
  if (filtIdxs) filtIdxs.forEach(draw);
  else for (let i = idx0; i <= idx1; i += 1) draw(i);
  const { left, top, width, height } = u.bbox;
  const clip = new Path2D();
  clip.rect(left - 2 * half, top - 2 * half, width + 4 * half, height + 4 * half);
  return { fill, clip };
};

/**
 * Markers as hollow squares (an outline 2 device px wide): the third series of a points chart.
 */
export const hollowSquarePoints: uPlot.Series.Points.PathBuilder = (u, seriesIdx, idx0, idx1, filtIdxs) => {
  const paths = squarePoints(u, seriesIdx, idx0, idx1, filtIdxs);
  return paths ? { stroke: paths.fill, clip: paths.clip } : paths;
};

/** The marker of series `index` of a points chart: square, diamond, hollow square, then round again. */
export const markerAt = (index: number): uPlot.Series.Points.PathBuilder =>
  [squarePoints, diamondPoints, hollowSquarePoints][index % 3]!;
