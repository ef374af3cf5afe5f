/** Typed rows → the import: transactions with their lines and ids, every other line skipped or unrecognised. */
import { CASH_KINDS } from '../../model/cash';
import { isBoundedNumber, MAX_ABSOLUTE_NUMBER } from '../../model/transaction-limits';
import { accountFee, bookCash, isHeldCurrency as isCurrency } from './cash';
import { settleConversions } from './conversions';
import { buildDrafts, identifyingRows, type Draft } from './drafts';
import { lastEntry, linesOfDraft } from './draft-lines';
import { attributeNonTradeableDividends, attributeTaxRefunds, withheldTax } from './dividend-attribution';
import { distinguishRepeatedRows, importIdOf, joinImportIds } from './import-id';
import { roundMoney } from './numbers';
import { joinOrderCosts, type OrderCosts } from './order-costs';
import { ACCOUNT_PRODUCT, chronological, linesOf, type SourceRow } from './rows';
import { reconcile } from './reconcile';
import type { StatementColumns } from './statement-columns';
import {
  emptyImport,
  type DegiroImport,
  type ImportedProduct,
  type ImportedTransaction,
  type SkipReason,
  type SkippedLine,
  type UnrecognisedLine,
} from './types';

/** Skipped lines that move money between the account's own places: the check follows them. */
const INTERNAL: ReadonlySet<SkipReason> = new Set<SkipReason>(['cash sweep', 'money-market fund', 'reservation']);

function describe(draft: Draft): string {
  if (draft.type === 'stock') return draft.amount < 0 ? 'a sell' : 'a buy';
  return draft.type === 'dividend' ? 'a dividend' : 'a fee';
}

function transactionOf(draft: Draft, costs: OrderCosts): ImportedTransaction {
  const converted = draft.cashEur !== null;
  const cash = converted ? draft.cashEur! : draft.cash;
  const only = !draft.more && !draft.extra ? draft.row : null;
  const lines = only && only.lineCount === 1 ? [only.line] : linesOfDraft(draft);
  const transaction: ImportedTransaction = {
    ticker: '',
    type: draft.type,
    date: draft.row.date,
    amount: draft.type === 'stock' ? roundMoney(draft.amount) : 1,
    // Stock and commission values are what was paid, dividends what was received (net of withheld tax).
    value: roundMoney(draft.type === 'dividend' ? cash : -cash) + 0,
    currency: converted ? 'EUR' : (draft.currency as ImportedTransaction['currency']),
    importId: idOf(draft),
    lines,
    productKey: draft.productKey,
  };
  const tax = withheldTax(draft);
  if (tax !== null) transaction.tax = tax;
  if (draft.refunds) {
    // Refunds of later days: more was finally received, less withheld; the gross is the same.
    transaction.value = roundMoney(transaction.value + draft.refunds.amount) + 0;
    transaction.tax = roundMoney(Math.max(0, (tax ?? 0) - draft.refunds.amount)) + 0;
    transaction.importId = joinImportIds(transaction.importId, draft.refunds.drafts.map(idOf));
    transaction.lines = [...lines, ...draft.refunds.drafts.flatMap((refund) => rowsOf(refund).flatMap(linesOf))].sort(
      (a, b) => a - b,
    );
  }
  // A trade keeps the name the statement gives its product (the holdings show it, whatever the symbol).
  if (draft.type === 'stock' && draft.row.product) transaction.product = draft.row.product;
  // A trade priced in one currency and booked in another (AutoFX: `Koop 5 @ 200 USD`, paid in EUR) keeps
  // the price's currency: the listing's, which the holdings name and allocate by when it has no quotes.
  if (draft.type === 'stock' && draft.currency !== transaction.currency && /^[A-Za-z]{3}$/.test(draft.currency))
    transaction.priceCurrency = draft.currency;
  let joinsOrderCosts = false;
  if (draft.extra) {
    let folded: string[] | undefined;
    for (const row of draft.extra) {
      if (row.classification.kind === 'fx' && row.fingerprint !== 0) (folded ??= []).push(importIdOf(row.fingerprint));
      if (costs.lead.size > 0 && costs.lead.has(row)) joinsOrderCosts = true;
    }
    if (folded) transaction.foldedImportIds = folded;
  }
  if (!draft.more && !joinsOrderCosts && draft.row.formerFingerprint !== 0)
    transaction.formerImportId = importIdOf(draft.row.formerFingerprint);
  const replaces = replacedIds(draft, joinsOrderCosts, costs.previous);
  if (replaces.length > 0) transaction.replacesImportIds = replaces;
  return transaction;
}

/**
 * The ids earlier versions stored this transaction's rows under, which it replaces: an order's cost rows
 * each keyed alone (`order-costs.ts`), and for an order's summed costs also its rows' content ids of
 * before the files shared keys (a single row's is its `formerImportId`, which renames).
 */
function replacedIds(draft: Draft, joinsOrderCosts: boolean, previous: ReadonlyMap<SourceRow, number>): string[] {
  if (draft.type !== 'commission' || (previous.size === 0 && !joinsOrderCosts)) return NONE;
  const ids: string[] = [];
  addReplaced(ids, draft.row, joinsOrderCosts, previous);
  if (draft.extra) for (const row of draft.extra) addReplaced(ids, row, joinsOrderCosts, previous);
  return ids;
}

/** No ids (never added to: a result only read). */
const NONE: string[] = [];

function addReplaced(
  ids: string[],
  row: SourceRow,
  joinsOrderCosts: boolean,
  previous: ReadonlyMap<SourceRow, number>,
) {
  const before = previous.size > 0 ? previous.get(row) : undefined;
  if (before) ids.push(importIdOf(before));
  if (joinsOrderCosts && row.formerFingerprint !== 0) ids.push(importIdOf(row.formerFingerprint));
}

/** The other identifying rows' fingerprints of the draft whose id is being made (one list, reused). */
const others: number[] = [];

function idOf(draft: Draft): string {
  if (!draft.more) return importIdOf(draft.row.fingerprint);
  others.length = 0;
  for (const row of draft.more) others.push(row.fingerprint);
  return importIdOf(draft.row.fingerprint, others);
}

function rowsOf(draft: Draft): SourceRow[] {
  return draft.extra ? [...identifyingRows(draft), ...draft.extra] : identifyingRows(draft);
}

/** Calls `entry` for each physical line of the row, with the line's text. */
function eachLine(row: SourceRow, entry: (line: number, text: string) => void): void {
  if (row.lineCount === 1) {
    entry(row.line, row.text);
    return;
  }
  const texts = row.text.split('\n');
  for (let i = 0; i < row.lineCount; i++) entry(row.line + i, texts[i] ?? '');
}

/** What the product's transactions of this file add up to, to tell products that need no symbol. */
interface ProductTally {
  shares: number;
  cash: number;
  stocks: number;
  dividends: number;
  /** Currency of its newest trade (before conversion), else of its newest dividend. */
  currency: string | null;
  /** Exchange of its newest trade, when the file names it. */
  venue: string | null;
}

function productOf(productKey: string, row: SourceRow, tally: ProductTally): ImportedProduct {
  const product = productKey === ACCOUNT_PRODUCT ? ACCOUNT_PRODUCT : row.product || productKey;
  const nets =
    tally.stocks > 0 && tally.dividends === 0 && Math.abs(tally.shares) < 1e-9 && Math.abs(tally.cash) < 0.005;
  const result: ImportedProduct = {
    productKey,
    product,
    isin: row.isin,
    currency: tally.currency,
    needsSymbol: productKey !== ACCOUNT_PRODUCT && !nets,
    ticker: null,
    source: null,
  };
  if (tally.venue) result.venue = tally.venue;
  return result;
}

/**
 * Assembles the import from all data rows of the file (in file order) and, for an Account.csv, what the
 * statement's check reads of them (`columns`); tickers are resolved afterwards.
 */
export function assemble(rows: readonly SourceRow[], columns: StatementColumns | null): DegiroImport {
  const costs = joinOrderCosts(rows);
  distinguishRepeatedRows(rows, costs.previous);
  const skipped: SkippedLine[] = [];
  const unrecognised: UnrecognisedLine[] = [];
  const internal: SourceRow[] = [];
  const skip = (row: SourceRow, reason: SkipReason) => {
    if (INTERNAL.has(reason)) internal.push(row);
    eachLine(row, (line, text) => skipped.push({ line, reason, text }));
  };
  const reject = (row: SourceRow, reason: string) =>
    eachLine(row, (line, text) => unrecognised.push({ line, text, reason }));

  const legs: SourceRow[] = [];
  let lines = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (!row.sharesLine) lines += row.lineCount;
    if (row.problem !== null) reject(row, row.problem);
    // A money-market line with a mutation is the fund's gain or loss: interest (cash.ts).
    else if (
      row.classification.kind === 'skip' &&
      !(row.classification.skipReason === 'money-market fund' && row.fingerprint !== 0)
    )
      skip(row, row.classification.skipReason!);
    else if (row.classification.kind === 'fx') legs.push(row);
  }
  const { drafts, skipped: skippedByDrafts, interest } = buildDrafts(rows, costs.lead);
  for (const { row, reason } of skippedByDrafts) skip(row, reason);
  const booking = bookCash(rows, settleConversions(drafts, legs), interest);
  for (const { row, reason } of booking.internal) skip(row, reason);
  for (const { row, reason } of booking.rejected) reject(row, reason);

  const { transactions } = emptyImport();
  transactions.cash = booking.cash;
  /** Each product's newest row: DEGIRO renames products, and cuts names at 22 characters. */
  const newestRow = new Map<string, SourceRow>();
  const tallies = new Map<string, ProductTally>();
  let buys = 0;
  // Drafts come in file order, newest first: reversed, they are nearly sorted, which the sort finds fast.
  drafts.reverse().sort((a, b) => chronological(a.latest, b.latest));
  attributeNonTradeableDividends(drafts);
  const kept = attributeTaxRefunds(drafts);
  for (let i = 0; i < kept.length; i++) {
    const draft = kept[i]!;
    if (draft.cashEur === null && !isCurrency(draft.currency)) {
      const reason = `${describe(draft)} in ${draft.currency}, which is not an ISO 4217 currency code, and this file has no conversion of it to EUR`;
      for (const row of rowsOf(draft)) reject(row, reason);
      continue;
    }
    const transaction = transactionOf(draft, costs);
    const unbounded = !isBoundedNumber(transaction.value)
      ? `value ${transaction.value}`
      : transaction.tax !== undefined && !isBoundedNumber(transaction.tax)
        ? `withheld tax ${transaction.tax}`
        : null;
    if (unbounded !== null) {
      // Each row is within bounds, their sum need not be.
      const reason = `${describe(draft)} whose ${unbounded} is beyond ±${MAX_ABSOLUTE_NUMBER}`;
      for (const row of rowsOf(draft)) reject(row, reason);
      continue;
    }
    // The account's costs are its fees: cash, never a ticker.
    if (draft.type === 'commission' && draft.productKey === ACCOUNT_PRODUCT) {
      transactions.cash.push(accountFee(transaction));
      continue;
    }
    transactions[draft.type].push(transaction);
    if (draft.type === 'stock' && transaction.amount >= 0) buys += 1;
    // A dividend moved to its company's product does not name that product.
    if (draft.row.productKey === draft.productKey || !newestRow.has(draft.productKey))
      newestRow.set(draft.productKey, draft.row);
    let tally = tallies.get(draft.productKey);
    if (!tally)
      tallies.set(
        draft.productKey,
        (tally = { shares: 0, cash: 0, stocks: 0, dividends: 0, currency: null, venue: null }),
      );
    if (draft.type === 'stock') {
      tally.stocks += 1;
      tally.shares += transaction.amount;
      tally.cash += transaction.value;
      tally.currency = draft.currency;
      if (draft.row.venue) tally.venue = draft.row.venue;
    } else if (draft.type === 'dividend') {
      tally.dividends += 1;
      if (tally.stocks === 0) tally.currency = draft.currency;
    }
  }

  skipped.sort((a, b) => a.line - b.line);
  unrecognised.sort((a, b) => a.line - b.line);
  transactions.cash.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : b.lines[0]! - a.lines[0]!));
  // Why a line is not booked: its last entry among the unrecognised, else among the skipped (both by line).
  const reasonOf = (line: number) => lastEntry(unrecognised, line)?.reason ?? lastEntry(skipped, line)?.reason;
  const cash = Object.fromEntries(CASH_KINDS.map((kind) => [kind, 0])) as DegiroImport['counts']['cash'];
  for (const t of transactions.cash) cash[t.kind] += 1;
  const products = [...newestRow].map(([productKey, row]) => productOf(productKey, row, tallies.get(productKey)!));
  products.sort((a, b) => a.product.localeCompare(b.product) || a.productKey.localeCompare(b.productKey));
  return {
    transactions,
    skipped,
    unrecognised,
    products,
    counts: {
      buys,
      sells: transactions.stock.length - buys,
      dividends: transactions.dividend.length,
      commissions: transactions.commission.length,
      cash,
      skipped: skipped.length,
      unrecognised: unrecognised.length,
      lines,
    },
    reconciliation: reconcile(rows, columns, transactions, internal, reasonOf),
  };
}
