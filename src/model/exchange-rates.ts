/**
 * Which exchange-rate symbol turns a currency into the base currency, and how minor units (pence) scale: the
 * worker's engine and the quotes service (which answers the rates a request's quotes need) share it.
 */

/** The base currency when the user chose none. */
export const DEFAULT_BASE_CURRENCY = 'EUR';

/** Yahoo's quote currencies in minor units: divide by `perMajor` and treat as `major`. */
const MINOR_UNITS: Readonly<Record<string, { major: string; perMajor: number }>> = {
  GBp: { major: 'GBP', perMajor: 100 },
  GBX: { major: 'GBP', perMajor: 100 },
  ZAc: { major: 'ZAR', perMajor: 100 },
  ILA: { major: 'ILS', perMajor: 100 },
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
 * The Yahoo symbol whose close is `base` per one unit of `currency` (SEMANTICS.md, "Exchange rates"):
 * `B=X` for USD (`EUR=X`, `CHF=X`), `CURB=X` for any other (`GBPEUR=X`, `EURUSD=X`); null for the base
 * itself (rate 1).
 */
export function fxSymbolFor(currency: string, base: string): string | null {
  const major = majorCurrency(currency);
  if (major === base) return null;
  if (major === 'USD') return `${base}=X`;
  return `${major}${base}=X`;
}
