/**
 * Issue 30, item 3 (SEMANTICS "Forward income"): a held ticker whose market data has no dividend event in
 * the last twelve months, but which paid you dividends in them, expects those again: each gross (value +
 * tax) at its day's rate × today's shares / the shares held that day, in its own calendar month, marked
 * `forwardSource` "received". Market events, where there are any, win; a dividend received while no
 * shares were held is left out. Worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import type { Transaction } from '#src/model';
import { applyTickers, parseDegiroExport } from '#src/worker/import';
import { fixtureText } from '#helpers/import/degiro-files';
import { chart, derive, stock } from '#helpers/worker/portfolio';

const paid = (
  ticker: string,
  date: string,
  value: number,
  tax: number,
  currency: 'EUR' | 'USD' = 'EUR',
): Transaction => ({ ticker, type: 'dividend', date, amount: 1, value, tax, currency });
const usd = chart('EUR=X', {
  currency: 'EUR',
  bars: [
    ['2023-01-02', 0.9],
    ['2024-03-01', 0.8],
  ],
});

describe('forward income from the dividends received', () => {
  it('pays the past year’s received dividends again, gross, scaled to today’s shares, each in its own month', () => {
    const d = derive(
      [
        stock('PM', '2023-01-05', 10, 900, 'USD'),
        stock('PM', '2024-02-01', 10, 950, 'USD'),
        // 2023-04-20 is 366 days before asOf: outside the window.
        paid('PM', '2023-04-20', 11, 2, 'USD'),
        // 10 shares then, 20 now: paid twice over. 8.5 net + 1.5 tax = 10 USD at 0.9 → 9 EUR × 2.
        paid('PM', '2023-07-12', 8.5, 1.5, 'USD'),
        // 20 shares then and now: 17 + 3 = 20 USD at 0.8 → 16 EUR.
        paid('PM', '2024-04-10', 17, 3, 'USD'),
      ],
      [{ symbol: 'PM', error: 'Not Found' }, usd],
      '2024-04-20',
    );
    const pm = d.income.holdings.PM!;
    expect(pm.forwardSource).toBe('received');
    expect(pm.forwardIncome).toBeCloseTo(18 + 16, 10);
    // The twelve months after April 2024: July is slot 2, April slot 11.
    expect(d.income.forwardByMonth.values[2]).toBeCloseTo(18, 10);
    expect(d.income.forwardByMonth.values[11]).toBeCloseTo(16, 10);
    expect(d.income.forwardIncome).toBeCloseTo(34, 10);
  });

  it('lets market events win, and leaves out what was received while nothing was held', () => {
    const d = derive(
      [
        stock('KO', '2024-01-02', 10, 500),
        paid('KO', '2024-03-01', 4, 1),
        // Sold out, bought back: the dividend of the days without shares counts for nothing.
        stock('HEIA.AS', '2023-01-02', 5, 400),
        stock('HEIA.AS', '2023-05-02', -5, -420),
        paid('HEIA.AS', '2023-08-01', 6, 1),
        stock('HEIA.AS', '2024-01-02', 5, 410),
        // Held before, sold out now: nothing ahead.
        stock('INGA.AS', '2023-01-02', 100, 1200),
        paid('INGA.AS', '2023-08-01', 30, 5),
        stock('INGA.AS', '2024-02-01', -100, -1300),
      ],
      [
        chart('KO', { currency: 'EUR', bars: [['2024-01-02', 50]], dividends: [['2024-03-14', 0.5]] }),
        { symbol: 'HEIA.AS', error: 'Not Found' },
        { symbol: 'INGA.AS', error: 'Not Found' },
      ],
      '2024-04-20',
    );
    expect(d.income.holdings.KO).toMatchObject({ forwardSource: 'market', forwardIncome: 5 });
    expect(d.income.holdings['HEIA.AS']).toMatchObject({ forwardSource: 'none', forwardIncome: 0 });
    expect(d.income.holdings['INGA.AS']).toMatchObject({ forwardSource: 'none', forwardIncome: 0 });
  });

  it('gives the real-account-40 statement’s payers without market events their received dividends', async () => {
    const imported = await parseDegiroExport(fixtureText('real-account-40/Account.csv'));
    const set = applyTickers(
      imported,
      Object.fromEntries(imported.products.map((p) => [p.productKey, p.productKey])),
    ).transactions;
    // No quotes at all: no market events, every price provisional.
    const d = derive([...set.stock, ...set.dividend, ...set.commission], [], '2026-11-29');
    const payers = new Set(set.dividend.filter((t) => t.date > '2025-11-29').map((t) => t.ticker));
    for (const [ticker, holding] of Object.entries(d.income.holdings)) {
      const held = d.tickers[ticker]!.amountOfShares > 0;
      expect([ticker, holding.forwardSource]).toEqual([ticker, held && payers.has(ticker) ? 'received' : 'none']);
    }
    // Heineken held the same shares all year: its income ahead is what the statement's Dividend rows paid in it.
    const text = fixtureText('real-account-40/Account.csv');
    const rows = [...text.matchAll(/^(\d\d)-(\d\d)-(\d{4}),[^\n]*,NL0000009165,Dividend,,EUR,"([\d,]+)"/gm)].filter(
      (m) => `${m[3]}-${m[2]}-${m[1]}` > '2025-11-29',
    );
    expect(rows.length).toBeGreaterThan(0);
    const statementGross = rows.reduce((sum, m) => sum + Number(m[4]!.replace(',', '.')), 0);
    expect(d.income.holdings.NL0000009165!.forwardIncome).toBeCloseTo(statementGross, 6);
  });
});
