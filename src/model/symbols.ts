/**
 * The symbols service contract: DEGIRO names products by ISIN, the quotes service wants Yahoo symbols.
 * `POST /api/symbols/resolve` answers, per ISIN, the listings Yahoo knows and the one proposed;
 * `PUT /api/symbols/choices` stores the user's own pick so that the next import and another device reuse it.
 */

/** Where a proposed symbol came from, best first: the user's earlier pick, a lookup (live or cached), the shipped table. */
export type SymbolSource = 'saved' | 'lookup' | 'table';

/** Kinds of listing, as Yahoo's search names them (`quoteType`). */
export const LISTING_TYPES = [
  'EQUITY',
  'ETF',
  'MUTUALFUND',
  'INDEX',
  'OPTION',
  'FUTURE',
  'CURRENCY',
  'CRYPTOCURRENCY',
  'MONEYMARKET',
  'OTHER',
] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export interface SymbolCandidate {
  /** Yahoo symbol: `VWCE.DE`. */
  symbol: string;
  name: string;
  /** Yahoo's exchange code (`GER`, `AMS`, `NMS`) … */
  exchange: string;
  /** … and its display name (`XETRA`, `Amsterdam`, `NASDAQ`). */
  venue: string;
  /** ISO code of the listing's trading currency, as the exchange implies it; null when the exchange does not say. */
  currency: string | null;
  type: ListingType;
}

export interface SymbolProduct {
  isin: string;
  /** The product name as the statement spells it (shown, never sent upstream). */
  name?: string;
  /** The trade currency (`EUR`, `USD`): listings in it rank first. */
  currency?: string;
  /** DEGIRO's venue code from Transactions.csv (`EAM`, `XET`, `NDQ`…): listings there rank first of all. */
  venue?: string;
}

export interface SymbolsResolveRequest {
  products: SymbolProduct[];
}

export interface SymbolResolution {
  isin: string;
  /** Ranked, best first; empty when no source knows the ISIN. */
  candidates: SymbolCandidate[];
  /** The proposed symbol and its source; null when none is known (the import then uses the ISIN as a placeholder). */
  chosen: { symbol: string; source: SymbolSource } | null;
  /** Why the live lookup gave nothing for this ISIN (Yahoo unreachable, throttled, garbled); absent when it answered. */
  problem?: string;
}

export interface SymbolsResolveResponse {
  results: SymbolResolution[];
}

export interface SymbolChoice {
  isin: string;
  /** The chosen Yahoo symbol; null forgets the earlier choice. */
  symbol: string | null;
}

export interface SymbolChoicesRequest {
  choices: SymbolChoice[];
}

/** At most this many products in one resolve request, and choices in one save. */
export const MAX_SYMBOL_PRODUCTS = 200;

const ISIN_PATTERN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/**
 * An ISIN with its check digit right: letters count as two digits (A = 10 … Z = 35), then Luhn over the
 * whole string of digits (ISO 6166).
 */
export function isValidIsin(text: string): boolean {
  if (!ISIN_PATTERN.test(text)) return false;
  let digits = '';
  for (const char of text) digits += char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
