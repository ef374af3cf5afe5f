/**
 * What the dashboard draws, read off the portfolio snapshot: the ticker checkboxes, the returns banner
 * and the charts as columns in uPlot's layout (x first). Every figure the dashboard shows is read or
 * derived here, never in a component. Results are memoized on the worker's objects, so `useSelector`
 * gets the same object back until the data changes, and the charts' typed arrays are passed on as they
 * came from the worker (no copies, no per-day objects).
 */
import type { Derivation } from '../worker';
import type { PortfolioSnapshot } from './portfolio-machine';
import { buildCharts, type ChartModel, type ChartsInput } from './dashboard-charts';

export type { ChartColumns, ChartModel, ChartSeriesSpec, ChartShape, ChartStatus, ChartX } from './dashboard-charts';
export { TTM_DIVISORS } from './dashboard-charts';

type Summary = Derivation['summary'];
type Return = Summary['totalReturn'];

/** Remembers the last result and the arguments it came from; same arguments (by identity), same result. */
function memoizeLast<Args extends unknown[], Result>(compute: (...args: Args) => Result): (...args: Args) => Result {
  let lastArgs: Args | null = null;
  let lastResult!: Result;
  return (...args: Args) => {
    if (lastArgs && lastArgs.length === args.length && lastArgs.every((arg, i) => Object.is(arg, args[i]))) return lastResult;
    lastResult = compute(...args);
    lastArgs = args;
    return lastResult;
  };
}

/** Charts and checkboxes show only for a portfolio worth something (value above 0 on `asOf`). */
export const selectHasCharts = (s: PortfolioSnapshot): boolean => (s.context.derivation?.summary.portfolioValue ?? 0) > 0;

export interface TickerChoice {
  ticker: string;
  checked: boolean;
}

const tickerChoices = memoizeLast((tickers: Derivation['tickers'] | undefined, active: string[] | null): TickerChoice[] => {
  const names = Object.keys(tickers ?? {});
  const checked = new Set(active ?? names);
  return names.map((ticker) => ({ ticker, checked: checked.has(ticker) }));
});

/** One checkbox per ticker, in the engine's (alphabetical) order; all checked until the user unchecks one. */
export const selectTickerChoices = (s: PortfolioSnapshot): TickerChoice[] => tickerChoices(s.context.derivation?.tickers, s.context.active);

export interface BannerReturn {
  /** 'Total', '1d', '1w', '1m' */
  label: string;
  /** EUR */
  absolute: number;
  /** Percent of the portfolio value, 5 = 5 %. */
  percentage: number;
}

export interface ReturnsBanner {
  /** EUR */
  portfolioValue: number;
  /** Total, then 1d, 1w, 1m. */
  returns: BannerReturn[];
}

/** The banner rule: shown only when the total absolute return is not 0. */
export function returnsBanner(summary: Summary | null): ReturnsBanner | null {
  if (!summary || summary.totalReturn.absolute === 0 || Number.isNaN(summary.totalReturn.absolute)) return null;
  const entry = (label: string, value: Return): BannerReturn => ({ label, absolute: value.absolute, percentage: value.percentage });
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

const bannerOf = memoizeLast(returnsBanner);
export const selectReturnsBanner = (s: PortfolioSnapshot): ReturnsBanner | null => bannerOf(s.context.derivation?.summary ?? null);

export interface DashboardCharts {
  /** The charts in the dashboard's order; empty when no ticker is checked. */
  charts: ChartModel[];
  /** True when the user unchecked every ticker: the page shows a hint instead of charts. */
  noneChecked: boolean;
}

const chartsOf = memoizeLast((derivation: Derivation | null, active: string[] | null, pricesLoading: boolean, priceErrors: Record<string, string>): DashboardCharts => {
  if (!derivation) return { charts: [], noneChecked: false };
  const checked = active ?? Object.keys(derivation.tickers);
  if (checked.length === 0) return { charts: [], noneChecked: true };
  const input: ChartsInput = { active: derivation.active, tickers: derivation.tickers, checked, pricesLoading, priceErrors };
  return { charts: buildCharts(input), noneChecked: false };
});

/** The 13 charts for the checked tickers, with their loading and data-source notes. */
export const selectDashboardCharts = (s: PortfolioSnapshot): DashboardCharts =>
  chartsOf(s.context.derivation, s.context.active, s.hasTag('pricesLoading'), s.context.priceErrors);

/** Symbols whose quotes came back with an error, with the service's message, alphabetical. */
const priceProblems = memoizeLast((errors: Record<string, string>) =>
  Object.entries(errors)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([symbol, message]) => ({ symbol, message })),
);
export const selectPriceProblems = (s: PortfolioSnapshot): Array<{ symbol: string; message: string }> => priceProblems(s.context.priceErrors);
