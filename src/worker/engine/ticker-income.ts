/**
 * One ticker's income (SEMANTICS.md, "Forward income" and "Withholding tax"), once per ticker change:
 * the next twelve months from the market's dividend events of the past year paid on today's shares,
 * the dividend per share per calendar year, and its dividends received per year, gross, tax and net.
 */
import { civilFromEpochDay } from '../../model';
import { majorCurrency, unitsPerMajor } from './currency';
import type { GridPeriods } from './calendar-periods';
import type { Grid } from './grid';
import type { MarketSeries } from './market-series';
import type { TickerComputation } from './ticker-series';
import type { TickerTransactions } from './ticker-transactions';

/** The last twelve months' events: asOf − 365 < day ≤ asOf. */
const TRAILING_DAYS = 365;
export const FORWARD_MONTHS = 12;

export interface TickerIncome {
  /** EUR over the next twelve months. */
  forwardIncomeEur: number;
  /** EUR per month; index 0 is the month after asOf's, index 11 asOf's month one year on. */
  forwardByMonthEur: Float64Array;
  costBasisEur: number;
  valueEur: number;
  /**
   * Dividend per share in the quote currency per calendar year of the grid (index 0 = the grid's first
   * year), and in the year before it at `dividendPerShareBefore`: growth compares with it.
   */
  dividendPerShare: Float64Array;
  dividendPerShareBefore: number;
  /** EUR per calendar year of the grid: received (net, as `dividend[d]`), withheld tax, expected from the market. */
  netPerYearEur: Float64Array;
  taxPerYearEur: Float64Array;
  expectedPerYearEur: Float64Array;
  /** EUR per unit of its currency for each dividend on or before `asOf`, in the order of the dividend columns. */
  dividendRates: Float64Array;
}

/**
 * `rates` as for `computeTicker`: EUR per unit per grid day, for EUR and every currency the ticker
 * needs. `market` null: no quote, so no events and nothing ahead.
 */
export function computeTickerIncome(
  grid: Grid,
  periods: GridPeriods,
  transactions: TickerTransactions,
  market: MarketSeries | null,
  rates: ReadonlyMap<string, Float64Array>,
  computed: TickerComputation,
  /** The average-cost basis on `asOf` (`holdings.ts`). */
  costBasisEur: number,
): TickerIncome {
  const years = periods.years.length;
  const firstYear = periods.years[0];
  const last = grid.length - 1;
  const forwardByMonthEur = new Float64Array(FORWARD_MONTHS);
  const dividendPerShare = new Float64Array(years);
  let dividendPerShareBefore = 0;
  let forwardIncomeEur = 0;

  if (market) {
    const asOfMonth = civilFromEpochDay(grid.lastDay).month;
    const eurPerQuoteUnit = rates.get(majorCurrency(market.currency))![last] / unitsPerMajor(market.currency);
    const shares = computed.totals.shares;
    const { dividendDays, dividendAmounts } = market;
    for (let k = 0; k < dividendDays.length && dividendDays[k] <= grid.lastDay; k += 1) {
      const day = dividendDays[k];
      // A few events a year per ticker: a civil date for each is cheap.
      const { year, month } = civilFromEpochDay(day);
      const perShare = dividendAmounts[k];
      const yearIndex = year - firstYear;
      if (yearIndex >= 0 && yearIndex < years) dividendPerShare[yearIndex] += perShare;
      else if (yearIndex === -1) dividendPerShareBefore += perShare;
      if (day > grid.lastDay - TRAILING_DAYS) {
        const incomeEur = perShare * shares * eurPerQuoteUnit;
        forwardIncomeEur += incomeEur;
        // The month after asOf's is slot 0; an event of asOf's own month pays again a year on (slot 11).
        forwardByMonthEur[(month - asOfMonth - 1 + 2 * FORWARD_MONTHS) % FORWARD_MONTHS] += incomeEur;
      }
    }
  }

  const { netPerYearEur, taxPerYearEur, dividendRates } = dividendsPerYear(grid, periods, transactions, rates);
  const expectedPerYearEur = new Float64Array(years);
  const expected = computed.series.expected;
  let yearIndex = 0;
  for (let k = 0; k < expected.dayIndex.length; k += 1) {
    while (expected.dayIndex[k] > periods.yearEndIndex[yearIndex]) yearIndex += 1;
    expectedPerYearEur[yearIndex] += expected.valueEur[k];
  }

  return {
    forwardIncomeEur,
    forwardByMonthEur,
    costBasisEur,
    valueEur: computed.totals.valueEur,
    dividendPerShare,
    dividendPerShareBefore,
    netPerYearEur,
    taxPerYearEur,
    expectedPerYearEur,
    dividendRates,
  };
}

/** The dividends received per calendar year of the grid, and their withheld tax, each at its day's rate. */
function dividendsPerYear(
  grid: Grid,
  periods: GridPeriods,
  transactions: TickerTransactions,
  rates: ReadonlyMap<string, Float64Array>,
): { netPerYearEur: Float64Array; taxPerYearEur: Float64Array; dividendRates: Float64Array } {
  const netPerYearEur = new Float64Array(periods.years.length);
  const taxPerYearEur = new Float64Array(periods.years.length);
  const { days, values, taxes, currencies } = transactions.columns.dividend;
  let count = 0;
  while (count < days.length && days[count] <= grid.lastDay) count += 1;
  const dividendRates = new Float64Array(count);
  let yearIndex = 0;
  for (let k = 0; k < count; k += 1) {
    const index = days[k] - grid.firstDay;
    const rate = rates.get(currencies[k])![index];
    dividendRates[k] = rate;
    while (index > periods.yearEndIndex[yearIndex]) yearIndex += 1;
    netPerYearEur[yearIndex] += values[k] * rate;
    taxPerYearEur[yearIndex] += taxes[k] * rate;
  }
  return { netPerYearEur, taxPerYearEur, dividendRates };
}
