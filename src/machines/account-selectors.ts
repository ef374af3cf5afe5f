/**
 * The view's account as the dashboard and Performance show it (SEMANTICS.md, "Cash"): its cash, value,
 * net deposits and the return on them, read off the worker's figures (none is computed here). A view
 * without cash has none of it, and the pages show nothing new.
 */
import type { Derivation } from '../worker';
import type { PortfolioSnapshot } from './portfolio-machine';

type Account = Derivation['account'];

/** One currency's cash, in that currency. */
export interface CurrencyCash {
  currency: string;
  amount: number;
}

export type AccountSummary =
  | {
      ok: true;
      /** Each currency with cash in it, the base currency first, then alphabetical; empty when the cash is only in the base currency. */
      perCurrency: CurrencyCash[];
      /** The base currency the figures are in (the derivation's). */
      base: string;
      /** Every currency's cash in the base currency on asOf. */
      cashInBase: number;
      /** The securities (every ticker of the view) and the cash, in the base currency. */
      accountValue: number;
      /** Deposits less withdrawals, in the base currency at each one's date. */
      netDeposits: number;
      /** Account value less net deposits, in the base currency. */
      gain: number;
    }
  /** An exchange rate the figures need has no quote: `reason` says which, in words. */
  | { ok: false; reason: string };

function accountSummary(account: Account, base: string): AccountSummary | null {
  if (!account) return null;
  if (!account.ok) return { ok: false, reason: account.error };
  const currencies = Object.keys(account.cash)
    .filter((currency) => currency === base || account.cash[currency] !== 0)
    .sort((a, b) => (a === base ? -1 : b === base ? 1 : a < b ? -1 : 1));
  const onlyBase = currencies.every((currency) => currency === base);
  return {
    ok: true,
    base,
    perCurrency: onlyBase ? [] : currencies.map((currency) => ({ currency, amount: account.cash[currency] })),
    cashInBase: account.onAsOf.cashValue,
    accountValue: account.onAsOf.accountValue,
    netDeposits: account.onAsOf.netDeposits,
    gain: account.gain,
  };
}

/** The view's cash and account figures for the summary; null when the view holds no cash. */
export const selectAccountSummary = (s: PortfolioSnapshot): AccountSummary | null =>
  s.context.memory.last(accountSummary)(
    s.context.derivation?.account ?? null,
    s.context.derivation?.baseCurrency ?? 'EUR',
  );

type DepositReturns = Pick<Extract<NonNullable<Account>, { ok: true }>, 'periods' | 'mwr'>;

/** The return on deposits per period (TWR and MWR); null when the view holds no cash or its figures are unknown. */
export const selectDepositReturns = (s: PortfolioSnapshot): DepositReturns | null => {
  const account = s.context.derivation?.account;
  return account?.ok ? account : null;
};
