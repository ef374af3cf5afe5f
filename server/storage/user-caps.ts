/**
 * Caps on what one user can make the server keep, per table, checked inside the write's own transaction
 * so that parallel requests cannot pass them together (issue 31: 110 requests stored 22,001 symbol
 * choices). The other per-user tables are bounded by their shape: one transaction set (at most
 * MAX_TRANSACTIONS rows, 10 MiB), one settings row (known keys only, 4 KiB), the 50 most recently saved
 * CSV mappings (MAX_REMEMBERED_MAPPINGS; a save beyond forgets the oldest), one account.
 */

/** A portfolio holds tens of products, a long DEGIRO history a few hundred. */
export const MAX_SYMBOL_CHOICES = 2000;

/** A write that would take the user past a cap; nothing of it was stored. The route answers 409. */
export class UserCapReached extends Error {
  constructor(
    readonly what: string,
    readonly cap: number,
    readonly wouldHave: number,
  ) {
    super(
      `At most ${cap} ${what} are kept per user; this would make ${wouldHave}. Forget some first. Nothing was saved.`,
    );
    this.name = 'UserCapReached';
  }
}

/** Throws UserCapReached when `count` (after the write, inside its transaction) is over the cap. */
export function checkSymbolChoicesCap(count: number): void {
  if (count > MAX_SYMBOL_CHOICES) throw new UserCapReached('symbol choices', MAX_SYMBOL_CHOICES, count);
}
