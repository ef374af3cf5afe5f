/**
 * Issue 30: the Income page's total ("Income, next 12 months") against its per-holding rows, with the
 * real-account-40 statement. One derivation's rows add up to its total and its months, with the shipped
 * quotes and without any. A page read while the prices load meets two derivations: the one before the
 * quotes (every holding's income from the dividends received) and the one after (market events where the
 * market data has them), whose totals differ by what the quotes change; so the pages that show figures
 * say "Loading prices…" until the second is in (tests/e2e/real-account-engine-items.spec.ts reads them after).
 */
import { describe, expect, it } from 'vitest';
import { incomeView } from '#src/machines/income-view';
import type { QuoteEntry } from '#src/model';
import { importedSet, rowsOf, shippedQuotes } from '#helpers/import/real-account-set';
import { derive } from '#helpers/worker/portfolio';

const AS_OF = '2026-11-27';
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('real-account-40 on the Income page', () => {
  it('sums the per-holding rows to the total and the months to it, before and after the quotes', async () => {
    const set = rowsOf(await importedSet(['Account.csv']));
    const totals: number[] = [];
    for (const quotes of [[] as QuoteEntry[], shippedQuotes()]) {
      const { income } = derive(set, quotes, AS_OF);
      const view = incomeView(income);
      expect(view.forwardIncome).toBe(income.forwardIncome);
      expect(sum(view.holdings.map((row) => row.forwardIncome))).toBeCloseTo(view.forwardIncome, 6);
      expect(sum(view.monthTotals)).toBeCloseTo(view.forwardIncome, 6);
      // Every holding with income ahead is a row of the page.
      for (const [ticker, holding] of Object.entries(income.holdings)) {
        if (holding.forwardIncome !== 0)
          expect(
            view.holdings.map((row) => row.ticker),
            ticker,
          ).toContain(ticker);
      }
      expect(view.holdings.some((row) => row.forwardSource === 'received')).toBe(true);
      totals.push(view.forwardIncome);
    }
    // The quotes change the total: market events replace received dividends where the market data has them.
    expect(totals[1]).not.toBeCloseTo(totals[0]!, 2);
  });
});
