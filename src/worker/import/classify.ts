/** What a row is, from its description (and, for cash-management products, its product). */
import type { CashKind } from '../../model/cash';
import type { SkipReason } from './types';
import { foldText, repairMojibake } from './text';
import {
  ACCRUED_INTEREST,
  ADR_FEE,
  CASH_SWEEP,
  CASH_SWEEP_ISIN,
  CASH_SWEEP_PRODUCT,
  DEPOSIT,
  DIVIDEND,
  DIVIDEND_TAX,
  FEE,
  FX_LEG,
  FRACTION_CASH,
  INTEREST,
  MONEY_MARKET,
  MONEY_MARKET_PRODUCT,
  PLAIN_TRADE,
  PROMOTION,
  RESERVATION,
  SELL_VERB_SET,
  SPLIT_BOOKING,
  SPLIT_PREFIX,
  TRADE,
  TRADE_WITHOUT_SHARES,
  WITHDRAWAL,
} from './vocabulary';

export type RowKind =
  | 'trade'
  | 'fee'
  | 'dividend'
  | 'dividend-tax'
  | 'adr-fee'
  | 'fx'
  | 'accrued-interest'
  /** A cash line: a deposit, a withdrawal, interest (`cashKind`). */
  | 'cash'
  | 'skip'
  | 'unknown';

export interface Classification {
  kind: RowKind;
  skipReason?: SkipReason;
  /** Trades: a sell (`Verkoop`, `Sell`…) rather than a buy. */
  sell?: boolean;
  /** Trades found by {@link classifyFolded}: the share count as written (`1.234`, `0,5432`); see {@link Classifier.quantityText}. */
  quantityText?: string;
  /** Trades behind a corporate-action prefix: the prefix (`productwijziging`, `stock dividend`). */
  corporateAction?: string;
  /** Cash lines: what kind of cash transaction. */
  cashKind?: CashKind;
  /** `Processed Flatex Withdrawal`: of a positive amount, the bank side paying a withdrawal booked beside it. */
  bankSide?: boolean;
  /** Unknown rows that name a buy or a sell without its share count (`Koop`): the verb, for the reason shown. */
  tradeWithoutShares?: string;
}

/** One classification per skip reason, shared by its rows (a classification is never changed once made). */
const SKIPS = new Map<SkipReason, Classification>();
const SKIP = (skipReason: SkipReason): Classification => {
  let skip = SKIPS.get(skipReason);
  if (!skip) SKIPS.set(skipReason, (skip = { kind: 'skip', skipReason }));
  return skip;
};
const CASH = (cashKind: CashKind): Classification => ({ kind: 'cash', cashKind });
const FIXED: Record<Exclude<RowKind, 'trade' | 'skip' | 'cash'>, Classification> = {
  fee: { kind: 'fee' },
  dividend: { kind: 'dividend' },
  'dividend-tax': { kind: 'dividend-tax' },
  'adr-fee': { kind: 'adr-fee' },
  fx: { kind: 'fx' },
  'accrued-interest': { kind: 'accrued-interest' },
  unknown: { kind: 'unknown' },
};

/** Classifies a folded description; the order of the tests matters (a reservation of a deposit is a reservation). */
export function classifyFolded(description: string): Classification {
  if (MONEY_MARKET.test(description)) return SKIP('money-market fund');
  if (CASH_SWEEP.test(description)) return SKIP('cash sweep');
  const trade = TRADE.exec(description);
  if (trade) {
    const prefix = trade[1]?.trim();
    if (prefix && SPLIT_PREFIX.test(prefix)) return SKIP('share split');
    const classification: Classification = {
      kind: 'trade',
      sell: SELL_VERB_SET.has(trade[2]!),
      quantityText: trade[3]!.replace(/[.,]+$/, ''),
    };
    if (prefix) classification.corporateAction = prefix;
    return classification;
  }
  if (SPLIT_BOOKING.test(description)) return SKIP('share split');
  if (FX_LEG.test(description)) return FIXED.fx;
  if (RESERVATION.test(description)) return SKIP('reservation');
  if (DIVIDEND_TAX.test(description)) return FIXED['dividend-tax'];
  if (ADR_FEE.test(description)) return FIXED['adr-fee'];
  if (ACCRUED_INTEREST.test(description)) return FIXED['accrued-interest'];
  if (DIVIDEND.test(description) || FRACTION_CASH.test(description)) return FIXED.dividend;
  if (PROMOTION.test(description)) return FIXED.fee;
  if (INTEREST.test(description)) return CASH('interest');
  if (FEE.test(description)) return FIXED.fee;
  if (WITHDRAWAL.test(description))
    return /\bprocessed\b/.test(description)
      ? { kind: 'cash', cashKind: 'withdrawal', bankSide: true }
      : CASH('withdrawal');
  if (DEPOSIT.test(description)) return CASH('deposit');
  // Last: only a row nothing else reads is a trade whose share count is missing.
  const unread = TRADE_WITHOUT_SHARES.exec(description);
  if (unread)
    return {
      kind: 'unknown',
      tradeWithoutShares: unread[1] ?? unread[2]!,
      sell: SELL_VERB_SET.has(unread[1] ?? unread[2]!),
    };
  return FIXED.unknown;
}

const CACHE_LIMIT = 50_000;
/** Shared by all plain trades, so that a row's classification costs no allocation. */
const PLAIN_BUY: Classification = { kind: 'trade', sell: false };
const PLAIN_SELL: Classification = { kind: 'trade', sell: true };

/** Classification with memory: most descriptions of a statement repeat (fees, dividends, conversions). */
export class Classifier {
  private readonly byDescription = new Map<string, Classification>();
  private readonly byProduct = new Map<string, SkipReason | null>();
  /** The share count as written of the trade classified last ('' for anything else). */
  quantityText = '';

  /** `description` as it stands in the file (mojibake is repaired here); `product` already repaired. */
  classify(description: string, product: string, isin: string): Classification {
    this.quantityText = '';
    const productReason = this.productSkipReason(product, isin);
    if (productReason) return SKIP(productReason);
    // Trade descriptions are nearly all different (share counts, prices): not worth folding and caching.
    const trade = PLAIN_TRADE.exec(description);
    if (trade) {
      this.quantityText = trade[2]!.replace(/[.,]+$/, '');
      return SELL_VERB_SET.has(trade[1]!.toLowerCase()) ? PLAIN_SELL : PLAIN_BUY;
    }
    let classification = this.byDescription.get(description);
    if (!classification) {
      if (this.byDescription.size >= CACHE_LIMIT) this.byDescription.clear();
      classification = classifyFolded(foldText(repairMojibake(description)));
      this.byDescription.set(description, classification);
    }
    this.quantityText = classification.quantityText ?? '';
    return classification;
  }

  /** Rows of the cash-management products are never holdings, whatever their description says. */
  private productSkipReason(product: string, isin: string): SkipReason | null {
    if (isin === CASH_SWEEP_ISIN) return 'cash sweep';
    if (product === '') return null;
    let reason = this.byProduct.get(product);
    if (reason === undefined) {
      const folded = foldText(product);
      reason = MONEY_MARKET_PRODUCT.test(folded)
        ? 'money-market fund'
        : CASH_SWEEP_PRODUCT.test(folded)
          ? 'cash sweep'
          : null;
      if (this.byProduct.size >= CACHE_LIMIT) this.byProduct.clear();
      this.byProduct.set(product, reason);
    }
    return reason;
  }
}
