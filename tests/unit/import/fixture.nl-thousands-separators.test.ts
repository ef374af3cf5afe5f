/** `nl-thousands-separators.csv`: share counts and amounts with Dutch thousands separators, plus accrued bond interest. */
import { describe, expect, it } from 'vitest';
import { expectEveryLineOnce, fixtureText, importFixture, only, total } from '#helpers/import/degiro-files';

describe('nl-thousands-separators.csv', () => {
  it('accounts for every one of its 9 data lines exactly once', async () => {
    const result = await importFixture('nl-thousands-separators.csv');
    expectEveryLineOnce(result, fixtureText('nl-thousands-separators.csv'));
    expect(result.counts).toEqual({
      buys: 4,
      sells: 0,
      dividends: 0,
      commissions: 1,
      cash: { deposit: 0, withdrawal: 0, interest: 0, fee: 0, conversion: 0 },
      skipped: 0,
      unrecognised: 0,
      lines: 9,
    });
  });

  it('reads "Koop 1.234 @ 100,00 EUR" as 1234 shares, and every other count with its separator', async () => {
    const { transactions } = await importFixture('nl-thousands-separators.csv');
    expect(transactions.stock.map((t) => t.amount)).toEqual([1234, 2506, 6408, 1750]);
  });

  it('adds the accrued interest bought with each bond (same Order Id) to what the buy cost', async () => {
    const { transactions } = await importFixture('nl-thousands-separators.csv');
    // "-1.234,00" + "-1,23", "-2.506,00" + "-0,99", "-6.408,00" + "-3,45", "-1.750,00" + "-0,50".
    expect(transactions.stock.map((t) => [t.value, t.lines])).toEqual([
      [1235.23, [2, 3]],
      [2506.99, [5, 6]],
      [6411.45, [7, 8]],
      [1750.5, [9, 10]],
    ]);
    expect(total(transactions.stock)).toBe(11904.17);
    expect(only(transactions.commission)).toMatchObject({ value: 2, lines: [4], productKey: 'IE00LCL0001' });
  });
});
