/**
 * Account fees in the summary (SEMANTICS.md, "Cash"): a `fee` cash transaction is the portfolio's
 * commission there (Total Commission, profit, the 1d/1w/1m/total returns) but belongs to no ticker, so
 * per-ticker figures, the charts and the securities' own TWR and MWR never see it.
 */
import { FEE, type CashColumns } from './cash';
import type { Grid } from './grid';
import { returnOf } from './summary';
import { RETURN_PERIODS_DAYS, type ReturnPeriod } from './ticker-series';
import type { Summary } from './types';

/**
 * `summary` with the view's fees charged, each at its day's rate (`rateOf`: base currency per unit per
 * grid day, null when missing: that fee is left out and its symbol named among the missing ones).
 * The summary itself when the view has no fee on or before `asOf`.
 */
export function chargeFees(
  summary: Summary,
  grid: Grid,
  cash: CashColumns,
  rateOf: (currency: string) => Float64Array | null,
  symbolOf: (currency: string) => string | null,
): Summary {
  const last = grid.length - 1;
  let feesEur = 0;
  let any = false;
  const feesDaysAgo: Record<ReturnPeriod, number> = { 1: 0, 7: 0, 30: 0 };
  const missing = new Set(summary.missingSymbols);
  for (let k = 0; k < cash.days.length && cash.days[k] <= grid.lastDay; k += 1) {
    if (cash.kinds[k] !== FEE) continue;
    any = true;
    const rate = rateOf(cash.currencies[k]);
    if (!rate) {
      const symbol = symbolOf(cash.currencies[k]);
      if (symbol) missing.add(symbol);
      continue;
    }
    const index = cash.days[k] - grid.firstDay;
    // A fee is money out (value < 0): its cost as a commission is −value.
    const costEur = -cash.values[k] * rate[index];
    feesEur += costEur;
    for (const days of RETURN_PERIODS_DAYS) if (index <= last - days) feesDaysAgo[days] += costEur;
  }
  if (!any) return summary;
  const valueEur = summary.portfolioValue;
  const lessFees = (absolute: number, days: ReturnPeriod): number => absolute - (feesEur - feesDaysAgo[days]);
  return {
    ...summary,
    totalCommission: summary.totalCommission + feesEur,
    dailyReturn: returnOf(lessFees(summary.dailyReturn.absolute, 1), valueEur),
    weeklyReturn: returnOf(lessFees(summary.weeklyReturn.absolute, 7), valueEur),
    monthlyReturn: returnOf(lessFees(summary.monthlyReturn.absolute, 30), valueEur),
    totalReturn: returnOf(summary.totalReturn.absolute - feesEur, valueEur),
    missingSymbols: [...missing].sort(),
  };
}
