/**
 * One ticker's income (SEMANTICS.md, "Forward income" and "Withholding tax"), once per ticker change:
 * the next twelve months from the market's dividend events of the past year paid on today's shares (or,
 * for a held ticker whose market data has none, from the dividends received in that year), the dividend
 * per share per calendar year, and its dividends received per year, gross, tax and net.
 */
import { civilFromEpochDay, settledShares } from '../../model';
import { majorCurrency, unitsPerMajor } from './currency';
import type { GridPeriods } from './calendar-periods';
import type { Grid } from './grid';
import type { MarketSeries } from './market-series';
import type { TickerComputation } from './ticker-series';
import type { TickerTransactions } from './ticker-transactions';

/** The last twelve months' events: asOf − 365 < day ≤ asOf. */
const TRAILING_DAYS = 365;
export const FORWARD_MONTHS = 12;

/** Where a ticker's forward income comes from: the market data's events, the dividends received, or nothing. */
export type ForwardSource = 'market' | 'received' | 'none';

export interface TickerIncome {
  /** EUR over the next twelve months. */
  forwardIncomeEur: number;
  /** EUR per month; index 0 is the month after asOf's, index 11 asOf's month one year on. */
  forwardByMonthEur: Float64Array;
  forwardSource: ForwardSource;
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
  let marketEvents = 0;
  const asOfMonth = civilFromEpochDay(grid.lastDay).month;
  /** The calendar slot of an event or dividend of `month`: the month after asOf's is 0, asOf's own month a year on is 11. */
  const slotOf = (month: number) => (month - asOfMonth - 1 + 2 * FORWARD_MONTHS) % FORWARD_MONTHS;

  if (market) {
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
        marketEvents += 1;
        const incomeEur = perShare * shares * eurPerQuoteUnit;
        forwardIncomeEur += incomeEur;
        forwardByMonthEur[slotOf(month)] += incomeEur;
      }
    }
  }

  let forwardSource: ForwardSource = marketEvents > 0 && computed.totals.shares > 0 ? 'market' : 'none';
  if (marketEvents === 0 && computed.totals.shares > 0) {
    // No event in the market data: the dividends received in the past year, paid again on today's shares.
    const received = receivedForward(grid, transactions, computed, rates, forwardByMonthEur, slotOf);
    if (received.counted > 0) {
      forwardIncomeEur = received.incomeEur;
      forwardSource = 'received';
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
    forwardSource,
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

/**
 * The dividends received in the last twelve months (asOf − 365 < day ≤ asOf), each gross (value + tax) in
 * EUR at its day's rate, scaled from the shares held that day to the shares held on asOf, added to
 * `byMonthEur` in its own calendar month. A dividend received while no shares were held is left out.
 */
function receivedForward(
  grid: Grid,
  transactions: TickerTransactions,
  computed: TickerComputation,
  rates: ReadonlyMap<string, Float64Array>,
  byMonthEur: Float64Array,
  slotOf: (month: number) => number,
): { incomeEur: number; counted: number } {
  const { days, values, taxes, currencies } = transactions.columns.dividend;
  const stock = computed.series.entries.stock;
  const sharesNow = computed.totals.shares;
  let incomeEur = 0;
  let counted = 0;
  let shares = 0;
  let next = 0;
  for (let k = 0; k < days.length && days[k] <= grid.lastDay; k += 1) {
    const index = days[k] - grid.firstDay;
    // shares[its date]: the stock transactions dated on or before it, split-adjusted (dividends are in day order).
    for (; next < stock.dayIndex.length && stock.dayIndex[next] <= index; next += 1)
      shares = settledShares(shares + stock.amount[next]);
    if (days[k] <= grid.lastDay - TRAILING_DAYS || shares <= 0) continue;
    const grossEur = (values[k] + taxes[k]) * rates.get(currencies[k])![index];
    const paidAgainEur = (grossEur * sharesNow) / shares;
    incomeEur += paidAgainEur;
    byMonthEur[slotOf(civilFromEpochDay(days[k]).month)] += paidAgainEur;
    counted += 1;
  }
  return { incomeEur, counted };
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
