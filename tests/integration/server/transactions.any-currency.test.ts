/**
 * Any ISO 4217 currency over real HTTP (issue 34): trades, dividends, fees and cash in GBP, CHF, SEK, JPY
 * and KWD are stored and read back as sent; a code that is not ISO 4217 is refused with a message naming
 * it, and nothing is stored.
 */
import { describe, expect, it } from 'vitest';
import type { CashTransaction } from '#src/model/cash';
import type { Transaction } from '#src/model/transaction';
import { serverForTheSuite, sqliteServer } from '#helpers/server-backends';
import { commission, dividend, stock, transactionsClient, transactionSet } from '#helpers/transactions-client';

let api: ReturnType<typeof transactionsClient>;

serverForTheSuite(sqliteServer(), ['anycurrency'], (server, { anycurrency: fx }) => {
  api = transactionsClient(server.url, fx.idToken);
});

interface Refusal {
  message: string;
  issues?: Array<{ path: string; message: string }>;
}

const deposit = (currency: string, value: number): CashTransaction =>
  ({ type: 'cash', kind: 'deposit', date: '2024-01-02', value, currency }) as CashTransaction;

describe('a transaction in any ISO 4217 currency', () => {
  it('is stored and read back in its own currency: GBP, CHF, SEK, JPY, KWD', async () => {
    const set = transactionSet({
      stock: [
        stock('NESN.SW', '2024-01-03', 10, 960, { currency: 'CHF' }),
        stock('7203.T', '2024-01-04', 100, 254_000, { currency: 'JPY' }),
        stock('VOLV-B.ST', '2024-01-05', 20, 5_200, { currency: 'SEK' }),
      ],
      dividend: [dividend('ULVR.L', '2024-03-14', 3.71, { currency: 'GBP', tax: 0 })],
      commission: [commission('NESN.SW', '2024-01-03', 5, { currency: 'CHF' })],
    });
    const saved = await api.put({ transactions: { ...set, cash: [deposit('KWD', 100.125), deposit('GBP', 500)] } });
    expect(saved.status).toBe(200);
    const read = await api.get();
    expect(read.body.transactions.stock.map((t: Transaction) => t.currency)).toEqual(['CHF', 'JPY', 'SEK']);
    expect(read.body.transactions.dividend[0]).toEqual(set.dividend[0]);
    expect(read.body.transactions.commission[0]?.currency).toBe('CHF');
    expect(read.body.transactions.cash?.map((c: CashTransaction) => [c.currency, c.value])).toEqual([
      ['KWD', 100.125],
      ['GBP', 500],
    ]);
  });
});

describe('a currency that is not ISO 4217, nothing stored', () => {
  it.each([
    ['a trade', 'XYZ', 'stock'],
    ['a dividend', 'eur', 'dividend'],
    ['a fee', 'GBp', 'commission'],
  ] as const)('%s in %s is refused, the code named', async (_name, currency, list) => {
    const before = await api.get();
    const row = { ...stock('KO', '2023-01-02', 1, 60), type: list, currency } as unknown as Transaction;
    const response = await api.put<Refusal>({ transactions: transactionSet({ [list]: [row] }) });
    expect(response.status).toBe(400);
    const issue = response.body.issues?.find((i) => i.path === `transactions.${list}.0.currency`);
    expect(issue?.message).toBe(`"${currency}" is not an ISO 4217 currency code (such as EUR, USD, GBP or JPY)`);
    const after = await api.get();
    expect(after.etag).toBe(before.etag);
    expect(after.body).toEqual(before.body);
  });

  it('a cash row in XAU (gold, not money an account holds) is refused, the code named', async () => {
    const response = await api.put<Refusal>({ transactions: { ...transactionSet(), cash: [deposit('XAU', 1)] } });
    expect(response.status).toBe(400);
    expect(response.body.issues?.find((i) => i.path === 'transactions.cash.0.currency')?.message).toMatch(
      /^"XAU" is not an ISO 4217 currency code/,
    );
  });
});
