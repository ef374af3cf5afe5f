/** The periods returns are shown for, each ending on `asOf` (SEMANTICS.md, "Time-weighted return", "Periods"). */
export const PERFORMANCE_PERIODS = ['1M', 'YTD', '1Y', '3Y', '5Y', 'MAX'] as const;
export type PerformancePeriod = (typeof PERFORMANCE_PERIODS)[number];
