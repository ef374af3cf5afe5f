/** Calendar years and quarters of a grid, as grid indexes, computed once per grid. */
import { civilFromEpochDay, epochDayFromCivil } from '../../model';
import type { Grid } from './grid';

export interface GridPeriods {
  /** Calendar years from the grid's first day to `asOf`. */
  years: number[];
  /** Grid index of e(Y) for each year: 31 December, or `asOf` in its year. */
  yearEndIndex: Int32Array;
  /** Ordinal (year × 4 + quarter 0–3) of the quarter of the grid's first day. */
  firstQuarterOrdinal: number;
  /** `2024-Q1` …, from the first day's quarter to `asOf`'s. */
  quarterLabels: string[];
  /** Position in `quarterLabels` of each grid day's quarter. */
  quarterOfDay: Int32Array;
}

export function quarterOrdinal(epochDay: number): number {
  const { year, month } = civilFromEpochDay(epochDay);
  return year * 4 + Math.floor((month - 1) / 3);
}

export function gridPeriods(grid: Grid): GridPeriods {
  const firstYear = civilFromEpochDay(grid.firstDay).year;
  const lastYear = civilFromEpochDay(grid.lastDay).year;
  const years: number[] = [];
  const yearEndIndex = new Int32Array(lastYear - firstYear + 1);
  for (let year = firstYear; year <= lastYear; year += 1) {
    years.push(year);
    yearEndIndex[year - firstYear] = Math.min(epochDayFromCivil(year, 12, 31), grid.lastDay) - grid.firstDay;
  }
  const firstQuarterOrdinal = quarterOrdinal(grid.firstDay);
  const lastQuarterOrdinal = quarterOrdinal(grid.lastDay);
  const quarterLabels: string[] = [];
  const quarterOfDay = new Int32Array(grid.length);
  for (let ordinal = firstQuarterOrdinal; ordinal <= lastQuarterOrdinal; ordinal += 1) {
    const year = Math.floor(ordinal / 4);
    const quarter = ordinal - year * 4;
    quarterLabels.push(`${year}-Q${quarter + 1}`);
    // From the quarter's first day (or the grid's) to the end of the grid; later quarters overwrite.
    const startIndex = Math.max(epochDayFromCivil(year, quarter * 3 + 1, 1) - grid.firstDay, 0);
    quarterOfDay.fill(ordinal - firstQuarterOrdinal, startIndex);
  }
  return { years, yearEndIndex, firstQuarterOrdinal, quarterLabels, quarterOfDay };
}
