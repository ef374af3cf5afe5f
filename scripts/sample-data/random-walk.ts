/**
 * Deterministic randomness for the sample series: a seeded generator (the same seed gives the same
 * numbers on every machine) and a Brownian bridge in log price, a random walk pinned at both ends so
 * that a generated stretch joins a real recording or lands on a chosen level.
 */

/** A 32-bit hash of a string (FNV-1a), to seed per symbol. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** mulberry32: uniform numbers in [0, 1) from a seed. */
export function seededRandom(seed: string): () => number {
  let state = hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal number (Box–Muller). */
export function normal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export const TRADING_DAYS_PER_YEAR = 252;

/**
 * Prices at steps 0…`steps` of a random walk in log price with the given annual volatility (0.25 =
 * 25 %), bent so that step 0 is `from` and the last step is `to`.
 */
export function bridge(
  random: () => number,
  from: number,
  to: number,
  steps: number,
  annualVolatility: number,
): number[] {
  const dailyVolatility = annualVolatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
  const walk = [0];
  for (let step = 1; step <= steps; step += 1) walk.push(walk[step - 1]! + dailyVolatility * normal(random));
  const drift = Math.log(to / from) - walk[steps]!;
  return walk.map((value, step) => from * Math.exp(value + (steps === 0 ? 0 : (drift * step) / steps)));
}
