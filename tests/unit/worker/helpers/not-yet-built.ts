/** The golden `expected` without the figures no issue has built yet (see NOT_YET_BUILT). */

/**
 * Figures of issue 14 (holdings, TWR, MWR, benchmark) that the engine does not compute yet: left out of
 * the comparison by name, never by a looser tolerance. Whichever of issues 14 and 15 lands second empties
 * these lists.
 */
export const NOT_YET_BUILT = {
  topLevel: ['performance', 'benchmark'],
  active: ['twr'],
  holding: ['costBasis', 'realisedGain', 'unrealisedGain', 'weight'],
} as const;

export function withoutNotYetBuilt(expected: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(expected);
  for (const key of NOT_YET_BUILT.topLevel) delete copy[key];
  const active = copy.active as Record<string, unknown>;
  for (const key of NOT_YET_BUILT.active) delete active[key];
  for (const holding of Object.values(copy.holdings as Record<string, Record<string, unknown>>)) {
    for (const key of NOT_YET_BUILT.holding) delete holding[key];
  }
  return copy;
}
