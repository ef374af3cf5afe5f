import { describe, expect, it } from 'vitest';
import { sampleProfits } from '#src/ui/landing/sample-profits';

/** A scripted random source: each call returns the next value. */
const scripted = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('landing page sample profits', () => {
  it('puts 12 points on the first day of each of the previous 12 months', () => {
    const points = sampleProfits({ year: 2026, month: 11 }, () => 0.5);
    expect(points).toHaveLength(12);
    expect(points[0]!.time).toBe(Date.UTC(2025, 10, 1) / 1000);
    expect(points[11]!.time).toBe(Date.UTC(2026, 9, 1) / 1000);
  });

  it('crosses a year boundary backwards from January', () => {
    const points = sampleProfits({ year: 2026, month: 1 }, () => 0);
    expect(points[0]!.time).toBe(Date.UTC(2025, 0, 1) / 1000);
    expect(points[11]!.time).toBe(Date.UTC(2025, 11, 1) / 1000);
  });

  it('starts at an integer from 100 to 999 and steps by −50 … +149', () => {
    expect(sampleProfits({ year: 2026, month: 11 }, () => 0).map((p) => p.profit)).toEqual([
      100, 50, 0, -50, -100, -150, -200, -250, -300, -350, -400, -450,
    ]);
    const highest = sampleProfits({ year: 2026, month: 11 }, () => 0.999_999);
    expect(highest[0]!.profit).toBe(999);
    expect(highest[1]!.profit).toBe(999 + 149);
    const mixed = sampleProfits({ year: 2026, month: 11 }, scripted(0.5, 0.25));
    // 100 + floor(0.5 × 900) = 550, then −50 + floor(0.25 × 200) = 0, then −50 + floor(0.5 × 200) = 50, …
    expect(mixed.slice(0, 4).map((p) => p.profit)).toEqual([550, 550, 600, 600]);
  });
});
