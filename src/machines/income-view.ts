/**
 * What the Income page shows, shaped from the worker's income figures (no figure is computed here, only
 * ordered, grouped and stacked for drawing): the twelve-month calendar stacked by holding, the holdings'
 * yields, dividend growth with raises and cuts named, received against expected, and the tax table.
 */
import type { Derivation, HoldingIncome, IncomeFigures } from '../worker/engine';
import type { PortfolioSnapshot } from './portfolio-machine';

/** The calendar stacks this many holdings by name; the rest are one band, "Other holdings". */
export const CALENDAR_HOLDINGS = 8;
export const OTHER_HOLDINGS = 'Other holdings';

export type GrowthMark = 'raise' | 'cut' | 'unchanged' | 'none';

export interface GrowthCell {
  year: string;
  /** Percent; null when the year before paid nothing. */
  growth: number | null;
  /** Dividend per share in the quote currency. */
  dividendPerShare: number;
  /** Named, so a raise and a cut never rely on colour alone. */
  mark: GrowthMark;
}

export interface HoldingIncomeRow {
  ticker: string;
  forwardIncome: number;
  /** Where the income ahead comes from: the market data's events, the dividends you received, or neither. */
  forwardSource: HoldingIncome['forwardSource'];
  yieldOnCost: number;
  forwardYield: number;
  costBasis: number;
  value: number;
  growth: GrowthCell[];
}

export interface IncomeView {
  forwardIncome: number;
  /** forwardIncome / 12: the month's average. */
  averagePerMonth: number;
  yieldOnCost: number;
  forwardYield: number;
  /** `YYYY-MM` of the twelve months ahead (the page names them in the user's locale), and each month's total (in the base currency). */
  months: string[];
  monthTotals: number[];
  /**
   * The calendar's bands, bottom first: the holdings paying most ahead, then "Other holdings". `own` is
   * each band's money per month (base currency), `stacked` the running sum from the bottom band up (where its bar ends).
   */
  bands: Array<{ label: string; own: number[]; stacked: number[] }>;
  /** Whether any holding's income ahead comes from the dividends received (no events in its market data). */
  fromReceived: boolean;
  /** Holdings that pay something ahead or paid something, most ahead first, then by name. */
  holdings: HoldingIncomeRow[];
  /** The complete years dividend growth is given for. */
  growthYears: string[];
  /** Calendar years from the first transaction's to asOf's; each row's arrays follow them. */
  years: string[];
  perYear: Array<{ year: string; gross: number; tax: number; net: number }>;
  /** Per holding: received gross and expected from market data, per year of `years`. */
  receivedExpected: Array<{ ticker: string; received: number[]; expected: number[] }>;
}

function markOf(growth: number | null): GrowthMark {
  if (growth === null) return 'none';
  // Below a hundredth of a percent is rounding in the data, not a decision of the company.
  if (growth > 0.005) return 'raise';
  if (growth < -0.005) return 'cut';
  return 'unchanged';
}

function bandsOf(income: IncomeFigures, holdings: HoldingIncomeRow[]): IncomeView['bands'] {
  const paying = holdings.filter((holding) => holding.forwardIncome > 0);
  const named = paying.slice(0, CALENDAR_HOLDINGS);
  const rest = paying.slice(CALENDAR_HOLDINGS);
  const bands = named.map((holding) => ({
    label: holding.ticker,
    own: income.holdings[holding.ticker]!.forwardByMonth.slice(),
  }));
  if (rest.length > 0) {
    const own = income.forwardByMonth.values.map((_, k) =>
      rest.reduce((sum, holding) => sum + income.holdings[holding.ticker]!.forwardByMonth[k]!, 0),
    );
    bands.push({ label: OTHER_HOLDINGS, own });
  }
  const below = income.forwardByMonth.values.map(() => 0);
  return bands.map((band) => {
    const stacked = band.own.map((value, k) => (below[k] = below[k]! + value));
    return { ...band, stacked };
  });
}

export function incomeView(income: IncomeFigures): IncomeView {
  const holdings: HoldingIncomeRow[] = Object.entries(income.holdings)
    .filter(([, h]) => h.forwardIncome > 0 || h.receivedGross.some((v) => v !== 0) || h.value !== 0)
    .map(([ticker, h]) => ({
      ticker,
      forwardIncome: h.forwardIncome,
      forwardSource: h.forwardSource,
      yieldOnCost: h.yieldOnCost,
      forwardYield: h.forwardYield,
      costBasis: h.costBasis,
      value: h.value,
      growth: h.dividendGrowth.years.map((year, k) => ({
        year,
        growth: h.dividendGrowth.growth[k]!,
        dividendPerShare: h.dividendGrowth.dividendPerShare[k]!,
        mark: markOf(h.dividendGrowth.growth[k]!),
      })),
    }))
    .sort((a, b) => b.forwardIncome - a.forwardIncome || a.ticker.localeCompare(b.ticker));
  const { perYear } = income;
  return {
    forwardIncome: income.forwardIncome,
    averagePerMonth: income.forwardIncome / 12,
    yieldOnCost: income.yieldOnCost,
    forwardYield: income.forwardYield,
    months: income.forwardByMonth.months,
    monthTotals: income.forwardByMonth.values,
    bands: bandsOf(income, holdings),
    fromReceived: holdings.some((holding) => holding.forwardSource === 'received'),
    holdings,
    growthYears: holdings[0]?.growth.map((cell) => cell.year) ?? perYear.years.slice(0, -1),
    years: perYear.years,
    perYear: perYear.years.map((year, k) => ({
      year,
      gross: perYear.gross[k]!,
      tax: perYear.tax[k]!,
      net: perYear.net[k]!,
    })),
    receivedExpected: holdings.map(({ ticker }) => ({
      ticker,
      received: income.holdings[ticker]!.receivedGross,
      expected: income.holdings[ticker]!.expected,
    })),
  };
}

const viewOf = (derivation: Derivation | null): IncomeView | null =>
  derivation ? incomeView(derivation.income) : null;

/** The Income page's view of the latest derivation; the same object until the figures change (remembered in the session's memory). */
export const selectIncomeView = (s: PortfolioSnapshot): IncomeView | null =>
  s.context.memory.last(viewOf)(s.context.derivation);
