/** Lines that are not transactions of a holding are skipped with a named reason; lines nobody knows are never dropped. */
import { describe, expect, it } from 'vitest';
import { parseDegiroExport, SKIP_REASON_DESCRIPTIONS, SKIP_REASONS } from '#src/worker/import';
import { csv, expectEveryLineOnce, row } from '#helpers/import/degiro-files';

describe('skipped and unrecognised lines', () => {
  it("books deposits, withdrawals, interest and a money-market fund's result as cash, and names the reason of every line it books as nothing", async () => {
    const text = csv([
      row({ date: '14-02-2026', description: 'Processed Flatex Withdrawal', currency: 'EUR', amount: '-500,00' }),
      row({ date: '02-01-2026', description: 'iDEAL storting', currency: 'EUR', amount: '1000,00' }),
      row({
        date: '02-01-2026',
        description: 'Reservation iDEAL / Sofort Deposit',
        currency: 'EUR',
        amount: '-1000,00',
      }),
      row({
        date: '19-12-2022',
        product: 'FLATEX EURO BANKACCOUNT',
        isin: 'NLFLATEXACNT',
        description: 'Degiro Cash Sweep Transfer',
        currency: 'EUR',
        amount: '26,45',
      }),
      row({
        date: '15-07-2020',
        product: 'MORGAN STANLEY EUR LIQUIDITY FUND',
        isin: 'LU1959429272',
        description: 'Geldmarktfonds Koersverandering',
        currency: 'EUR',
        amount: '-0,25',
      }),
      row({ date: '30-06-2025', description: 'Flatex Interest', currency: 'EUR', amount: '-0,41' }),
      row({ date: '29-06-2025', description: 'Dividendenuitkering van de maan', currency: 'EUR', amount: '1,00' }),
    ]);
    const result = await parseDegiroExport(text);
    expect(result.skipped.map((s) => [s.line, s.reason])).toEqual([
      [4, 'reservation'],
      [5, 'cash sweep'],
    ]);
    expect(result.transactions.cash.map((c) => [c.lines, c.kind, c.value])).toEqual([
      [[6], 'interest', -0.25],
      [[7], 'interest', -0.41],
      [[3], 'deposit', 1000],
      [[2], 'withdrawal', -500],
    ]);
    expect(result.unrecognised).toEqual([
      {
        line: 8,
        text: '29-06-2025,09:00,29-06-2025,,,Dividendenuitkering van de maan,,EUR,"1,00",EUR,0,',
        reason: 'the description is not one the importer knows',
      },
    ]);
    expect(result.counts).toMatchObject({
      skipped: 2,
      unrecognised: 1,
      cash: { deposit: 1, withdrawal: 1, interest: 2, fee: 0, conversion: 0 },
    });
    expectEveryLineOnce(result, text);
  });

  it('keeps the cash-fund product skipped whatever its description (a fund "Koop" is not a holding)', async () => {
    const text = csv([
      row({
        date: '09-06-2020',
        product: 'EUR CASH FUND FUNDSHARE',
        isin: 'NL0010661914',
        description: 'Koop 12,3 @ 1 EUR',
        currency: 'EUR',
        amount: '-12,30',
      }),
    ]);
    const result = await parseDegiroExport(text);
    expect(result.transactions.stock).toEqual([]);
    expect(result.skipped.map((s) => s.reason)).toEqual(['money-market fund']);
  });

  it('describes every skip reason in a sentence', () => {
    for (const reason of SKIP_REASONS) expect(SKIP_REASON_DESCRIPTIONS[reason]).toMatch(/^[A-Z].+\.$/);
  });
});
