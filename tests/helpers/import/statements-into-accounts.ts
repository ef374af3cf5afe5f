/**
 * DEGIRO statements imported in the test process the way the worker imports them: each file parsed by the
 * worker's importer, each product under its shipped symbol (`data/isin-tickers.json`, else its product
 * key), and merged in order into the account given, starting from an empty set. No test framework here:
 * unit tests and Playwright specs both use it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { emptyTransactionSet, type TransactionSet } from '#src/model';
import { applyTickers, mergeImported, parseDegiroExport, type DegiroImport } from '#src/worker/import';

/** The shipped table, read as a file: Playwright's loader does not import JSON. */
const SHIPPED: Readonly<Record<string, string>> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../../data/isin-tickers.json'), 'utf8'),
);

/** Product key → ticker: the shipped symbol of its ISIN, else the product key. */
const tickersOf = (imported: DegiroImport): Record<string, string> =>
  Object.fromEntries(
    imported.products.map((product) => [product.productKey, SHIPPED[product.isin] ?? product.productKey]),
  );

export interface StatementInto {
  /** The statement's path. */
  file: string;
  /** The id of the account it goes to. */
  account: string;
}

export async function importedIntoAccounts(statements: readonly StatementInto[]): Promise<TransactionSet> {
  let set = emptyTransactionSet();
  for (const { file, account } of statements) {
    const imported = await parseDegiroExport(readFileSync(file, 'utf8'));
    set = mergeImported(set, applyTickers(imported, tickersOf(imported)), account).merged;
  }
  return set;
}
