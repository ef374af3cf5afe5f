import { describe, expect, it } from 'vitest';
import { zoomedRange } from '#src/ui/charts/keyboard-zoom';

const FULL = { min: 0, max: 1000 };

describe('a chart zoomed and moved by keyboard', () => {
  it('+ halves the range around its middle, − doubles it, never past the data', () => {
    expect(zoomedRange('+', FULL, FULL)).toEqual({ min: 250, max: 750 });
    expect(zoomedRange('=', { min: 250, max: 750 }, FULL)).toEqual({ min: 375, max: 625 });
    expect(zoomedRange('-', { min: 375, max: 625 }, FULL)).toEqual({ min: 250, max: 750 });
    expect(zoomedRange('-', { min: 600, max: 1000 }, FULL), 'zooming out at the end stays inside').toEqual({
      min: 200,
      max: 1000,
    });
    expect(zoomedRange('-', FULL, FULL)).toEqual(FULL);
  });

  it('the arrows move by a quarter of the range and stop at the ends', () => {
    expect(zoomedRange('ArrowRight', { min: 250, max: 750 }, FULL)).toEqual({ min: 375, max: 875 });
    expect(zoomedRange('ArrowRight', { min: 400, max: 900 }, FULL)).toEqual({ min: 500, max: 1000 });
    expect(zoomedRange('ArrowLeft', { min: 100, max: 600 }, FULL)).toEqual({ min: 0, max: 500 });
  });

  it('Home and 0 show all; zooming in stops at a thousandth; other keys and an empty range do nothing', () => {
    expect(zoomedRange('Home', { min: 10, max: 20 }, FULL)).toEqual(FULL);
    expect(zoomedRange('0', { min: 10, max: 20 }, FULL)).toEqual(FULL);
    let range = FULL;
    for (let i = 0; i < 20; i += 1) range = zoomedRange('+', range, FULL)!;
    expect(range.max - range.min).toBe(1);
    expect(zoomedRange('a', FULL, FULL)).toBeNull();
    expect(zoomedRange('+', { min: 5, max: 5 }, { min: 5, max: 5 })).toBeNull();
  });
});
