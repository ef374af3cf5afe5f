/**
 * `/api/transactions` with cash and accounts (issue 33), over real HTTP on SQLite and PostgreSQL: the
 * body carries `cash` and `accounts` beside the seed's lists; a seed-shaped client's PUT (neither) writes
 * its part and keeps the rest; a cash row or an account the product cannot keep, or a row naming an
 * account the user does not have, is refused with a message naming it, and nothing is stored.
 */
import { describe, expect, it } from 'vitest';
import type { Account, CashTransaction } from '#src/model/cash';
import type { TransactionsBody } from '#src/model/transaction';
import type { SignedIn } from '#helpers/oidc-login';
import { serverBackends, serverForTheSuite } from '#helpers/server-backends';
import type { TestServer } from '#helpers/test-server';
import { answeredBody, stock, transactionsClient, transactionSet } from '#helpers/transactions-client';

const accounts: Account[] = [
  { id: 'acc-trading', name: 'DEGIRO' },
  { id: 'acc-pension', name: 'DEGIRO pension' },
];
const cash = (
  kind: CashTransaction['kind'],
  date: string,
  value: number,
  extra: Partial<CashTransaction> = {},
): CashTransaction => ({ type: 'cash', kind, date, value, currency: 'EUR', ...extra });
const cashRows: CashTransaction[] = [
  cash('deposit', '2024-01-02', 1000, { account: 'acc-trading' }),
  cash('deposit', '2024-01-03', 500, { account: 'acc-pension' }),
  cash('fee', '2024-12-31', -2.5, { account: 'acc-trading' }),
  cash('interest', '2024-06-30', -0.12, { account: 'acc-pension' }),
  cash('conversion', '2024-03-01', -118.02, { account: 'acc-trading', currency: 'USD' }),
  cash('conversion', '2024-03-01', 101.75, { account: 'acc-trading' }),
  cash('withdrawal', '2024-09-01', -100, { account: 'acc-pension', importId: 'degiro:w1' }),
];
const sortedCash = [...cashRows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
const trades = transactionSet({
  stock: [
    stock('VWCE.DE', '2024-01-05', 5, 500, { account: 'acc-trading' }),
    stock('IWDA.AS', '2024-01-06', 3, 240, { account: 'acc-pension' }),
  ],
});

interface Refusal {
  message: string;
  issues: { path: string; message: string }[];
}

for (const backend of serverBackends('cash and accounts on PostgreSQL')) {
  describe(`cash and accounts on ${backend.name}`, () => {
    let server: TestServer;
    let users: Record<'full' | 'seed' | 'refused', SignedIn>;
    serverForTheSuite(backend, ['full', 'seed', 'refused'], (started, signedIn) => {
      server = started;
      users = signedIn;
    });
    const api = (user: SignedIn) => transactionsClient(server.url, user.idToken);

    it('a new user has no cash and the one first account', async () => {
      const response = await api(users.full).get();
      expect(response.body).toEqual({
        transactions: { stock: [], dividend: [], commission: [], cash: [] },
        accounts: [{ id: 'main', name: 'My account' }],
      });
    });

    it('stores cash and accounts beside the lists and answers them, the cash sorted by date', async () => {
      const put = await api(users.full).put({ transactions: { ...trades, cash: cashRows }, accounts });
      expect(put.status).toBe(200);
      expect(put.body).toEqual(answeredBody({ ...trades, cash: sortedCash }, accounts));
      expect((await api(users.full).get()).body).toEqual(answeredBody({ ...trades, cash: sortedCash }, accounts));
    });

    it("keeps the stored cash and accounts through a seed-shaped client's PUT, which writes its own lists", async () => {
      const client = api(users.seed);
      expect((await client.put({ transactions: { ...trades, cash: cashRows }, accounts })).status).toBe(200);
      // The seed's shape: its three lists, rows without account (the first account's), no cash, no accounts.
      const seedShaped = { transactions: transactionSet({ stock: [stock('AAPL', '2024-02-01', 1, 180)] }) };
      const put = await client.put(seedShaped);
      expect(put.status).toBe(200);
      expect(put.body).toEqual(answeredBody({ ...seedShaped.transactions, cash: sortedCash }, accounts));
      const read = await client.get();
      expect(read.body).toEqual(answeredBody({ ...seedShaped.transactions, cash: sortedCash }, accounts));
      expect(read.etag).toBe(put.etag);

      // Cash without accounts keeps the accounts; accounts without cash keep the cash.
      const onlyCash = await client.put({ transactions: { ...seedShaped.transactions, cash: [cashRows[0]!] } });
      expect(onlyCash.body).toEqual(answeredBody({ ...seedShaped.transactions, cash: [cashRows[0]!] }, accounts));
      const renamed = [{ id: 'acc-trading', name: 'Broker' }, accounts[1]!];
      const onlyAccounts = await client.put({ transactions: seedShaped.transactions, accounts: renamed });
      expect(onlyAccounts.body).toEqual(answeredBody({ ...seedShaped.transactions, cash: [cashRows[0]!] }, renamed));
    });

    it('refuses a seed-shaped PUT against a stale version with 412, keeping what is stored', async () => {
      const client = api(users.seed);
      const before = await client.get();
      const stale = await client.put({ transactions: transactionSet() }, { ifMatch: '"v1"' });
      expect(stale.status).toBe(412);
      expect((await client.get()).body).toEqual(before.body);
    });

    const refusedCases: [string, unknown, string, RegExp][] = [
      [
        'a cash row in a currency that is no ISO 4217 code',
        {
          transactions: {
            ...transactionSet(),
            cash: [cash('deposit', '2024-01-02', 10, { currency: 'GBX' as 'EUR' })],
          },
        },
        'transactions.cash.0.currency',
        /"GBX" is not an ISO 4217 currency code/,
      ],
      [
        'a cash row of an unknown kind',
        { transactions: { ...transactionSet(), cash: [{ ...cash('deposit', '2024-01-02', 10), kind: 'bonus' }] } },
        'transactions.cash.0.kind',
        /one of deposit, withdrawal, interest, fee, conversion/,
      ],
      [
        'a negative deposit',
        { transactions: { ...transactionSet(), cash: [cash('deposit', '2024-01-02', -10)] } },
        'transactions.cash.0.value',
        /more than 0/,
      ],
      [
        'a positive withdrawal',
        { transactions: { ...transactionSet(), cash: [cash('withdrawal', '2024-01-02', 10)] } },
        'transactions.cash.0.value',
        /less than 0/,
      ],
      [
        'a cash row without a date',
        { transactions: { ...transactionSet(), cash: [{ ...cash('fee', '2024-01-02', -1), date: '2024-02-30' }] } },
        'transactions.cash.0.date',
        /calendar date/,
      ],
      [
        'a trade naming an account the user does not have',
        {
          transactions: transactionSet({ stock: [stock('VWCE.DE', '2024-01-05', 1, 100, { account: 'acc-gone' })] }),
          accounts,
        },
        'transactions.stock.0.account',
        /acc-gone, which is not one of the accounts/,
      ],
      [
        'cash naming an account the user does not have',
        { transactions: { ...transactionSet(), cash: [cash('deposit', '2024-01-02', 1, { account: 'acc-gone' })] } },
        'transactions.cash.0.account',
        /acc-gone/,
      ],
      [
        'two accounts with one id',
        { transactions: transactionSet(), accounts: [accounts[0], { ...accounts[0], name: 'Again' }] },
        'accounts.1.id',
        /used by an earlier account/,
      ],
      [
        'an account without a name',
        { transactions: transactionSet(), accounts: [{ id: 'acc-x', name: '   ' }] },
        'accounts.0.name',
        /needs a name/,
      ],
      [
        'an account name of 101 characters',
        { transactions: transactionSet(), accounts: [{ id: 'acc-x', name: 'x'.repeat(101) }] },
        'accounts.0.name',
        /at most 100/,
      ],
      ['no account at all', { transactions: transactionSet(), accounts: [] }, 'accounts', /at least one account/],
    ];
    it.each(refusedCases)('refuses %s with 400, naming it, and stores nothing', async (_name, body, path, message) => {
      const client = api(users.refused);
      const before = await client.get();
      const put = await client.put<Refusal>(body);
      expect(put.status).toBe(400);
      expect(put.body.message).toMatch(/nothing was saved/);
      expect(put.body.message).toContain(path);
      expect(put.body.issues[0]).toMatchObject({ path });
      expect(put.body.issues[0]!.message).toMatch(message);
      const after = await client.get();
      expect(after.body).toEqual(before.body);
      expect(after.etag).toBe(before.etag);
    });

    it('refuses accounts that leave stored cash without its account (the PUT sends no cash)', async () => {
      const client = api(users.refused);
      expect(
        (
          await client.put({
            transactions: { ...transactionSet(), cash: [cash('deposit', '2024-01-02', 5, { account: 'acc-pension' })] },
            accounts,
          })
        ).status,
      ).toBe(200);
      const before = await client.get();
      const put = await client.put<Refusal>({
        transactions: transactionSet(),
        accounts: [accounts[0]],
      } satisfies TransactionsBody);
      expect(put.status).toBe(400);
      expect(put.body.issues[0]).toMatchObject({ path: 'transactions.cash.0.account' });
      expect((await client.get()).body).toEqual(before.body);
    });
  });
}
