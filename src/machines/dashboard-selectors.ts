/**
 * What the dashboard draws, read off the portfolio snapshot: the ticker checkboxes, the returns banner,
 * the charts (the worker's, with the prices' state added in chart-models.ts) and the notice about prices
 * (failed quotes and provisional values). Every figure the dashboard shows is read or derived here or
 * there, never in a component. Results are memoized on the worker's objects, so `useSelector` gets the
 * same object back until the data changes, in the session's memory (session-memory.ts): this module
 * keeps nothing, and a sign-out forgets it all.
 */
import { isValidIsin } from '../model/symbols';
import type { ChartedDerivation } from '../worker';
import { unpricedReason, type ChartModel } from './chart-models';
import type { PortfolioSnapshot } from './portfolio-machine';
import type { SessionMemory } from './session-memory';

type Summary = ChartedDerivation['summary'];
type Return = Summary['totalReturn'];
type Tickers = ChartedDerivation['tickers'];

// ── Ticker checkboxes ────────────────────────────────────────────────────────────────────────────

/** Checkboxes and charts show only for a portfolio worth something on `asOf`. */
export const selectHasCharts = (s: PortfolioSnapshot): boolean =>
  (s.context.derivation?.summary.portfolioValue ?? 0) > 0;

export interface TickerChoice {
  ticker: string;
  checked: boolean;
}

function tickerChoices(tickers: Tickers | undefined, active: string[] | null): TickerChoice[] {
  const names = Object.keys(tickers ?? {});
  const checked = new Set(active ?? names);
  return names.map((ticker) => ({ ticker, checked: checked.has(ticker) }));
}

/** One checkbox per ticker, alphabetical; all checked until the user unchecks one. */
export const selectTickerChoices = (s: PortfolioSnapshot): TickerChoice[] =>
  s.context.memory.last(tickerChoices)(s.context.derivation?.tickers, s.context.active);

// ── Returns banner ───────────────────────────────────────────────────────────────────────────────

export interface BannerReturn {
  /** 'Total', '1d', '1w', '1m' */
  label: string;
  /** In the base currency. */
  absolute: number;
  /** Percent of the portfolio value, 5 = 5 %. */
  percentage: number;
}

export interface ReturnsBanner {
  /** In the base currency. */
  portfolioValue: number;
  /** Total, then 1d, 1w, 1m. */
  returns: BannerReturn[];
}

/** The banner rule: shown only when the total absolute return is a number other than 0. */
export function returnsBanner(summary: Summary | null): ReturnsBanner | null {
  if (!summary || summary.totalReturn.absolute === 0 || Number.isNaN(summary.totalReturn.absolute)) return null;
  const entry = (label: string, { absolute, percentage }: Return): BannerReturn => ({ label, absolute, percentage });
  return {
    portfolioValue: summary.portfolioValue,
    returns: [
      entry('Total', summary.totalReturn),
      entry('1d', summary.dailyReturn),
      entry('1w', summary.weeklyReturn),
      entry('1m', summary.monthlyReturn),
    ],
  };
}

export const selectReturnsBanner = (s: PortfolioSnapshot): ReturnsBanner | null =>
  s.context.memory.last(returnsBanner)(s.context.derivation?.summary ?? null);

// ── Charts ───────────────────────────────────────────────────────────────────────────────────────

export interface DashboardCharts {
  /** The charts in the dashboard's order; empty when no ticker is checked. */
  charts: ChartModel[];
  /** The checked tickers and rates with no prices, each with why: one list, no empty chart each. Empty while prices load. */
  unpriced: Array<{ symbol: string; message: string }>;
  /** The user unchecked every ticker: the page shows a hint instead of charts. */
  noneChecked: boolean;
}

/** What the charts are built from, read off the snapshot. */
export interface ChartsSource {
  derivation: ChartedDerivation | null;
  active: string[] | null;
  pricesLoading: boolean;
  pricesFailed: boolean;
  priceErrors: Record<string, string>;
  /** The session's memory: its chart models dress the worker's charts, and it keeps the charts built per source. */
  memory: SessionMemory;
}

const sourceOf = (
  derivation: ChartedDerivation | null,
  active: string[] | null,
  pricesLoading: boolean,
  pricesFailed: boolean,
  priceErrors: Record<string, string>,
  memory: SessionMemory,
): ChartsSource => ({ derivation, active, pricesLoading, pricesFailed, priceErrors, memory });

/**
 * The charts' source: the same object until a part of it changes. Cheap, so a component can select it
 * and build the charts (`chartsFor`) in a deferred render rather than in the task that changed the state.
 */
export const selectChartsSource = (s: PortfolioSnapshot): ChartsSource =>
  s.context.memory.last(sourceOf)(
    s.context.derivation,
    s.context.active,
    s.hasTag('pricesLoading'),
    s.hasTag('pricesFailed'),
    s.context.priceErrors,
    s.context.memory,
  );

function buildCharts({
  derivation,
  active,
  pricesLoading,
  pricesFailed,
  priceErrors,
  memory,
}: ChartsSource): DashboardCharts {
  const checked = derivation ? (active ?? Object.keys(derivation.tickers)) : [];
  if (!derivation) return { charts: [], unpriced: [], noneChecked: false };
  if (checked.length === 0) return { charts: [], unpriced: [], noneChecked: true };
  const prices = { pricesLoading, pricesFailed, priceErrors };
  const unpriced = pricesLoading
    ? []
    : derivation.charts.unpriced.map((symbol) => ({ symbol: symbol.symbol, message: unpricedReason(symbol, prices) }));
  return { charts: memory.charts.build(derivation.charts, prices), unpriced, noneChecked: false };
}

/** The charts for the checked tickers, with their loading state and data-source notes: built once per source. */
export const chartsFor = (source: ChartsSource): DashboardCharts => source.memory.once(buildCharts, source);

/** The charts for the checked tickers, with their loading state and data-source notes. */
export const selectDashboardCharts = (s: PortfolioSnapshot): DashboardCharts => chartsFor(selectChartsSource(s));

export interface PriceProblem {
  symbol: string;
  /** The quotes service's message. */
  message: string;
}

const priceProblems = (errors: Record<string, string>): PriceProblem[] =>
  Object.keys(errors)
    .sort()
    .map((symbol) => ({ symbol, message: errors[symbol] }));

export interface ProvisionalHoldings {
  /** Imported under their ISIN: no symbol, so no price source. */
  noSource: string[];
  /** A symbol whose quotes gave no price. */
  noPrices: string[];
}

const provisionalHoldings = (tickers: Tickers | undefined): ProvisionalHoldings => {
  const provisional = Object.entries(tickers ?? {})
    .filter(([, figures]) => figures.priceSource === 'provisional' && figures.amountOfShares > 0 && !figures.excluded)
    .map(([ticker]) => ticker)
    .sort();
  return {
    noSource: provisional.filter((ticker) => isValidIsin(ticker)),
    noPrices: provisional.filter((ticker) => !isValidIsin(ticker)),
  };
};

/** Holdings valued at their own trade prices (SEMANTICS: the provisional price), alphabetical: without a symbol, and with one but no price. */
export const selectProvisionalHoldings = (s: PortfolioSnapshot): ProvisionalHoldings =>
  s.context.memory.last(provisionalHoldings)(s.context.derivation?.tickers);

/** Symbols whose quotes came back with an error, alphabetical. */
export const selectPriceProblems = (s: PortfolioSnapshot): PriceProblem[] =>
  s.context.memory.last(priceProblems)(s.context.priceErrors);

/** A list this long or shorter is shown whole. */
export const LIST_SHOWN_WHOLE = 5;
/** How many of a longer list are named at once, above the disclosure that holds the rest. */
export const LIST_NAMED = 3;

/** A list said short: how many, the first few named, the rest behind a disclosure. */
export interface ShortList<T> {
  count: number;
  /** Named at once, in the list's order. */
  named: T[];
  /** The rest, behind a disclosure; empty for a short list. */
  more: T[];
}

/** A short list whole; of a long one (dozens of symbols offline) the first few and a count, so it does not push the summary off the screen. Null when empty. */
export function shortList<T>(items: T[]): ShortList<T> | null {
  if (items.length === 0) return null;
  const named = items.length <= LIST_SHOWN_WHOLE ? items.length : LIST_NAMED;
  return { count: items.length, named: items.slice(0, named), more: items.slice(named) };
}

/**
 * The dashboard's one notice about prices: which symbols' prices could not be loaded, what that means for
 * the figures, and the other holdings valued at their own trade prices. A symbol is named in one place
 * only: a failed one among the problems, whose provisional value is said by a count.
 */
export interface PriceNotice {
  /** Symbols whose quotes came back with an error, with the service's message; null when none did. */
  problems: ShortList<PriceProblem> | null;
  /** How many of `problems` are holdings valued at their own trade prices (the rest: exchange rates, symbols no longer held, holdings left out for want of a rate). */
  provisionalProblems: number;
  /** Other holdings with a symbol but no price (no error came, or no quotes at all): valued at their own trade prices. */
  noPrices: ShortList<string> | null;
  /** Other holdings imported under their ISIN, so with no price source until a symbol is picked. */
  noSource: ShortList<string> | null;
}

/** The notice over the failed quotes and the provisional holdings; null when there is nothing to say. */
export function priceNotice(problems: PriceProblem[], provisional: ProvisionalHoldings): PriceNotice | null {
  const failed = new Set(problems.map((problem) => problem.symbol));
  const notFailed = (ticker: string) => !failed.has(ticker);
  const provisionalProblems = [...provisional.noPrices, ...provisional.noSource].filter((ticker) =>
    failed.has(ticker),
  ).length;
  const notice: PriceNotice = {
    problems: shortList(problems),
    provisionalProblems,
    noPrices: shortList(provisional.noPrices.filter(notFailed)),
    noSource: shortList(provisional.noSource.filter(notFailed)),
  };
  return notice.problems || notice.noPrices || notice.noSource ? notice : null;
}

/** The dashboard's notice about prices; null when every holding has its price. */
export const selectPriceNotice = (s: PortfolioSnapshot): PriceNotice | null =>
  s.context.memory.last(priceNotice)(selectPriceProblems(s), selectProvisionalHoldings(s));
