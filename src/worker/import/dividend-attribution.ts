/**
 * Where a dividend's money belongs, before the drafts become transactions (assemble.ts): the tax a dividend
 * had withheld, a later tax refund given back to the dividend whose tax it returns, and dividends booked on
 * a company's `NON TRADEABLE` line moved to the company's own product.
 */
import type { Draft } from './drafts';
import { roundCents, roundMoney } from './numbers';

/**
 * The tax a dividend draft had withheld, in the currency of its value: the tax rows' sum, converted at
 * the rate its conversion gave the dividend's cash. A group whose tax rows refund more than they withhold
 * (a corrected booking) has no tax: the refund stays in the cash received. Null for a draft without tax rows.
 */
export function withheldTax(draft: Draft): number | null {
  if (draft.type !== 'dividend' || draft.taxCash === 0) return null;
  const withheld = Math.max(0, -draft.taxCash);
  return (draft.cashEur === null ? roundMoney(withheld) : roundCents((withheld * draft.cashEur) / draft.cash)) + 0;
}

/** A dividend group of tax rows only that refunds tax (a positive `Dividendbelasting` with no dividend that day). */
function isTaxRefund(draft: Draft): boolean {
  return draft.type === 'dividend' && draft.taxCash > 0 && Math.abs(draft.cash - draft.taxCash) < 0.005;
}

const finalCurrency = (draft: Draft) => (draft.cashEur !== null ? 'EUR' : draft.currency);

/**
 * A tax refund booked on a later day belongs to the dividend whose tax it returns, when the file shows it:
 * the product's latest earlier dividend, in the same currency, whose tax (less refunds already given to it)
 * covers the refund. That dividend's value rises and its tax falls by the refund (its gross stays), in the
 * year it was paid; its import id joins the refund's, so that an export with only one of the two finds it.
 * A refund without such a dividend stays a dividend of its own, in the year received, with no tax.
 * Returns the drafts without the attributed refunds (`drafts` is in chronological order).
 */
export function attributeTaxRefunds(drafts: Draft[]): Draft[] {
  if (!drafts.some(isTaxRefund)) return drafts;
  const earlier = new Map<string, Draft[]>();
  const kept: Draft[] = [];
  for (const draft of drafts) {
    if (draft.type !== 'dividend') {
      kept.push(draft);
      continue;
    }
    const candidates = earlier.get(draft.productKey) ?? [];
    if (isTaxRefund(draft)) {
      const refund = draft.cashEur ?? draft.cash;
      let target: Draft | undefined;
      for (let i = candidates.length - 1; i >= 0 && !target; i--) {
        const candidate = candidates[i]!;
        const left = (withheldTax(candidate) ?? 0) - (candidate.refunds?.amount ?? 0);
        if (
          finalCurrency(candidate) === finalCurrency(draft) &&
          candidate.row.epochDay < draft.row.epochDay &&
          left >= refund - 0.005
        )
          target = candidate;
      }
      if (target) {
        target.refunds ??= { amount: 0, drafts: [] };
        target.refunds.amount = roundMoney(target.refunds.amount + refund);
        target.refunds.drafts.push(draft);
        continue;
      }
    } else if (draft.taxCash < 0) {
      candidates.push(draft);
      earlier.set(draft.productKey, candidates);
    }
    kept.push(draft);
  }
  return kept;
}

const NON_TRADEABLE = /^(.*?)\s*-\s*non[ -]?tradeable$/i;

/**
 * Dividends booked on a company's `NON TRADEABLE` line (the cash for a stock dividend's fraction, a claim)
 * are that company's income: they move to the company's own product when the file has it.
 */
export function attributeNonTradeableDividends(drafts: readonly Draft[]): void {
  // A file has few products and many drafts: each name is read once (its company's name, else its own, upper case).
  const names = new Map<string, { company: string | undefined; upper: string }>();
  const nameOf = (product: string) => {
    let name = names.get(product);
    if (!name) {
      name = { company: NON_TRADEABLE.exec(product)?.[1]?.toUpperCase(), upper: product.toUpperCase() };
      names.set(product, name);
    }
    return name;
  };
  const keyOfName = new Map<string, string>();
  for (let i = 0; i < drafts.length; i++) {
    const { product } = drafts[i]!.row;
    if (!product) continue;
    const name = nameOf(product);
    if (name.company === undefined) keyOfName.set(name.upper, drafts[i]!.productKey);
  }
  if (keyOfName.size === 0) return;
  for (const draft of drafts) {
    if (draft.type !== 'dividend') continue;
    const company = nameOf(draft.row.product).company;
    const key = company ? keyOfName.get(company) : undefined;
    if (key) draft.productKey = key;
  }
}
