/**
 * The portfolio machine's events and pure steps (portfolio-machine.ts): what its named actions assign from
 * a set, a toggle, the settings, a recombination or a price retry, and the input of its derives.
 */
import type { Outcome } from '../model/outcome';
import type { ChartedSeries, SettingsView, Timed } from '../worker';
import type { DeriveInput } from './portfolio-actors';
import type { PortfolioContext } from './portfolio-context';
import { refusalMessage, type SavedSetEvent } from './saved-set';
import type { SessionEvent } from './auth-machine';
import type { UserSettings } from '../model/settings';
import { localToday } from './services/clock';
import type { SetView } from './services/worker-client';

export type PortfolioEvent =
  | SessionEvent
  | { type: 'portfolio.retry' }
  /** `portfolio.saved`: a set the worker stored and already derives from; `portfolio.reload`: load the newest. */
  | SavedSetEvent
  | { type: 'tickers.toggle'; ticker: string }
  | { type: 'tickers.setActive'; active: string[] | null }
  /** Every screen shows the account `account` (an account's id), or all of them (null): the worker derives for it. */
  | { type: 'view.select'; account: string | null }
  /** Saves the settings it names on the server (the benchmark); the figures follow. */
  | { type: 'settings.save'; changes: Partial<UserSettings> };

/** A derive as of the investor's today, for the checked tickers of the chosen view. */
export const deriveInput = ({ context }: { context: PortfolioContext }): DeriveInput => ({
  asOf: localToday(),
  active: context.active,
  view: context.view,
});

/** The checked tickers with `ticker` toggled, in the derivation's order. */
export function toggled(context: PortfolioContext, ticker: string): string[] {
  const all = Object.keys(context.derivation?.tickers ?? {});
  const current = new Set(context.active ?? all);
  if (current.has(ticker)) current.delete(ticker);
  else current.add(ticker);
  return all.filter((t) => current.has(t));
}

/** A set the worker loaded or stored itself and already derives from. */
export function setTaken(context: PortfolioContext, view: SetView): Partial<PortfolioContext> {
  return {
    transactions: view.transactions,
    accounts: view.accounts,
    cash: view.cash,
    // An account deleted meanwhile (here or elsewhere) leaves its view: every account is shown.
    view: context.view !== null && view.accounts.some((account) => account.id === context.view) ? context.view : null,
    byTicker: view.byTicker,
    version: view.version,
    revisions: view.revisions,
    symbols: view.needed.symbols,
    firstDate: view.needed.firstDate,
  };
}

/** `taken` without its symbols once prices were taken: the prices' answer named them after the set and settings. */
export function keepPricedSymbols(
  context: PortfolioContext,
  taken: Partial<PortfolioContext>,
): Partial<PortfolioContext> {
  if (context.pricesFrom === null) return taken;
  const { symbols: _, ...rest } = taken;
  return rest;
}

/** Settings the worker read or saved: they may name a new symbol (the benchmark) to fetch. */
export function settingsTaken(outcome: Outcome<SettingsView>): Partial<PortfolioContext> {
  return outcome.ok
    ? { settings: outcome.settings, symbols: outcome.needed.symbols, settingsError: null }
    : { settingsError: refusalMessage(outcome) };
}

/** A toggle's figures recombined from the last derive. */
export function combinationTaken(context: PortfolioContext, combined: Timed<ChartedSeries>): Partial<PortfolioContext> {
  return {
    derivation: context.derivation ? { ...context.derivation, ...combined.result } : null,
    computeMs: combined.computeMs,
  };
}

/** Retry of the symbols whose quotes came back with an error: they count as not fetched again. */
export function failedPricesForgotten(context: PortfolioContext): Partial<PortfolioContext> {
  return {
    fetchedSymbols: context.fetchedSymbols.filter((symbol) => !Object.hasOwn(context.priceErrors, symbol)),
    priceErrors: {},
  };
}
