/**
 * Product → ticker. Every product gets one, so an import never waits for a symbol:
 * - none needed (the account's costs under {@link ACCOUNT_TICKER}; a product that nets to nothing under
 *   its ISIN): `none-needed`;
 * - the user's choice (made in the preview, remembered from an earlier import, `--ticker` on the command
 *   line), or a symbol lookup's proposal: `saved` / `lookup`;
 * - the shipped ISIN table: `table`;
 * - else the product's ISIN as a placeholder ticker, with no price source until a symbol is picked
 *   (the engine values it at its own trade prices): `placeholder`.
 * A chosen symbol that is not a Yahoo symbol is refused with the reason, and the next source is used.
 */
// The attribute lets plain Node's ESM load this module too (the e2e specs import it in their own process).
import isinTickers from '../../../data/isin-tickers.json' with { type: 'json' };
import { normaliseTicker, NOT_A_TICKER, TICKER_MAX_LENGTH, TICKER_PATTERN } from '../../model';

export { normaliseTicker };
import { ACCOUNT_PRODUCT } from './rows';
import type { DegiroImport, ImportedProduct, ImportedTransaction, TickerSource } from './types';

const SHIPPED: Readonly<Record<string, string>> = isinTickers;

/** The ticker of DEGIRO's account costs (connection fees and the like): commissions only, never priced. */
export const ACCOUNT_TICKER = 'DEGIRO-COSTS';

/** The shipped table's symbol for an ISIN, if any. */
export function shippedTicker(isin: string): string | null {
  return Object.hasOwn(SHIPPED, isin) ? SHIPPED[isin]! : null;
}

/** The ticker a product stands under until it has a symbol: its ISIN, else its name squeezed to a ticker's shape. */
export function placeholderTicker(product: Pick<ImportedProduct, 'isin' | 'product' | 'productKey'>): string {
  if (product.isin && TICKER_PATTERN.test(product.isin)) return product.isin;
  if (product.productKey === ACCOUNT_PRODUCT) return ACCOUNT_TICKER;
  const squeezed = product.product
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TICKER_MAX_LENGTH);
  return TICKER_PATTERN.test(squeezed) ? squeezed : 'UNNAMED-PRODUCT';
}

/** A symbol for a product, and where it came from. */
export interface TickerChoice {
  ticker: string;
  source: Extract<TickerSource, 'saved' | 'lookup' | 'table'>;
}

function resolve(
  product: ImportedProduct,
  choices: Readonly<Record<string, TickerChoice>>,
  placeholders: boolean,
): ImportedProduct {
  if (!product.needsSymbol) {
    return {
      ...product,
      ticker: product.productKey === ACCOUNT_PRODUCT ? ACCOUNT_TICKER : placeholderTicker(product),
      source: 'none-needed',
    };
  }
  let problem: string | undefined;
  for (const key of [product.productKey, product.product]) {
    const choice = Object.hasOwn(choices, key) ? choices[key]! : undefined;
    // An emptied field is no choice.
    if (!choice || choice.ticker.trim() === '') continue;
    const ticker = normaliseTicker(choice.ticker);
    if (ticker) return { ...product, ticker, source: choice.source };
    problem = `"${choice.ticker.trim()}" ${NOT_A_TICKER}`;
    break;
  }
  const shipped = product.isin ? shippedTicker(product.isin) : null;
  const resolved: ImportedProduct = shipped
    ? { ...product, ticker: shipped, source: 'table' }
    : placeholders
      ? { ...product, ticker: placeholderTicker(product), source: 'placeholder' }
      : { ...product, ticker: null, source: null };
  if (problem) resolved.problem = problem;
  return resolved;
}

function withTickers(
  imported: DegiroImport,
  choices: Readonly<Record<string, TickerChoice>>,
  copy: boolean,
  placeholders: boolean,
): DegiroImport {
  const products = imported.products.map((product) => resolve(product, choices, placeholders));
  const tickerOf = new Map(products.map((product) => [product.productKey, product.ticker ?? '']));
  const withTicker = (list: ImportedTransaction[]) => {
    if (!copy) {
      for (let i = 0; i < list.length; i++) list[i]!.ticker = tickerOf.get(list[i]!.productKey) ?? '';
      return list;
    }
    return list.map((t) => ({ ...t, ticker: tickerOf.get(t.productKey) ?? '' }));
  };
  const { stock, dividend, commission, cash } = imported.transactions;
  return {
    ...imported,
    products,
    transactions: {
      stock: withTicker(stock),
      dividend: withTicker(dividend),
      commission: withTicker(commission),
      cash,
    },
  };
}

export const asSaved = (tickers: Readonly<Record<string, string>>): Record<string, TickerChoice> =>
  Object.fromEntries(Object.entries(tickers).map(([key, ticker]) => [key, { ticker, source: 'saved' as const }]));

/**
 * The import with every product's ticker resolved against `tickers` (product key or name → symbol, the
 * user's choices; a refused one is named in the product's `problem`), else the table, else none ('' on
 * its transactions). `imported` is left as it was.
 */
export function applyTickers(imported: DegiroImport, tickers: Readonly<Record<string, string>>): DegiroImport {
  return withTickers(imported, asSaved(tickers), true, false);
}

/** {@link applyTickers} on an import nobody else holds yet: its transactions get their tickers in place. */
export function applyTickersInPlace(imported: DegiroImport, tickers: Readonly<Record<string, string>>): DegiroImport {
  return withTickers(imported, asSaved(tickers), false, false);
}

/**
 * Every product gets a ticker, never blocking: the choices (saved or looked up), else the table, else its
 * ISIN as a placeholder; products that need none get theirs. `imported` is left as it was.
 */
export function assignTickers(imported: DegiroImport, choices: Readonly<Record<string, TickerChoice>>): DegiroImport {
  return withTickers(imported, choices, true, true);
}
