/**
 * Issue 34: "Traded in" names the currency of the trades themselves, whatever the base; it never falls back
 * to a fixed code (it used to say EUR for a holding whose trade currency was unknown).
 */
import { describe, expect, it } from 'vitest';
import { holdingRows } from '#src/ui/holdings/holding-rows';
import { derive, stock } from '#helpers/worker/portfolio';

function derived(transactions: Parameters<typeof derive>[0], tickers: string[]) {
  const d = derive(
    transactions,
    tickers.map((symbol) => ({ symbol, error: 'Not Found' })),
    '2024-12-31',
  );
  return d;
}

describe('Traded in', () => {
  it('is the trades’ own currency: CHF and JPY trades say CHF and JPY', () => {
    const d = derived(
      [stock('NESN.SW', '2024-02-01', 10, 950, 'CHF'), stock('7203.T', '2024-03-01', 100, 280000, 'JPY')],
      ['NESN.SW', '7203.T'],
    );
    const rows = holdingRows(d.tickers, d.holdings).open;
    expect(Object.fromEntries(rows.map((row) => [row.ticker, row.tradeCurrency]))).toEqual({
      'NESN.SW': 'CHF',
      '7203.T': 'JPY',
    });
  });

  it('without a known trade currency, is the listing’s currency, not EUR', () => {
    const d = derived([stock('7203.T', '2024-03-01', 100, 280000, 'JPY')], ['7203.T']);
    const figures = { ...d.tickers['7203.T']!, currency: null };
    const [row] = holdingRows({ '7203.T': figures }, d.holdings).open;
    expect(row!.tradeCurrency).toBe('JPY');
  });
});
