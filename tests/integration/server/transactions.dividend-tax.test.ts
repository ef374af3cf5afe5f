/** A dividend's withheld `tax` over real HTTP: kept as sent (0 apart from none), refused below 0, beyond 1e12, or on a trade or fee. */
import { describe, expect, it } from 'vitest';
import type { Transaction } from '#src/model/transaction';
import { serverForTheSuite, sqliteServer } from '#helpers/server-backends';
import type { TestServer } from '#helpers/test-server';
import { commission, dividend, stock, transactionsClient, transactionSet } from '#helpers/transactions-client';

let server: TestServer;
let api: ReturnType<typeof transactionsClient>;

serverForTheSuite(sqliteServer(), ['tax'], (started, { tax }) => {
  server = started;
  api = transactionsClient(server.url, tax.idToken);
});

interface Refusal {
  message: string;
  issues?: Array<{ path: string; message: string }>;
}

describe('a dividend with the tax withheld', () => {
  it('is stored and read back with its tax; a tax of 0 stays 0 and a dividend without one has none', async () => {
    const set = transactionSet({
      stock: [stock('KO', '2022-01-03', 10, 600)],
      dividend: [
        dividend('KO', '2022-04-01', 3.74, { currency: 'USD', tax: 0.66 }),
        dividend('KO', '2022-07-01', 4.4, { tax: 0 }),
        dividend('KO', '2022-10-03', 4.4),
        dividend('KO', '2022-12-15', 1e12, { tax: 1e12 }),
      ],
    });
    const saved = await api.put({ transactions: set });
    expect(saved.status).toBe(200);
    const read = await api.get();
    expect(read.body.transactions.dividend.map((t) => t.tax)).toEqual([0.66, 0, undefined, 1e12]);
    expect('tax' in read.body.transactions.dividend[2]!).toBe(false);
    expect(read.body.transactions.dividend[0]).toEqual(set.dividend[0]);
  });
});

describe('refused tax, nothing stored', () => {
  const withTax = (list: 'stock' | 'dividend' | 'commission', tax: unknown) => {
    const base: Transaction =
      list === 'stock'
        ? stock('KO', '2023-01-02', 1, 60)
        : list === 'dividend'
          ? dividend('KO', '2023-04-03', 0.37)
          : commission('KO', '2023-01-02', 2);
    return { transactions: transactionSet({ [list]: [{ ...base, tax } as unknown as Transaction] }) };
  };

  it.each([
    ['below 0', 'dividend', -0.01, 'transactions.dividend.0.tax'],
    ['beyond 1e12', 'dividend', 1e12 + 1, 'transactions.dividend.0.tax'],
    ['a string', 'dividend', '0.15', 'transactions.dividend.0.tax'],
    ['null', 'dividend', null, 'transactions.dividend.0.tax'],
    ['on a trade', 'stock', 0.15, 'transactions.stock.0'],
    ['on a fee', 'commission', 0.15, 'transactions.commission.0'],
  ] as const)('a tax %s', async (_name, list, tax, path) => {
    const before = await api.get();
    const response = await api.put<Refusal>(withTax(list, tax));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/not valid/);
    expect(response.body.issues?.map((issue) => issue.path)).toContain(path);
    const after = await api.get();
    expect(after.etag).toBe(before.etag);
    expect(after.body).toEqual(before.body);
  });

  it('says what a tax must be', async () => {
    const response = await api.put<Refusal>(withTax('dividend', -3));
    expect(response.body.issues?.find((issue) => issue.path === 'transactions.dividend.0.tax')?.message).toMatch(
      /from 0/,
    );
  });
});
