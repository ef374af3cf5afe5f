/**
 * Which account an import goes to (`confirmImport`'s `target`): an existing one by id, a new one by name
 * (added to the set's accounts, its id `acc-` and random), or none given: the set's first account (the
 * rows then name no account, which means the same).
 */
import type { Account } from '../../model/cash';

export type ImportTarget = { account: string } | { newAccount: string };

/** The account every imported row names (undefined: the set's first), and the accounts to store when a new one is made. */
export interface ResolvedTarget {
  account: string | undefined;
  accounts: Account[] | null;
}

/** A set's accounts before any was made: the one account every older set is (SEMANTICS.md "Accounts and views"). */
export const DEFAULT_ACCOUNTS: readonly Account[] = [{ id: 'main', name: 'My account' }];

const MAX_NAME = 100;

/** A new account's id: `acc-` and 12 random hex digits, never one of `accounts`' (a clash is drawn again). */
export function newAccountId(accounts: readonly Account[], random: () => string = () => crypto.randomUUID()): string {
  for (;;) {
    const id = `acc-${random().replaceAll('-', '').slice(0, 12)}`;
    if (!accounts.some((account) => account.id === id)) return id;
  }
}

/** Resolves `target` against the set's `accounts`; throws, in words, for an account that is gone or a name that is no name. */
export function resolveTarget(
  target: ImportTarget | undefined,
  accounts: readonly Account[] | null,
  newId: () => string,
): ResolvedTarget {
  if (target === undefined) return { account: undefined, accounts: null };
  const known = accounts && accounts.length > 0 ? accounts : DEFAULT_ACCOUNTS;
  if ('account' in target) {
    if (!known.some((account) => account.id === target.account)) {
      throw new Error(
        `The account this import was meant for no longer exists (it was deleted meanwhile): choose an account and import again. Nothing was stored.`,
      );
    }
    return { account: target.account, accounts: null };
  }
  const name = target.newAccount.trim();
  if (name === '' || name.length > MAX_NAME)
    throw new Error(`A new account needs a name of 1 to ${MAX_NAME} characters. Nothing was stored.`);
  const id = newId();
  return { account: id, accounts: [...known, { id, name }] };
}
