/** A new account's id: `acc-` and 12 random hex digits, never one of `accounts`' (a clash is drawn again). */
import type { Account } from '../model/cash';

export function newAccountId(accounts: readonly Account[], random: () => string = () => crypto.randomUUID()): string {
  for (;;) {
    const id = `acc-${random().replaceAll('-', '').slice(0, 12)}`;
    if (!accounts.some((a) => a.id === id)) return id;
  }
}
