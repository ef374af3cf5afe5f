/**
 * Issue 30, item 7: a position below 0 shares is explained as the engine values it. With a price (the
 * latest priced buy's, before any quote) its value is shares × price, below 0; with none (sells and no
 * priced buy, no quotes) it counts as 0 and the table's price is "—". The note and the table say the same.
 */
import { describe, expect, it } from 'vitest';
import { formatsFor } from '#src/ui/format';
import { holdingRows, oversoldExplanation } from '#src/ui/holdings/holding-rows';
import { derive, stock } from '#helpers/worker/portfolio';

const formats = formatsFor('en');

function rowOf(transactions: Parameters<typeof derive>[0], ticker: string) {
  const d = derive(transactions, [{ symbol: ticker, error: 'Not Found' }], '2024-12-31');
  return holdingRows(d.tickers, d.holdings).open.find((row) => row.ticker === ticker)!;
}

describe('a position with more sold than bought', () => {
  it('priced by its earlier buy: says its value is shares × that price, below 0, as the table shows', () => {
    const row = rowOf([stock('WLN.PA', '2023-02-06', 20, 770), stock('WLN.PA', '2024-08-19', -30, -537)], 'WLN.PA');
    expect(row).toMatchObject({ oversold: true, shares: -10 });
    expect(row.value).toBeLessThan(0);
    const text = oversoldExplanation(row, formats);
    expect(text).toContain('sold 10 more shares than bought');
    expect(text).toContain(`its value is −10 × ${formats.money(row.price!)} = ${formats.money(row.value)}, below 0`);
  });

  it('without any price: says its value counts as 0 with no price, as the table shows, not that it is negative', () => {
    const row = rowOf([stock('VWRL.AS', '2024-03-01', -7, -786.8)], 'VWRL.AS');
    expect(row).toMatchObject({ oversold: true, shares: -7, price: null, value: 0 });
    const text = oversoldExplanation(row, formats);
    expect(text).toContain('sold 7 more shares than bought');
    expect(text).toContain(`no price is known for it, so its value counts as ${formats.money(0)} (price “—”)`);
    expect(text).not.toMatch(/negative|below 0/);
  });
});
