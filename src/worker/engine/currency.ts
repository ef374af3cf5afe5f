/** Which exchange-rate symbol turns a currency into EUR, and how minor units (pence) scale. */

export const BASE_CURRENCY = 'EUR';

/** Yahoo's quote currency for prices in pence: divide by 100 and treat as GBP. */
const MINOR_UNITS: Readonly<Record<string, { major: string; perMajor: number }>> = {
  GBp: { major: 'GBP', perMajor: 100 },
};

/** The currency a quote's prices are in once minor units are divided out (`GBp` → `GBP`). */
export function majorCurrency(currency: string): string {
  return MINOR_UNITS[currency]?.major ?? currency;
}

/** How many quoted units make one unit of the major currency: 100 for `GBp`, else 1. */
export function unitsPerMajor(currency: string): number {
  return MINOR_UNITS[currency]?.perMajor ?? 1;
}

/**
 * The Yahoo symbol whose close is EUR per one unit of `currency`: `EUR=X` for USD, `CUREUR=X` for any
 * other; null for EUR itself (rate 1).
 */
export function fxSymbolFor(currency: string): string | null {
  const major = majorCurrency(currency);
  if (major === BASE_CURRENCY) return null;
  if (major === 'USD') return 'EUR=X';
  return `${major}EUR=X`;
}
