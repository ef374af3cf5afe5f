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

  it('counts one buy, one sell, one dividend, five commissions, four skipped lines', async () => {
    const { counts } = await importFixture('nl-example.csv');
    expect(counts).toEqual({ buys: 1, sells: 1, dividends: 1, commissions: 5, skipped: 4, unrecognised: 0, lines: 14 });
  });

  it('reads the buy (line 13) and the sell (line 7) with their values in EUR', async () => {
    const { transactions } = await importFixture('nl-example.csv');
    expect(transactions.stock.map(({ date, amount, value, currency, ticker, lines }) => ({ date, amount, value, currency, ticker, lines }))).toEqual([
      { date: '2025-03-15', amount: 15, value: 1147.5, currency: 'EUR', ticker: 'IWDA.AS', lines: [13] },
      { date: '2025-12-15', amount: -7, value: -786.8, currency: 'EUR', ticker: 'VWRL.AS', lines: [7] },
    ]);
  });

  it('turns the USD dividend and its conversion pair into the 18,62 EUR credited', async () => {
    const { transactions } = await importFixture('nl-example.csv');
    const dividend = only(transactions.dividend);
    expect(dividend).toMatchObject({ date: '2025-09-30', amount: 1, value: 18.62, currency: 'EUR', ticker: 'IWDA.AS', lines: [8, 9, 10] });
  });

  it('books fees, the transaction tax and the connection fees as commissions totalling 9,30 EUR', async () => {
    const { transactions } = await importFixture('nl-example.csv');
    expect(total(transactions.commission)).toBe(9.3);
    const connectionFees = transactions.commission.filter((t) => t.productKey === ACCOUNT_PRODUCT);
    expect(connectionFees.map((t) => [t.date, t.value])).toEqual([
      ['2024-12-31', 2.5],
      ['2025-12-31', 2.5],
    ]);
  });

  it('skips the withdrawal, the deposits and the interest with their reasons', async () => {
    const { skipped } = await importFixture('nl-example.csv');
    expect(skipped.map(({ line, reason }) => [line, reason])).toEqual([
      [2, 'withdrawal'],
      [3, 'deposit'],
      [11, 'interest'],
      [14, 'deposit'],
    ]);
  });
});
