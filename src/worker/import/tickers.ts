/**
 * Product → Yahoo symbol: the user's choice first (made in the preview, remembered from an earlier
 * import, or `--ticker` on the command line), else the shipped ISIN table, else none (the preview asks).
 */
import isinTickers from '../../../data/isin-tickers.json';
import { TICKER_PATTERN } from '../../model';
import type { DegiroImport, ImportedProduct, ImportedTransaction } from './types';

const SHIPPED: Readonly<Record<string, string>> = isinTickers;

/** A ticker as stored: trimmed and upper-case; null when it is not a Yahoo symbol. */
export function normaliseTicker(ticker: string): string | null {
  const normalised = ticker.trim().toUpperCase();
  return TICKER_PATTERN.test(normalised) ? normalised : null;
}

/** The shipped table's symbol for an ISIN, if any. */
export function shippedTicker(isin: string): string | null {
  return Object.hasOwn(SHIPPED, isin) ? SHIPPED[isin]! : null;
}

function resolve(product: ImportedProduct, tickers: Readonly<Record<string, string>>): ImportedProduct {
  const chosen = [product.productKey, product.product].map((key) => (Object.hasOwn(tickers, key) ? normaliseTicker(tickers[key]!) : null));
  const user = chosen[0] ?? chosen[1];
  if (user) return { ...product, ticker: user, source: 'user' };
  const shipped = product.isin ? shippedTicker(product.isin) : null;
  return { ...product, ticker: shipped, source: shipped ? 'table' : null };
}

function withTickers(imported: DegiroImport, tickers: Readonly<Record<string, string>>, copy: boolean): DegiroImport {
  const products = imported.products.map((product) => resolve(product, tickers));
  const tickerOf = new Map(products.map((product) => [product.productKey, product.ticker ?? '']));
  const withTicker = (list: ImportedTransaction[]) => {
    if (!copy) {
      for (const t of list) t.ticker = tickerOf.get(t.productKey) ?? '';
      return list;
    }
    return list.map((t) => ({ ...t, ticker: tickerOf.get(t.productKey) ?? '' }));
  };
  const { stock, dividend, commission } = imported.transactions;
  return {
    ...imported,
    products,
    transactions: { stock: withTicker(stock), dividend: withTicker(dividend), commission: withTicker(commission) },
  };
}

/**
 * The import with every product's ticker resolved against `tickers` (product key → symbol; invalid
 * symbols are ignored) and every transaction carrying its product's ticker ('' while unresolved).
 * `imported` is left as it was.
 */
export function applyTickers(imported: DegiroImport, tickers: Readonly<Record<string, string>>): DegiroImport {
  return withTickers(imported, tickers, true);
}

/** {@link applyTickers} on an import nobody else holds yet: its transactions get their tickers in place. */
export function applyTickersInPlace(imported: DegiroImport, tickers: Readonly<Record<string, string>>): DegiroImport {
  return withTickers(imported, tickers, false);
}
