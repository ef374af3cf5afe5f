/**
 * Whether every row of a set names one of the user's accounts (SEMANTICS.md "Accounts and views"): a row
 * without `account` is the first account's; one naming an id the accounts do not hold is refused with its
 * path, so nothing is stored that no account owns.
 */
import type { Account } from '../../src/model/cash';
import { TRANSACTION_TYPES, type TransactionSet } from '../../src/model/transaction';
import type { ValidationIssue } from '../../src/model/transaction-schema';

/** The rows of `set` that name an account `accounts` does not hold, at most `max` of them (with a count of all). */
export function accountReferenceIssues(
  set: TransactionSet,
  accounts: readonly Account[],
  max: number,
): { issues: ValidationIssue[]; truncated: boolean } {
  const ids = new Set(accounts.map((a) => a.id));
  const known = [...ids].slice(0, 5).join(', ') + (ids.size > 5 ? ', …' : '');
  const issues: ValidationIssue[] = [];
  let truncated = false;
  const check = (list: string, rows: readonly { account?: string }[]) => {
    rows.forEach((row, index) => {
      if (row.account === undefined || ids.has(row.account)) return;
      if (issues.length >= max) {
        truncated = true;
        return;
      }
      issues.push({
        path: `transactions.${list}.${index}.account`,
        message: `names the account ${row.account}, which is not one of the accounts (${known})`,
      });
    });
  };
  for (const type of TRANSACTION_TYPES) check(type, set[type]);
  check('cash', set.cash ?? []);
  return { issues, truncated };
}
