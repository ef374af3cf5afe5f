/**
 * The import's cash transactions into the set's `cash` list: one already stored under the same import id
 * is not added again (importing a statement twice adds nothing; Transactions.csv has no cash lines, so
 * Account.csv and Transactions.csv in either order count each once). An account fee stored by an earlier
 * version as a commission of the `DEGIRO-COSTS` ticker (same import id) is replaced by the fee: the
 * account's costs are cash, never a ticker.
 */
import type { CashTransaction } from '../../model/cash';
import { byDateAscending, type TransactionSet } from '../../model';
import type { ImportedCash } from './types';

export interface CashMerge {
  cash: CashTransaction[];
  /** The commissions left once the account fees stored as commissions gave way. */
  commission: TransactionSet['commission'];
  added: number;
  alreadyPresent: number;
  /** Account fees that replaced the `DEGIRO-COSTS` commission stored under their id (counted in `alreadyPresent` too). */
  replaced: number;
}

export function plainCash(imported: ImportedCash, account: string | undefined): CashTransaction {
  const { type, kind, date, value, currency, importId } = imported;
  return account === undefined ? { type, kind, date, value, currency, importId } : { account, type, kind, date, value, currency, importId };
}

export function mergeCash(stored: readonly CashTransaction[], commission: TransactionSet['commission'], imported: readonly ImportedCash[], account: string | undefined): CashMerge {
  const known = new Set(stored.flatMap((c) => (c.importId ? [c.importId] : [])));
  const fees = new Set(imported.flatMap((c) => (c.kind === 'fee' && !known.has(c.importId) ? [c.importId] : [])));
  const storedAsCommission = new Map<string, string | undefined>();
  const kept = fees.size === 0 ? commission : commission.filter((t) => {
    if (!t.importId || !fees.has(t.importId)) return true;
    storedAsCommission.set(t.importId, t.account);
    return false;
  });
  const cash = [...stored];
  let added = 0;
  let alreadyPresent = 0;
  let replaced = 0;
  for (const c of imported) {
    if (known.has(c.importId)) {
      alreadyPresent += 1;
      continue;
    }
    known.add(c.importId);
    if (storedAsCommission.has(c.importId)) {
      // It keeps the account its commission was in.
      cash.push(plainCash(c, storedAsCommission.get(c.importId) ?? account));
      replaced += 1;
      alreadyPresent += 1;
    } else {
      cash.push(plainCash(c, account));
      added += 1;
    }
  }
  return { cash: cash.sort(byDateAscending), commission: kept, added, alreadyPresent, replaced };
}
