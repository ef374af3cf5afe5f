/**
 * The statement of tests/fixtures/degiro/real-account-40 imported the way the worker does (parsed, each product
 * under its shipped symbol, else its product key, as a placeholder would be, and merged), and the quotes the
 * app ships offline (`data/market`), for unit tests that derive its figures with the real engine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import isinTickers from '#data/isin-tickers.json';
import { emptyTransactionSet, type QuoteEntry, type Transaction, type TransactionSet } from '#src/model';
import { applyTickers, mergeImported, parseDegiroExport, type DegiroImport } from '#src/worker/import';
import { columnsFromChart } from '#server/quotes/quote-columns';
import { REAL_ACCOUNT, REAL_TRADES } from './real-account-statement';

const SHIPPED: Readonly<Record<string, string>> = isinTickers;
const MARKET = join(import.meta.dirname, '../../../data/market');

/** The shipped offline quotes, one entry per file of `data/market`, as the files provider answers them. */
export const shippedQuotes = (): QuoteEntry[] =>
  readdirSync(MARKET)
    .filter((file) => file.endsWith('.json'))
    .map((file) =>
      columnsFromChart(file.slice(0, -'.json'.length), JSON.parse(readFileSync(join(MARKET, file), 'utf8')), 'files'),
    );

/** Product key → ticker: the shipped symbol of its ISIN, else the product key. */
export const tickersOf = (imported: DegiroImport): Record<string, string> =>
  Object.fromEntries(
    imported.products.map((product) => [product.productKey, SHIPPED[product.isin] ?? product.productKey]),
  );

const parsed = async (file: string) => {
  const imported = await parseDegiroExport(readFileSync(file, 'utf8'));
  return applyTickers(imported, tickersOf(imported));
};

/** The set after importing `files` in order into an empty account. */
export async function importedSet(files: ReadonlyArray<'Account.csv' | 'Transactions.csv'>): Promise<TransactionSet> {
  let set = emptyTransactionSet();
  for (const file of files)
    set = mergeImported(set, await parsed(file === 'Account.csv' ? REAL_ACCOUNT : REAL_TRADES)).merged;
  return set;
}

export const rowsOf = (set: TransactionSet): Transaction[] => [...set.stock, ...set.dividend, ...set.commission];
