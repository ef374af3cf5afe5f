/**
 * Rows → transaction drafts: a trade row is a stock draft, a fee a commission draft, and the dividend,
 * withholding-tax and ADR-fee rows of one product, currency and day are netted into one dividend draft.
 * Currencies are settled afterwards (see `conversions.ts`).
 */
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
  /** The cash in EUR once a currency conversion of the file settled it; null while it has not. */
  cashEur: number | null;
  orderId: string;
  /** The rows that identify the transaction: its import id is made of their fingerprints. */
  primary: SourceRow[];
  /** Rows folded into it that do not identify it (conversion legs, accrued interest); null while none. */
  extra: SourceRow[] | null;
  /** The latest booking among the primary rows: the draft's place in time. */
  latest: SourceRow;
}

export interface DraftSet {
  drafts: Draft[];
  /** Rows that end up skipped here rather than at classification. */
  skipped: Array<{ row: SourceRow; reason: SkipReason }>;
}

function draftOf(type: TransactionType, row: SourceRow, amount: number): Draft {
  return {
    type,
    productKey: row.productKey,
    amount,
    cash: row.amount,
    currency: row.currency,
    cashEur: null,
    orderId: row.orderId,
    primary: [row],
    extra: null,
    latest: row,
  };
}

/** Folds rows that do not identify the draft into it (conversion legs, accrued interest). */
export function fold(draft: Draft, ...rows: SourceRow[]): void {
  if (draft.extra) draft.extra.push(...rows);
  else draft.extra = rows;
}

function addDividendRow(draft: Draft, row: SourceRow): void {
  draft.cash = roundMoney(draft.cash + row.amount);
  draft.primary.push(row);
  if (chronological(row, draft.latest) > 0) draft.latest = row;
}

/** Builds the drafts of all transaction rows (rows without a problem whose kind is not skip, unknown or fx). */
export function buildDrafts(rows: readonly SourceRow[]): DraftSet {
  const drafts: Draft[] = [];
  const skipped: DraftSet['skipped'] = [];
  const firstTradeOfOrder = new Map<string, Draft>();
  const dividends = new Map<string, Draft>();
  const adrFees: SourceRow[] = [];
  const accrued: SourceRow[] = [];

  for (const row of rows) {
    if (row.problem !== null) continue;
    const { kind } = row.classification;
    if (kind === 'trade') {
      const draft = draftOf('stock', row, row.classification.sell ? -row.quantity : row.quantity);
      drafts.push(draft);
      if (row.orderId && !firstTradeOfOrder.has(row.orderId)) firstTradeOfOrder.set(row.orderId, draft);
    } else if (kind === 'fee') {
      drafts.push(draftOf('commission', row, 1));
    } else if (kind === 'dividend' || kind === 'dividend-tax') {
      const key = `${row.productKey}|${row.currency}|${row.epochDay}`;
      const group = dividends.get(key);
      if (group) addDividendRow(group, row);
      else dividends.set(key, draftOf('dividend', row, 1));
    } else if (kind === 'adr-fee') {
      adrFees.push(row);
    } else if (kind === 'accrued-interest') {
      accrued.push(row);
    }
  }

  // An ADR/GDR fee comes out of the dividend it is booked with; alone, it is a commission.
  for (const row of adrFees) {
    const group = dividends.get(`${row.productKey}|${row.currency}|${row.epochDay}`);
    if (group) addDividendRow(group, row);
    else drafts.push(draftOf('commission', row, 1));
  }

  // Accrued bond interest is part of the cash of the trade it was bought or sold with.
  for (const row of accrued) {
    const trade = row.orderId ? firstTradeOfOrder.get(row.orderId) : undefined;
    if (trade && trade.currency === row.currency) {
      trade.cash = roundMoney(trade.cash + row.amount);
      fold(trade, row);
    } else skipped.push({ row, reason: 'interest' });
  }

  for (const group of dividends.values()) {
    if (Math.abs(group.cash) < 0.005) for (const row of group.primary) skipped.push({ row, reason: 'dividend nets to zero' });
    else drafts.push(group);
  }
  return { drafts, skipped };
}
