/**
 * Currency conversions. DEGIRO books a conversion as two rows of the same moment: the foreign-currency
 * leg and the EUR leg (`Valuta Debitering` USD −1,36 / `Valuta Creditering` EUR 1,28). A pair belongs to
 *  1. the trade of its Order Id (the trade's cash becomes the EUR that actually moved);
 *  2. without an Order Id, a foreign-currency trade of the same product and minute (older exports);
 *  3. otherwise the foreign-currency dividends (and fees without an order) booked in the 31 days up to its
 *     minute whose net sum is exactly the converted amount: DEGIRO converts the balance they left. Several
 *     conversions of one day may do so together. The EUR credited is split over the dividends in
 *     proportion, to the cent.
 * A pair that fits none of these is skipped as a currency conversion.
 */
import { fold, type Draft } from './drafts';
import { allocateCents, roundCents, sameCents } from './numbers';
import { ACCOUNT_PRODUCT, chronological, type SourceRow } from './rows';

interface ConversionPair {
  eur: SourceRow;
  foreign: SourceRow;
  currency: string;
  orderId: string;
  productKey: string;
  /** The later of the two legs: the conversion's place in time. */
  latest: SourceRow;
}

/** How far back a dividend can be from the conversion of its currency, in days. */
export const DIVIDEND_WINDOW_DAYS = 31;
/** How many earlier dividends a conversion may gather. */
const MAX_GATHERED = 64;

/** A booking's minute as one number: conversion legs, and trades without an Order Id, pair within it. */
function momentOf(row: SourceRow): number {
  return row.epochDay * 1440 + row.minutes;
}

/** Pairs each foreign leg with the nearest unused EUR leg of the same moment and Order Id, of opposite sign. */
function pairLegs(legs: readonly SourceRow[]): { pairs: ConversionPair[]; unpaired: SourceRow[] } {
  const byMoment = new Map<number, SourceRow[]>();
  for (let i = 0; i < legs.length; i++) push(byMoment, momentOf(legs[i]!), legs[i]!);
  const groups: SourceRow[][] = [];
  for (const legsOfMoment of byMoment.values()) {
    if (legsOfMoment.every((leg) => leg.orderId === legsOfMoment[0]!.orderId)) {
      groups.push(legsOfMoment);
      continue;
    }
    const orderIds = new Set(legsOfMoment.map((leg) => leg.orderId));
    if (orderIds.size === 1) groups.push(legsOfMoment);
    else for (const orderId of orderIds) groups.push(legsOfMoment.filter((leg) => leg.orderId === orderId));
  }
  const pairs: ConversionPair[] = [];
  const unpaired: SourceRow[] = [];
  for (const group of groups) {
    const eurLegs = group.filter((leg) => leg.currency === 'EUR');
    const used = new Set<SourceRow>();
    for (const foreign of group) {
      if (foreign.currency === 'EUR') continue;
      let best: SourceRow | null = null;
      for (const eur of eurLegs) {
        if (used.has(eur) || Math.sign(eur.amount) === Math.sign(foreign.amount) || foreign.amount === 0) continue;
        if (!best || Math.abs(eur.line - foreign.line) < Math.abs(best.line - foreign.line)) best = eur;
      }
      if (!best) {
        unpaired.push(foreign);
        continue;
      }
      used.add(best);
      pairs.push({
        eur: best,
        foreign,
        currency: foreign.currency,
        orderId: foreign.orderId,
        productKey: foreign.isin || foreign.product ? foreign.productKey : best.productKey,
        latest: chronological(best, foreign) > 0 ? best : foreign,
      });
    }
    for (const eur of eurLegs) if (!used.has(eur)) unpaired.push(eur);
  }
  return { pairs, unpaired };
}

/**
 * Settles `drafts` in EUR with the conversion `pairs` and folds the pairs' rows into the first draft.
 * False (nothing changed) when the pairs convert nothing.
 */
function convert(drafts: readonly Draft[], pairs: readonly ConversionPair[]): boolean {
  const foreignTotal = pairs.reduce((sum, pair) => sum + pair.foreign.amount, 0);
  const eurTotal = pairs.reduce((sum, pair) => sum + pair.eur.amount, 0);
  if (drafts.length === 0 || Math.abs(foreignTotal) < 0.005) return false;
  const cashTotal = drafts.reduce((sum, draft) => sum + draft.cash, 0);
  if (drafts.length === 1 && sameCents(cashTotal, -foreignTotal)) {
    drafts[0]!.cashEur = roundCents(eurTotal);
  } else if (sameCents(cashTotal, -foreignTotal)) {
    const parts = allocateCents(
      eurTotal,
      drafts.map((draft) => draft.cash),
    );
    drafts.forEach((draft, i) => (draft.cashEur = parts[i]!));
  } else {
    const eurPerForeign = eurTotal / -foreignTotal;
    for (const draft of drafts) draft.cashEur = roundCents(draft.cash * eurPerForeign);
  }
  for (const pair of pairs) fold(drafts[0]!, pair.foreign, pair.eur);
  return true;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Converts what the file's conversion pairs settle; returns the legs that settle nothing, to be skipped. */
export function settleConversions(drafts: readonly Draft[], legs: readonly SourceRow[]): SourceRow[] {
  const { pairs, unpaired } = pairLegs(legs);
  const leftover: SourceRow[] = [...unpaired];
  const foreign = drafts.filter((draft) => draft.currency !== 'EUR');

  const unsettled = (group: readonly ConversionPair[]) => {
    for (const pair of group) leftover.push(pair.foreign, pair.eur);
  };

  // 1. By Order Id.
  const byOrder = new Map<string, Draft[]>();
  for (let i = 0; i < foreign.length; i++) {
    const draft = foreign[i]!;
    if (draft.orderId && draft.type !== 'dividend') push(byOrder, draft.orderId, draft);
  }
  const orderPairs = new Map<string, { orderId: string; currency: string; pairs: ConversionPair[] }>();
  const orderless: ConversionPair[] = [];
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!;
    if (!pair.orderId) {
      orderless.push(pair);
      continue;
    }
    const key = `${pair.currency}:${pair.orderId}`;
    const group = orderPairs.get(key);
    if (group) group.pairs.push(pair);
    else orderPairs.set(key, { orderId: pair.orderId, currency: pair.currency, pairs: [pair] });
  }
  for (const { orderId, currency, pairs: group } of orderPairs.values()) {
    const settled = (byOrder.get(orderId) ?? []).filter((draft) => draft.currency === currency);
    if (!convert(stockFirst(settled), group)) unsettled(group);
  }

  // 2. Same product and minute as a trade without its own conversion.
  const byMoment = new Map<number, Draft[]>();
  for (let i = 0; i < foreign.length; i++) {
    const draft = foreign[i]!;
    if (draft.cashEur === null && draft.type !== 'dividend') push(byMoment, momentOf(draft.row), draft);
  }
  const atMomentOf = (pair: ConversionPair) =>
    (byMoment.get(momentOf(pair.foreign)) ?? []).filter(
      (draft) =>
        draft.cashEur === null &&
        draft.currency === pair.currency &&
        (pair.productKey === ACCOUNT_PRODUCT || draft.productKey === pair.productKey),
    );
  const momentPairs = new Map<string, ConversionPair[]>();
  const forDividends: ConversionPair[] = [];
  for (let i = 0; i < orderless.length; i++) {
    const pair = orderless[i]!;
    if (atMomentOf(pair).some((draft) => draft.type === 'stock')) {
      push(momentPairs, `${momentOf(pair.foreign)}|${pair.currency}|${pair.productKey}`, pair);
    } else forDividends.push(pair);
  }
  for (const group of momentPairs.values()) if (!convert(stockFirst(atMomentOf(group[0]!)), group)) unsettled(group);

  // 3. Dividends (and fees without an order) of the weeks before, newest first.
  const income = new Map<string, Draft[]>();
  for (let i = 0; i < foreign.length; i++) {
    const draft = foreign[i]!;
    // A dividend whose tax took all of it received nothing to convert.
    if (
      draft.cashEur === null &&
      draft.cash !== 0 &&
      (draft.type === 'dividend' || (draft.type === 'commission' && !draft.orderId))
    )
      push(income, draft.currency, draft);
  }
  for (const list of income.values()) list.sort((a, b) => chronological(a.latest, b.latest));
  forDividends.sort((a, b) => chronological(a.latest, b.latest));
  const settleIncome = (group: ConversionPair[]) => {
    const latest = group[group.length - 1]!;
    const converted = -group.reduce((sum, pair) => sum + pair.foreign.amount, 0);
    const matched = matchConverted(gatherBefore(income.get(latest.currency) ?? [], latest), converted);
    return matched !== null && convert(matched, group);
  };
  // Conversions of one day and currency may together convert what one netted dividend group brought.
  const openDay = new Map<string, ConversionPair[]>();
  const settleDay = (group: ConversionPair[]) => {
    const unmatched = group.filter((pair) => !settleIncome([pair]));
    if (unmatched.length > 1 && settleIncome(unmatched)) return;
    unsettled(unmatched);
  };
  for (let i = 0; i < forDividends.length; i++) {
    const pair = forDividends[i]!;
    const group = openDay.get(pair.currency);
    if (group && group[0]!.foreign.epochDay === pair.foreign.epochDay) group.push(pair);
    else {
      if (group) settleDay(group);
      openDay.set(pair.currency, [pair]);
    }
  }
  for (const group of openDay.values()) settleDay(group);
  return leftover;
}

function stockFirst(drafts: Draft[]): Draft[] {
  return [...drafts].sort(
    (a, b) => (a.type === 'stock' ? 0 : 1) - (b.type === 'stock' ? 0 : 1) || chronological(a.latest, b.latest),
  );
}

/** Unsettled drafts booked up to the minute of `pair` (whatever their order within it), within the window, newest first. */
function gatherBefore(sorted: readonly Draft[], pair: ConversionPair): Draft[] {
  let high = sorted.length;
  let low = 0;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (momentOf(sorted[mid]!.latest) <= momentOf(pair.latest)) low = mid + 1;
    else high = mid;
  }
  const gathered: Draft[] = [];
  for (let i = low - 1; i >= 0 && gathered.length < MAX_GATHERED; i--) {
    const draft = sorted[i]!;
    if (draft.row.epochDay < pair.foreign.epochDay - DIVIDEND_WINDOW_DAYS) break;
    if (draft.cashEur === null) gathered.push(draft);
  }
  return gathered;
}

/** The newest run of drafts whose cash adds up to `converted`; else a single draft of exactly that cash. */
function matchConverted(gathered: readonly Draft[], converted: number): Draft[] | null {
  let sum = 0;
  for (let k = 0; k < gathered.length; k++) {
    sum += gathered[k]!.cash;
    if (sameCents(sum, converted)) return gathered.slice(0, k + 1);
  }
  const single = gathered.find((draft) => sameCents(draft.cash, converted));
  return single ? [single] : null;
}
