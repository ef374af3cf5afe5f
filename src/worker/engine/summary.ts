/** The summary over all tickers and each ticker's figures, from their totals on `asOf` (SEMANTICS.md, "Summary", "Returns"). */
import { NO_SHARES, type Currency, type QuoteDataSource } from '../../model';
import { RETURN_PERIODS_DAYS, type ReturnPeriod, type TickerTotals } from './ticker-series';
import type { Return, Summary, TickerFigures } from './types';

export interface TickerFacts {
  trades: number;
  currency: Currency;
  quoteCurrency: string | null;
  listingCurrency: string;
  dataSource: QuoteDataSource | null;
  missingSymbols: string[];
  product: string | null;
}

/** Percent of `valueEur`; 0 when the value is 0. */
export function returnOf(absoluteEur: number, valueEur: number): Return {
  return { absolute: absoluteEur, percentage: valueEur === 0 ? 0 : (absoluteEur / valueEur) * 100 };
}

export function tickerFigures(totals: TickerTotals, facts: TickerFacts): TickerFigures {
  return {
    amountOfShares: totals.shares,
    averageSharePrice: Math.abs(totals.shares) < NO_SHARES ? 0 : totals.investedEur / totals.shares,
    currentSharePrice: Number.isNaN(totals.priceEur) ? null : totals.priceEur,
    portfolioValue: totals.valueEur,
    totalInvested: totals.investedEur,
    totalDividend: totals.dividendEur,
    totalCommission: totals.commissionEur,
    totalReturn: returnOf(totals.profitEur, totals.valueEur),
    ...facts,
    priceSource: totals.priceSource,
    excluded: false,
  };
}

/** A ticker whose exchange rate is missing: only its share count is known. */
export function excludedTickerFigures(shares: number, facts: TickerFacts): TickerFigures {
  return {
    amountOfShares: shares,
    averageSharePrice: Number.NaN,
    currentSharePrice: null,
    portfolioValue: Number.NaN,
    totalInvested: Number.NaN,
    totalDividend: Number.NaN,
    totalCommission: Number.NaN,
    totalReturn: { absolute: Number.NaN, percentage: Number.NaN },
    ...facts,
    priceSource: 'none',
    excluded: true,
  };
}

export function summarize(
  included: readonly TickerTotals[],
  excludedTickers: string[],
  missingSymbols: string[],
): Summary {
  let valueEur = 0;
  let investedEur = 0;
  let dividendEur = 0;
  let commissionEur = 0;
  let profitEur = 0;
  const profitDaysAgo: Record<ReturnPeriod, number> = { 1: 0, 7: 0, 30: 0 };
  for (const totals of included) {
    valueEur += totals.valueEur;
    investedEur += totals.investedEur;
    dividendEur += totals.dividendEur;
    commissionEur += totals.commissionEur;
    profitEur += totals.profitEur;
    for (const days of RETURN_PERIODS_DAYS) profitDaysAgo[days] += totals.profitDaysAgo[days];
  }
  return {
    portfolioValue: valueEur,
    totalInvested: investedEur,
    profitExclCommission: valueEur - investedEur,
    totalDividend: dividendEur,
    totalCommission: commissionEur,
    dailyReturn: returnOf(profitEur - profitDaysAgo[1], valueEur),
    weeklyReturn: returnOf(profitEur - profitDaysAgo[7], valueEur),
    monthlyReturn: returnOf(profitEur - profitDaysAgo[30], valueEur),
    totalReturn: returnOf(profitEur, valueEur),
    excludedTickers,
    missingSymbols,
  };
}
