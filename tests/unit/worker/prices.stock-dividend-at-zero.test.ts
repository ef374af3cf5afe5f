/**
 * Issue 30, item 2: a buy at value 0 (a stock dividend, `STOCK DIVIDEND: Koop 1 @ 0 EUR`) sets no
 * provisional price. Without quotes, the holding stays worth its shares × the pooled price of the latest
 * day with a priced buy, not 0.
 */
import { describe, expect, it } from 'vitest';
import { applyTickers, parseDegiroExport } from '#src/worker/import';
import { fixtureText } from '#helpers/import/degiro-files';
import { derive, on, stock } from '#helpers/worker/portfolio';

describe('a stock dividend before the first bar', () => {
  it('keeps the price of the latest priced buy day: a buy at 0 sets none', () => {
    const d = derive(
      [
        stock('NOQUOTE', '2024-01-02', 4, 400),
        stock('NOQUOTE', '2024-01-03', 1, 0),
        stock('NOQUOTE', '2024-01-04', 2, 220),
        stock('NOQUOTE', '2024-01-04', 1, 0),
      ],
      [{ symbol: 'NOQUOTE', error: 'Not Found' }],
      '2024-01-05',
    );
    // 2024-01-03: 5 shares at the 100 of 2024-01-02; 2024-01-04: the day's priced buys, 220 / 2 = 110.
    expect(on(d.active, d.active.value, ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'])).toEqual([
      400,
      500,
      8 * 110,
      8 * 110,
    ]);
    expect(d.tickers.NOQUOTE).toMatchObject({ currentSharePrice: 110, priceSource: 'provisional' });
  });

  it("values the real-account-40 statement's Philips (two priced buys, then a stock dividend) at the last priced buy's price", async () => {
    const text = fixtureText('real-account-40/Account.csv');
    const imported = await parseDegiroExport(text);
    const set = applyTickers(imported, { NL0000009538: 'PHIA.AS' }).transactions;
    const philips = set.stock.filter((t) => t.productKey === 'NL0000009538');
    // From the statement: the buy rows' "Koop N @ price" of the latest priced buy, and the stock dividend's shares.
    const buys = [...text.matchAll(/^(\d\d)-(\d\d)-(\d{4}),[^\n]*NL0000009538,"Koop (\d+) @ ([\d,]+) EUR"/gm)].sort(
      (a, b) => `${a[3]}${a[2]}${a[1]}`.localeCompare(`${b[3]}${b[2]}${b[1]}`),
    );
    const latest = buys.at(-1)!;
    const free = Number(/NL0000009538,STOCK DIVIDEND: Koop (\d+) @ 0 EUR/.exec(text)![1]);
    const shares = buys.reduce((sum, m) => sum + Number(m[4]), 0) + free;
    const d = derive(philips, [{ symbol: 'PHIA.AS', error: 'Not Found' }], '2026-11-29');
    expect(d.tickers['PHIA.AS']!.amountOfShares).toBe(shares);
    expect(d.tickers['PHIA.AS']!.portfolioValue).toBeCloseTo(shares * Number(latest[5]!.replace(',', '.')), 6);
  });
});
