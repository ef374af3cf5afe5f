/** A random source in [0, 1), like Math.random; injected so tests can fix it. */
export type RandomSource = () => number;

export interface SamplePoint {
  /** Unix seconds at 00:00 UTC of the first day of a month. */
  time: number;
  profit: number;
}

const randomInt = (random: RandomSource, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

/**
 * The landing page's illustration: 12 points on the first day of each of the 12 months before
 * `today`'s month; the first a random integer 100–999, each next the previous plus −50…+149.
 */
export function sampleProfits(
  today: { year: number; month: number },
  random: RandomSource = Math.random,
): SamplePoint[] {
  const points: SamplePoint[] = [];
  let profit = randomInt(random, 100, 999);
  for (let back = 12; back >= 1; back -= 1) {
    const monthIndex = today.year * 12 + (today.month - 1) - back;
    const year = Math.floor(monthIndex / 12);
    const month = monthIndex - year * 12;
    if (back < 12) profit += randomInt(random, -50, 149);
    points.push({ time: Date.UTC(year, month, 1) / 1000, profit });
  }
  return points;
}
