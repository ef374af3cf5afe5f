/** `nl-example.csv`: a small Dutch statement. Expected values worked out by hand from the file's 14 data lines. */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PRODUCT } from '#src/worker/import';
import { expectEveryLineOnce, fixtureText, importFixture, only, total } from '#helpers/import/degiro-files';

describe('nl-example.csv', () => {
  it('accounts for every one of its 14 data lines exactly once', async () => {
    const result = await importFixture('nl-example.csv');
    expect(result.error).toBeUndefined();
    expectEveryLineOnce(result, fixtureText('nl-example.csv'));
  });

  it('counts one buy, one sell, one dividend, three commissions, six cash transactions and no skipped line', async () => {
    const { counts } = await importFixture('nl-example.csv');
    expect(counts).toEqual({
      buys: 1,
      sells: 1,
      dividends: 1,
      commissions: 3,
      cash: { deposit: 2, withdrawal: 1, interest: 1, fee: 2, conversion: 0 },
      skipped: 0,
      unrecognised: 0,
      lines: 14,
    });
  });

  it('reads the buy (line 13) and the sell (line 7) with their values in EUR', async () => {
    const { transactions } = await importFixture('nl-example.csv');
    expect(
      transactions.stock.map(({ date, amount, value, currency, ticker, lines }) => ({
        date,
        amount,
        value,
        currency,
        ticker,
        lines,
      })),
    ).toEqual([
      { date: '2025-03-15', amount: 15, value: 1147.5, currency: 'EUR', ticker: 'IWDA.AS', lines: [13] },
      { date: '2025-12-15', amount: -7, value: -786.8, currency: 'EUR', ticker: 'VWRL.AS', lines: [7] },
    ]);
  });

  it('turns the USD dividend and its conversion pair into the 18,62 EUR credited', async () => {
    const { transactions } = await importFixture('nl-example.csv');
    const dividend = only(transactions.dividend);
    expect(dividend).toMatchObject({
      date: '2025-09-30',
      amount: 1,
      value: 18.62,
      currency: 'EUR',
      ticker: 'IWDA.AS',
      lines: [8, 9, 10],
    });
  });

  it("books the trades' fees and the transaction tax as commissions totalling 4,30 EUR, the connection fees as the account's fees", async () => {
    const { transactions } = await importFixture('nl-example.csv');
    expect(total(transactions.commission)).toBe(4.3);
    expect(transactions.commission.filter((t) => t.productKey === ACCOUNT_PRODUCT)).toEqual([]);
    expect(
      transactions.cash.filter((c) => c.kind === 'fee').map((c) => [c.date, c.value, c.currency, c.lines]),
    ).toEqual([
      ['2024-12-31', -2.5, 'EUR', [15]],
      ['2025-12-31', -2.5, 'EUR', [4]],
    ]);
  });

  it("books the withdrawal, the deposits and the negative interest as cash, signed from the account's side", async () => {
    const { transactions, skipped } = await importFixture('nl-example.csv');
    expect(skipped).toEqual([]);
    expect(transactions.cash.filter((c) => c.kind !== 'fee').map((c) => [c.lines, c.kind, c.value])).toEqual([
      [[14], 'deposit', 500],
      [[11], 'interest', -0.41],
      [[3], 'deposit', 1000],
      [[2], 'withdrawal', -500],
    ]);
  });
});
