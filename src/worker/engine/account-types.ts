import type { PerformancePeriod } from '../../model';
import type { PeriodReturn } from './types';

/**
 * The view's account (SEMANTICS.md, "Cash"): its cash, value and the return on deposits. Money in EUR
 * per grid day (every array fresh); `ok: false` when an exchange rate its cash or securities need has
 * no quote (its figures are unknown, not 0).
 */
export type AccountFigures =
  | {
      ok: true;
      /** cash[c][asOf] per currency, in that currency (every currency the view's cash moves in). */
      cash: Record<string, number>;
      cashValue: Float64Array;
      /** The securities (every ticker of the view, whichever are active) + the cash. */
      accountValue: Float64Array;
      /** In[d], Σ deposits that day, and Out[d], −Σ withdrawals that day. */
      deposits: Float64Array;
      withdrawals: Float64Array;
      /** Σ over days ≤ d of In − Out. */
      netDeposits: Float64Array;
      /** accountValue[asOf] − netDeposits[asOf]. */
      gain: number;
      /** cashValue, accountValue and netDeposits on asOf: the summary's figures. */
      onAsOf: { cashValue: number; accountValue: number; netDeposits: number };
      /** Cumulative return on deposits (TWR) in percent, per grid day. */
      twr: Float64Array;
      periods: Record<PerformancePeriod, PeriodReturn>;
      /** Money-weighted return on deposits (XIRR) in percent a year; null where the period has none. */
      mwr: Record<PerformancePeriod, number | null>;
    }
  | { ok: false; missingSymbols: string[]; error: string };
