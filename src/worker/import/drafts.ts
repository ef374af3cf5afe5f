/**
 * Rows → transaction drafts: a trade row is a stock draft, a fee a commission draft, and the dividend,
 * withholding-tax and ADR-fee rows of one product, currency and day are netted into one dividend draft,
 * which keeps the withholding-tax rows' sum apart as well (the dividend's `tax`).
 * Currencies are settled afterwards (see `conversions.ts`).
 */
import { CURRENCIES } from '../../model/currencies';
import type { TransactionType } from '../../model';
import { roundMoney } from './numbers';
import { chronological, type SourceRow } from './rows';
import type { SkipReason } from './types';

export interface Draft {
  type: TransactionType;
  productKey: string;
  /** Stock: shares, negative for a sell. Dividend and commission: 1. */
  amount: number;
  /** Signed cash movement in `currency`: negative for a buy or a fee, positive for a sell or a dividend. */
  cash: number;
  currency: string;
  /** Dividends: the withholding-tax rows' cash in `currency` (negative for tax withheld, positive for a refund); 0 otherwise. */
  taxCash: number;
  /** The cash in EUR once a currency conversion of the file settled it; null while it has not. */
  cashEur: number | null;
  orderId: string;
  /** The (first) row that identifies the transaction; its import id is made of the identifying rows' fingerprints. */
  row: SourceRow;
  /** The other identifying rows of a dividend group (its tax, reversals); null for a single row. */
  more: SourceRow[] | null;
  /** Rows folded into it that do not identify it (conversion legs, accrued interest); null while none. */
  extra: SourceRow[] | null;
  /** The latest booking among the identifying rows: the draft's place in time. */
  latest: SourceRow;
  /**
   * Dividends: the tax refunds of later days attributed to it, in the currency of its value (they raise its
   * value and lower its tax), and their drafts (whose ids join its own); null while none.
   */
  refunds: { amount: number; drafts: Draft[] } | null;
}

export interface DraftSet {
  drafts: Draft[];
  /** Rows that end up skipped here rather than at classification. */
  skipped: Array<{ row: SourceRow; reason: SkipReason }>;
  /** Accrued bond interest without its trade in the file: cash interest of the account. */
  interest: SourceRow[];
}

function draftOf(type: TransactionType, row: SourceRow, amount: number): Draft {
  return {
    type,
    productKey: row.productKey,
    amount,
    cash: row.amount,
    taxCash: row.classification.kind === 'dividend-tax' ? row.amount : 0,
    currency: row.currency,
    cashEur: row.amountEur ?? null,
    orderId: row.orderId,
    row,
    more: null,
    extra: null,
    latest: row,
    refunds: null,
  };
}

/** The rows that identify the draft. */
export function identifyingRows(draft: Draft): SourceRow[] {
  return draft.more ? [draft.row, ...draft.more] : [draft.row];
}

/** Folds rows that do not identify the draft into it (conversion legs, accrued interest). */
export function fold(draft: Draft, ...rows: SourceRow[]): void {
  if (draft.extra) draft.extra.push(...rows);
  else draft.extra = rows;
}

function addDividendRow(draft: Draft, row: SourceRow): void {
  draft.cash = roundMoney(draft.cash + row.amount);
  if (row.classification.kind === 'dividend-tax') draft.taxCash = roundMoney(draft.taxCash + row.amount);
  (draft.more ??= []).push(row);
  if (chronological(row, draft.latest) > 0) draft.latest = row;
}

/** The dividend groups of a file: one per product, currency and day. */
class DividendGroups {
  private readonly byProduct = new Map<string, Map<number, Draft[]>>();

  /** The group of the row's product, currency and day, if there is one. */
  find(row: SourceRow): Draft | undefined {
    return this.byProduct
      .get(row.productKey)
      ?.get(row.epochDay)
      ?.find((group) => group.currency === row.currency);
  }

  add(row: SourceRow): void {
    const group = this.find(row);
    if (group) {
      addDividendRow(group, row);
      return;
    }
    let byDay = this.byProduct.get(row.productKey);
    if (!byDay) this.byProduct.set(row.productKey, (byDay = new Map()));
    const draft = draftOf('dividend', row, 1);
    const sameDay = byDay.get(row.epochDay);
    if (sameDay) sameDay.push(draft);
    else byDay.set(row.epochDay, [draft]);
  }

  /** Every group, by product, then day, then currency (without an iterator's result per group). */
  each(visit: (group: Draft) => void): void {
    this.byProduct.forEach((byDay) =>
      byDay.forEach((groups) => {
        for (let i = 0; i < groups.length; i++) visit(groups[i]!);
      }),
    );
  }
}

/** Currencies a dividend of no cash can be kept in: there is nothing to convert. */
const KEPT_CURRENCIES: ReadonlySet<string> = new Set(CURRENCIES);

/**
 * A dividend whose tax rows take all of it (DEGIRO books `Dividend` and `Dividendbelasting` of equal size):
 * it is a dividend of value 0 whose tax is the gross, not nothing. A reversal, which cancels the dividend
 * rows themselves, is not; neither is one in a currency a set cannot hold (nothing was received to convert).
 */
function isFullyWithheld(group: Draft): boolean {
  return Math.abs(group.cash) < 0.005 && group.taxCash <= -0.005 && KEPT_CURRENCIES.has(group.currency);
}

/** Builds the drafts of all transaction rows (rows without a problem whose kind is not skip, unknown or fx). */
export function buildDrafts(rows: readonly SourceRow[], leadOf: ReadonlyMap<SourceRow, SourceRow>): DraftSet {
  const drafts: Draft[] = [];
  const skipped: DraftSet['skipped'] = [];
  const dividends = new DividendGroups();
  const adrFees: SourceRow[] = [];
  const accrued: SourceRow[] = [];
  const interest: SourceRow[] = [];

  const joiningCosts: SourceRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.problem !== null) continue;
    const { kind } = row.classification;
    if (kind === 'trade') drafts.push(draftOf('stock', row, row.classification.sell ? -row.quantity : row.quantity));
    else if (kind === 'fee' && leadOf.size > 0 && leadOf.has(row)) joiningCosts.push(row);
    else if (kind === 'fee') drafts.push(draftOf('commission', row, 1));
    else if (kind === 'dividend' || kind === 'dividend-tax') dividends.add(row);
    else if (kind === 'adr-fee') adrFees.push(row);
    else if (kind === 'accrued-interest') accrued.push(row);
  }

  // An order's other cost rows add to the commission of its first: one commission per order, as Transactions.csv.
  // The commission drafts so far are the cost rows' own, of those rows (`draft.row`).
  const orderCosts = new Map<SourceRow, Draft>();
  if (joiningCosts.length > 0) {
    const leads = new Set(joiningCosts.map((row) => leadOf.get(row)!));
    for (const draft of drafts)
      if (draft.type === 'commission' && leads.has(draft.row)) orderCosts.set(draft.row, draft);
  }
  for (const row of joiningCosts) {
    const draft = orderCosts.get(leadOf.get(row)!)!;
    draft.cash = roundMoney(draft.cash + row.amount);
    fold(draft, row);
    if (chronological(row, draft.latest) > 0) draft.latest = row;
  }

  // An ADR/GDR fee comes out of the dividend it is booked with; alone, it is a commission.
  for (const row of adrFees) {
    const group = dividends.find(row);
    if (group) addDividendRow(group, row);
    else drafts.push(draftOf('commission', row, 1));
  }

  // Accrued bond interest is part of the cash of the trade it was bought or sold with.
  if (accrued.length > 0) {
    const firstTradeOfOrder = new Map<string, Draft>();
    for (const draft of drafts)
      if (draft.type === 'stock' && draft.orderId && !firstTradeOfOrder.has(draft.orderId))
        firstTradeOfOrder.set(draft.orderId, draft);
    for (const row of accrued) {
      const trade = row.orderId ? firstTradeOfOrder.get(row.orderId) : undefined;
      if (trade && trade.currency === row.currency) {
        trade.cash = roundMoney(trade.cash + row.amount);
        fold(trade, row);
      } else interest.push(row);
    }
  }

  dividends.each((group) => {
    if (Math.abs(group.cash) >= 0.005 || isFullyWithheld(group)) drafts.push(group);
    else for (const row of identifyingRows(group)) skipped.push({ row, reason: 'dividend nets to zero' });
  });
  return { drafts, skipped, interest };
}
