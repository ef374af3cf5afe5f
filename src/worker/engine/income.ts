/** The portfolio's income from each ticker's (SEMANTICS.md, "Forward income", "Withholding tax"): sums first, then ratios. */
import { civilFromEpochDay } from '../../model';
import type { GridPeriods } from './calendar-periods';
import type { Grid } from './grid';
import { FORWARD_MONTHS, type TickerIncome } from './ticker-income';
import type { HoldingIncome, IncomeFigures } from './types';

/** Percent of `base`; 0 when the base is not above 0. */
const percentOf = (part: number, base: number): number => (base > 0 ? (part / base) * 100 : 0);

/** `YYYY-MM` of the twelve months after the month of `epochDay`. */
export function monthsAfter(epochDay: number): string[] {
  const { year, month } = civilFromEpochDay(epochDay);
  return Array.from({ length: FORWARD_MONTHS }, (_, k) => {
    const ordinal = year * 12 + month + k; // month + k is the 0-based month after asOf's, plus k
    return `${Math.floor(ordinal / 12)}-${String((ordinal % 12) + 1).padStart(2, '0')}`;
  });
}

function holdingIncome(income: TickerIncome, periods: GridPeriods): HoldingIncome {
  const complete = periods.years.length - 1; // asOf's year is not complete
  const years: string[] = [];
  const dividendPerShare: number[] = [];
  const growth: Array<number | null> = [];
  for (let k = 0; k < complete; k += 1) {
    const previous = k === 0 ? income.dividendPerShareBefore : income.dividendPerShare[k - 1];
    years.push(String(periods.years[k]));
    dividendPerShare.push(income.dividendPerShare[k]);
    growth.push(previous === 0 ? null : (income.dividendPerShare[k] / previous - 1) * 100);
  }
  return {
    forwardIncome: income.forwardIncomeEur,
    forwardByMonth: Array.from(income.forwardByMonthEur),
    forwardSource: income.forwardSource,
    yieldOnCost: percentOf(income.forwardIncomeEur, income.costBasisEur),
    forwardYield: income.valueEur === 0 ? 0 : (income.forwardIncomeEur / income.valueEur) * 100,
    costBasis: income.costBasisEur,
    value: income.valueEur,
    dividendGrowth: { years, dividendPerShare, growth },
    receivedGross: Array.from(income.netPerYearEur, (net, k) => net + income.taxPerYearEur[k]),
    expected: Array.from(income.expectedPerYearEur),
  };
}

/** `incomes`: each ticker that is not excluded, by name. */
export function incomeFigures(
  grid: Grid,
  periods: GridPeriods,
  incomes: ReadonlyMap<string, TickerIncome>,
): IncomeFigures {
  const years = periods.years.length;
  const net = new Float64Array(years);
  const tax = new Float64Array(years);
  const byMonth = new Float64Array(FORWARD_MONTHS);
  let forwardIncome = 0;
  let costBasis = 0;
  let value = 0;
  const holdings: Record<string, HoldingIncome> = {};
  for (const ticker of [...incomes.keys()].sort()) {
    const income = incomes.get(ticker)!;
    forwardIncome += income.forwardIncomeEur;
    costBasis += income.costBasisEur;
    value += income.valueEur;
    for (let k = 0; k < FORWARD_MONTHS; k += 1) byMonth[k] += income.forwardByMonthEur[k];
    for (let k = 0; k < years; k += 1) {
      net[k] += income.netPerYearEur[k];
      tax[k] += income.taxPerYearEur[k];
    }
    holdings[ticker] = holdingIncome(income, periods);
  }
  return {
    forwardIncome,
    yieldOnCost: percentOf(forwardIncome, costBasis),
    forwardYield: value === 0 ? 0 : (forwardIncome / value) * 100,
    forwardByMonth: { months: monthsAfter(grid.lastDay), values: Array.from(byMonth) },
    perYear: {
      years: periods.years.map(String),
      gross: Array.from(net, (n, k) => n + tax[k]),
      tax: Array.from(tax),
      net: Array.from(net),
    },
    holdings,
  };
}
