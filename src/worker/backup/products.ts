/**
 * A ticker's product name and ISIN, as far as the user's symbol choices know them. A choice is stored
 * under the product's ISIN, or under its name when it has none (`import-session.ts`), so each key is one
 * or the other; with several keys for one ticker, the first in sort order wins, so an export is stable.
 */

export interface ProductOfTicker {
  product: string;
  isin: string;
}

/** An ISIN: two letters, nine letters or digits, one check digit. */
export const ISIN_PATTERN = /^[A-Z]{2}[A-Z0-9]{9}\d$/;

export function productsByTicker(symbolChoices: Readonly<Record<string, string>>): Map<string, ProductOfTicker> {
  const products = new Map<string, ProductOfTicker>();
  for (const key of Object.keys(symbolChoices).sort()) {
    const ticker = symbolChoices[key]!;
    const known = products.get(ticker) ?? { product: '', isin: '' };
    if (ISIN_PATTERN.test(key)) known.isin ||= key;
    else known.product ||= key;
    products.set(ticker, known);
  }
  return products;
}
