/**
 * Where each return period starts: day P, the return covering the days after it up to `asOf`
 * (SEMANTICS.md, "Time-weighted return", "Periods"). Computed once per grid.
 */
import { civilFromEpochDay, daysInMonth, epochDayFromCivil, type PerformancePeriod } from '../../model';
import type { Grid } from './grid';

/** Grid index of each period's P; null when P falls before the grid (never for YTD and MAX). */
export type PeriodStarts = Record<PerformancePeriod, number | null>;

/** `months` calendar months before `epochDay`; a day the target month lacks becomes its last day. */
export function monthsBefore(epochDay: number, months: number): number {
  const { year, month, day } = civilFromEpochDay(epochDay);
  const ordinal = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(ordinal / 12);
  const targetMonth = ordinal - targetYear * 12 + 1;
  return epochDayFromCivil(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

export function periodStarts(grid: Grid): PeriodStarts {
  const asOf = grid.lastDay;
  const index = (day: number): number | null => (day < grid.firstDay ? null : day - grid.firstDay);
  const endOfLastYear = epochDayFromCivil(civilFromEpochDay(asOf).year - 1, 12, 31);
  return {
    '1M': index(monthsBefore(asOf, 1)),
    // A history begun this year has a YTD equal to its MAX.
    YTD: Math.max(endOfLastYear, grid.firstDay) - grid.firstDay,
    '1Y': index(monthsBefore(asOf, 12)),
    '3Y': index(monthsBefore(asOf, 36)),
    '5Y': index(monthsBefore(asOf, 60)),
    MAX: 0,
  };
}
