import type uPlot from 'uplot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diamondPoints, squarePoints } from '#src/ui/dashboard/point-paths';
import { createChartOptions } from '#src/ui/dashboard/chart-options';
import { formatsFor } from '#src/ui/format';

/**
 * A Path2D that records its rectangles and lines (Node has no canvas). It has no `closePath`: a builder
 * that called it would throw here, as it would cost quadratic time in Chromium.
 */
class RecordingPath {
  readonly rects: number[][] = [];
  readonly steps: Array<[op: 'moveTo' | 'lineTo', x: number, y: number]> = [];
  rect(...box: number[]): void {
    this.rects.push(box);
  }
  moveTo(x: number, y: number): void {
    this.steps.push(['moveTo', x, y]);
  }
  lineTo(x: number, y: number): void {
    this.steps.push(['lineTo', x, y]);
  }
}

const realPath2D = (globalThis as { Path2D?: unknown }).Path2D;
beforeAll(() => {
  (globalThis as { Path2D?: unknown }).Path2D = RecordingPath;
});
afterAll(() => {
  (globalThis as { Path2D?: unknown }).Path2D = realPath2D;
});

/** Just what the builder reads of a plot: x at 10 canvas px per unit, y at 100 − value. */
function plot(ys: Array<number | null>): uPlot {
  return {
    series: [{}, { scale: 'y', points: { size: 6 } }],
    data: [ys.map((_, i) => i), ys],
    valToPos: (value: number, scale: string) => (scale === 'x' ? 10 * value + 0.3 : 100 - value),
    bbox: { left: 5, top: 5, width: 200, height: 100 },
  } as unknown as uPlot;
}

describe('squarePoints: transaction markers as squares on whole pixels', () => {
  it('draws one square per value, centred on it, none for null; clipped to the plot with a marker of room', () => {
    const paths = squarePoints(plot([7, null, 20, 0]), 1, 0, 3, null)!;
    const fill = paths.fill as unknown as RecordingPath;
    expect(fill.rects).toEqual([
      [Math.round(0.3 - 3), Math.round(93 - 3), 6, 6],
      [Math.round(20.3 - 3), Math.round(80 - 3), 6, 6],
      [Math.round(30.3 - 3), Math.round(100 - 3), 6, 6],
    ]);
    expect((paths.clip as unknown as RecordingPath).rects).toEqual([[-1, -1, 212, 112]]);
  });

  it('draws only the indices uPlot asks for', () => {
    expect((squarePoints(plot([1, 2, 3, 4]), 1, 1, 2, null)!.fill as unknown as RecordingPath).rects).toHaveLength(2);
    expect(
      (squarePoints(plot([1, 2, 3, 4]), 1, 0, 3, [0, 3])!.fill as unknown as RecordingPath).rects.map((r) => r[0]),
    ).toEqual([-3, 27]);
  });

  it('is how the dashboard draws the first series of per-day transactions and the points of category lines', () => {
    const optionsFor = createChartOptions();
    const perDay = optionsFor(
      {
        key: 'pp-days',
        x: { kind: 'days' },
        series: [{ label: 'Stock', suffix: ' EUR', style: 'points', scale: 'left' }],
      },
      formatsFor('en-US'),
    );
    expect(perDay.series[1]!.points!.paths).toBe(squarePoints);
    const ttm = optionsFor(
      {
        key: 'pp-cat',
        x: { kind: 'categories', name: 'Quarter', labels: ['Q1'] },
        series: [{ label: 'Monthly', suffix: ' EUR', style: 'line', scale: 'left' }],
      },
      formatsFor('en-US'),
    );
    expect(ttm.series[1]!.points).toMatchObject({ show: true, width: 0, paths: squarePoints });
  });
});

describe('diamondPoints: the second series of per-day transactions as diamonds', () => {
  it('draws one diamond per value around its whole-pixel centre, each ending at its first corner, none for null', () => {
    // size 6 → half diagonal round(6 × 0.75) = 5 (pxRatio unset in Node: 1).
    const paths = diamondPoints(plot([7, null, 20]), 1, 0, 2, null)!;
    const diamond = (cx: number, cy: number) => [
      ['moveTo', cx, cy - 5],
      ['lineTo', cx + 5, cy],
      ['lineTo', cx, cy + 5],
      ['lineTo', cx - 5, cy],
      ['lineTo', cx, cy - 5],
    ];
    expect((paths.fill as unknown as RecordingPath).steps).toEqual([...diamond(0, 93), ...diamond(20, 80)]);
    expect((paths.clip as unknown as RecordingPath).rects).toEqual([[-5, -5, 220, 120]]);
  });

  it('draws thousands of markers in one path without closing subpaths one by one', () => {
    const ys = Array.from({ length: 5_000 }, (_, i) => i % 90);
    const fill = diamondPoints(plot(ys), 1, 0, ys.length - 1, null)!.fill as unknown as RecordingPath;
    expect(fill.steps).toHaveLength(5 * ys.length);
    expect(fill.steps.filter(([op]) => op === 'moveTo')).toHaveLength(ys.length);
  });
});
