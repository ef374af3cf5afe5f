/**
 * A position is a running sum of share amounts in binary floating point, where decimal amounts that
 * cancel need not sum to 0: 0.1 + 0.2 − 0.3 leaves 5.6e-17, and −21f − 10f + 30f + 1f leaves 9.9e-14.
 * Closer to 0 than this, a position is closed: it holds nothing, is worth nothing and earns nothing.
 */
export const NO_SHARES = 1e-9;

/** The position `shares`, with float residue of a closed one made 0. */
export function settledShares(shares: number): number {
  return Math.abs(shares) < NO_SHARES ? 0 : shares;
}
