/** Typed rows → the import: transactions with their lines and ids, every other line skipped or unrecognised. */
import { CURRENCIES, type Currency } from '../../model';
import { settleConversions } from './conversions';
import { buildDrafts, type Draft } from './drafts';
import { importIdOf } from './import-id';
import { roundMoney } from './numbers';
import { ACCOUNT_PRODUCT, type SourceRow } from './rows';
import type { DegiroImport, ImportedProduct, ImportedTransaction, SkipReason, SkippedLine, UnrecognisedLine } from './types';

function isCurrency(code: string): code is Currency {
  return (CURRENCIES as readonly string[]).includes(code);
}

function describe(draft: Draft): string {
  if (draft.type === 'stock') return draft.amount < 0 ? 'a sell' : 'a buy';
  return draft.type === 'dividend' ? 'a dividend' : 'a fee';
}

function transactionOf(draft: Draft): ImportedTransaction {
  const converted = draft.cashEur !== null;
  const cash = converted ? draft.cashEur! : draft.cash;
  const lines = [...draft.primary, ...draft.extra].flatMap((row) => row.lines).sort((a, b) => a - b);
  return {
    ticker: '',
    type: draft.type,
    date: draft.primary[0]!.date,
    amount: draft.type === 'stock' ? roundMoney(draft.amount) : 1,
    // Stock and commission values are what was paid, dividends what was received.
    value: roundMoney(draft.type === 'dividend' ? cash : -cash) + 0,
    currency: converted ? 'EUR' : (draft.currency as Currency),
    importId: importIdOf(draft.primary.map((row) => row.fingerprint)),
    lines,
    productKey: draft.productKey,
  };
}

function linesOf<T extends { line: number; text: string }>(row: SourceRow, entry: (line: number, text: string) => T): T[] {
  return row.lines.map((line, i) => entry(line, row.texts[i] ?? ''));
}

/** Assembles the import from all data rows of the file (in file order); tickers are resolved afterwards. */
export function assemble(rows: readonly SourceRow[]): DegiroImport {
  const skipped: SkippedLine[] = [];
  const unrecognised: UnrecognisedLine[] = [];
  const skip = (row: SourceRow, reason: SkipReason) => skipped.push(...linesOf(row, (line, text) => ({ line, reason, text })));
  const reject = (row: SourceRow, reason: string) => unrecognised.push(...linesOf(row, (line, text) => ({ line, text, reason })));

  const legs: SourceRow[] = [];
  for (const row of rows) {
    if (row.problem !== null) reject(row, row.problem);
    else if (row.classification.kind === 'skip') skip(row, row.classification.skipReason!);
    else if (row.classification.kind === 'fx') legs.push(row);
  }
  const { drafts, skipped: skippedByDrafts } = buildDrafts(rows);
  for (const { row, reason } of skippedByDrafts) skip(row, reason);
  for (const leg of settleConversions(drafts, legs)) skip(leg, 'currency conversion');

  const result: DegiroImport = {
    transactions: { stock: [], dividend: [], commission: [] },
    skipped,
    unrecognised,
    products: [],
    counts: { buys: 0, sells: 0, dividends: 0, commissions: 0, skipped: 0, unrecognised: 0, lines: 0 },
  };
  const products = new Map<string, ImportedProduct>();
  drafts.sort((a, b) => a.sortKey - b.sortKey);
  for (const draft of drafts) {
    if (draft.cashEur === null && !isCurrency(draft.currency)) {
      const reason = `${describe(draft)} in ${draft.currency}, and this file has no conversion of it to EUR (transactions are kept in EUR or USD)`;
      for (const row of [...draft.primary, ...draft.extra]) reject(row, reason);
      continue;
    }
    const transaction = transactionOf(draft);
    result.transactions[draft.type].push(transaction);
    const row = draft.primary[0]!;
    // Drafts run oldest first, so the newest product name wins (DEGIRO renames products, and cuts names at 22 characters).
    const product = draft.productKey === ACCOUNT_PRODUCT ? ACCOUNT_PRODUCT : row.product || draft.productKey;
    products.set(draft.productKey, { productKey: draft.productKey, product, isin: row.isin, ticker: null, source: null });
  }

  skipped.sort((a, b) => a.line - b.line);
  unrecognised.sort((a, b) => a.line - b.line);
  result.products = [...products.values()].sort((a, b) => a.product.localeCompare(b.product) || a.productKey.localeCompare(b.productKey));
  const { stock, dividend, commission } = result.transactions;
  result.counts = {
    buys: stock.filter((t) => t.amount >= 0).length,
    sells: stock.filter((t) => t.amount < 0).length,
    dividends: dividend.length,
    commissions: commission.length,
    skipped: skipped.length,
    unrecognised: unrecognised.length,
    lines: rows.reduce((sum, row) => sum + row.lines.length, 0),
  };
  return result;
}
