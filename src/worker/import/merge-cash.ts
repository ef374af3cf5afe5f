/**
 * The import's cash transactions into the set's `cash` list: one already stored under the same import id
 * is not added again (importing a statement twice adds nothing; Transactions.csv has no cash lines, so
 * Account.csv and Transactions.csv in either order count each once). An account fee stored by an earlier
 * version as a commission of the `DEGIRO-COSTS` ticker (same import id) is replaced by the fee: the
 * account's costs are cash, never a ticker.
 */
import type { CashTransaction } from '../../model/cash';
import { epochDayFromIso, isoFromEpochDay } from '../../model/days';
import { byDateAscending, type TransactionSet } from '../../model';
import { DIVIDEND_WINDOW_DAYS } from './conversions';
import { sameCents } from './numbers';
import type { ImportedCash } from './types';

export interface CashMerge {
  cash: CashTransaction[];
  /** The commissions left once the account fees stored as commissions gave way. */
  commission: TransactionSet['commission'];
  added: number;
  alreadyPresent: number;
  /**
   * Account fees that replaced the `DEGIRO-COSTS` commission stored under their id (counted in `alreadyPresent`
   * too), and stored conversion legs that an imported transaction now holds (removed).
   */
  replaced: number;
}

export function plainCash(imported: ImportedCash, account: string | undefined): CashTransaction {
  const { type, kind, date, value, currency, importId } = imported;
  return account === undefined
    ? { type, kind, date, value, currency, importId }
    : { account, type, kind, date, value, currency, importId };
}

/**
 * `folded`: the ids of the conversion legs the import's transactions hold (`foldedImportIds`): stored as cash
 * by an export that ended between a dividend and its conversion, they give way (the transaction is in EUR now).
 */
/**
 * Whether the set holds, converted to EUR, what a conversion at the start of the file converted before it
 * (`convertsBefore`): imported EUR dividends and fees of the weeks before the file, newest first, whose EUR
 * adds up to the conversion's, as the importer matches a conversion to what it converts (conversions.ts).
 */
function heldConverted(set: TransactionSet, leg: ImportedCash): boolean {
  const { before, eur } = leg.convertsBefore!;
  const from = isoFromEpochDay(epochDayFromIso(leg.date) - DIVIDEND_WINDOW_DAYS);
  const within = (t: { date: string; currency: string; importId?: string }) =>
    t.importId !== undefined && t.currency === 'EUR' && t.date >= from && t.date < before;
  const candidates = [
    ...set.dividend.filter(within).map((t) => ({ date: t.date, value: t.value })),
    ...set.commission.filter((t) => within(t) && t.ticker !== '').map((t) => ({ date: t.date, value: -t.value })),
    ...(set.cash ?? []).filter((c) => c.kind === 'fee' && within(c)).map((c) => ({ date: c.date, value: c.value })),
  ].sort((a, b) => byDateAscending(b, a));
  let sum = 0;
  for (const candidate of candidates) {
    sum += candidate.value;
    if (sameCents(sum, eur)) return true;
  }
  return candidates.some((candidate) => sameCents(candidate.value, eur));
}

export function mergeCash(
  stored: readonly CashTransaction[],
  commission: TransactionSet['commission'],
  imported: readonly ImportedCash[],
  account: string | undefined,
  folded: ReadonlySet<string>,
  existing: TransactionSet,
  build = true,
): CashMerge {
  const unfolded = folded.size === 0 ? stored : stored.filter((c) => !c.importId || !folded.has(c.importId));
  const known = new Set(unfolded.flatMap((c) => (c.importId ? [c.importId] : [])));
  const fees = new Set(imported.flatMap((c) => (c.kind === 'fee' && !known.has(c.importId) ? [c.importId] : [])));
  const storedAsCommission = new Map<string, string | undefined>();
  const kept =
    fees.size === 0
      ? commission
      : commission.filter((t) => {
          if (!t.importId || !fees.has(t.importId)) return true;
          storedAsCommission.set(t.importId, t.account);
          return false;
        });
  // Counting only (`build` false), no list is made: `cash` stays empty.
  const cash = build ? [...unfolded] : [];
  let added = 0;
  let alreadyPresent = 0;
  let replaced = stored.length - unfolded.length;
  /** Conversion legs whose conversion the set holds already, folded into what it converted. */
  const held = new Set(
    imported.flatMap((c) =>
      c.convertsBefore && !known.has(c.importId) && heldConverted(existing, c) ? c.convertsBefore.pair : [],
    ),
  );
  for (const c of imported) {
    if (known.has(c.importId) || held.has(c.importId)) {
      alreadyPresent += 1;
      continue;
    }
    known.add(c.importId);
    if (storedAsCommission.has(c.importId)) {
      // It keeps the account its commission was in.
      if (build) cash.push(plainCash(c, storedAsCommission.get(c.importId) ?? account));
      replaced += 1;
      alreadyPresent += 1;
    } else {
      if (build) cash.push(plainCash(c, account));
      added += 1;
    }
  }
  return { cash: build ? cash.sort(byDateAscending) : cash, commission: kept, added, alreadyPresent, replaced };
}
