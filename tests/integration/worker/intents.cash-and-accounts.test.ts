/**
 * The worker's cash and account intents against the real server (issue 33): add, edit and delete cash by
 * the id its view gave; create, rename and delete accounts (the deletion takes every row of the account,
 * the last account stays); every existing change keeps the cash and the accounts; the view carries both,
 * and what the server stores is what the view says.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT, type CashTransaction } from '#src/model/cash';
import { unpackListing } from '#src/model/transaction-wire';
import type { Credentials, PortfolioView } from '#src/worker';
import type { TestServer } from '#helpers/test-server';
import { dividend, stock, transactionsClient, transactionSet } from '#helpers/transactions-client';
import { signedInChannelPerTest, type SignedInChannel } from '#helpers/worker/worker-over-a-channel';

let server: TestServer;
let idToken: string;
let credentials: Credentials;
let channel: SignedInChannel['channel'];
signedInChannelPerTest('cash-intents', (session) => ({ server, idToken, credentials, channel } = session));

function viewOf(outcome: ({ ok: true } & PortfolioView) | { ok: false; message: string }) {
  if (!outcome.ok) throw new Error(outcome.message);
  return { ...outcome, transactions: unpackListing(outcome.listing) };
}
const deposit = (date: string, value: number, account?: string): CashTransaction => ({
  type: 'cash',
  kind: 'deposit',
  date,
  value,
  currency: 'EUR',
  ...(account ? { account } : {}),
});
const stored = async () => (await transactionsClient(server.url, idToken).get()).body;

describe('cash and accounts by intent', () => {
  it('a set stored without accounts shows the one first account and no cash', async () => {
    await transactionsClient(server.url, idToken).put({
      transactions: transactionSet({ stock: [stock('VWCE.DE', '2024-01-02', 1, 100)] }),
    });
    const loaded = viewOf(await channel.worker.load(credentials));
    expect(loaded.accounts).toEqual([FIRST_ACCOUNT]);
    expect(loaded.cash).toEqual([]);
  });

  it('adds, edits and deletes cash by id; untouched rows keep their ids; the server stores what the view says', async () => {
    const { worker } = channel;
    await worker.load(credentials);
    const added = viewOf(await worker.change({ kind: 'addCash', cash: deposit('2024-01-02', 1000) }, credentials));
    const twice = viewOf(
      await worker.change(
        { kind: 'addCash', cash: { type: 'cash', kind: 'fee', date: '2024-12-31', value: -2.5, currency: 'EUR' } },
        credentials,
      ),
    );
    expect(twice.cash.map(({ id: _id, ...c }) => c)).toEqual([
      deposit('2024-01-02', 1000),
      { type: 'cash', kind: 'fee', date: '2024-12-31', value: -2.5, currency: 'EUR' },
    ]);
    expect(twice.cash[0]!.id, 'the deposit keeps its id').toBe(added.cash[0]!.id);
    const edited = viewOf(
      await worker.change(
        { kind: 'editCash', id: twice.cash[0]!.id, cash: { ...twice.cash[0]!, value: 1200 } },
        credentials,
      ),
    );
    expect(edited.cash.find((c) => c.id === twice.cash[0]!.id)).toMatchObject({ kind: 'deposit', value: 1200 });
    expect(edited.cash.find((c) => c.kind === 'fee')!.id).toBe(twice.cash[1]!.id);
    const deleted = viewOf(await worker.change({ kind: 'deleteCash', id: twice.cash[1]!.id }, credentials));
    expect(deleted.cash.map((c) => c.kind)).toEqual(['deposit']);
    expect((await stored()).transactions.cash).toEqual([deposit('2024-01-02', 1200)]);
    expect(await worker.change({ kind: 'deleteCash', id: twice.cash[1]!.id }, credentials)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no longer in your portfolio/),
    });
    // The server's rules reach the page as a refusal with its words: a deposit is money in.
    const refused = await worker.change({ kind: 'addCash', cash: deposit('2024-01-03', -5) }, credentials);
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/transactions\.cash\.\d\.value: a deposit is money in/),
    });
  });

  it('creates and renames accounts, and every transaction change keeps the cash and the accounts', async () => {
    const { worker } = channel;
    await worker.load(credentials);
    const created = viewOf(await worker.change({ kind: 'createAccount', name: '  DEGIRO pension ' }, credentials));
    expect(created.accounts).toHaveLength(2);
    const pension = created.accounts[1]!;
    expect(pension).toMatchObject({ name: 'DEGIRO pension', id: expect.stringMatching(/^acc-[0-9a-f]{12}$/) });
    expect(await worker.change({ kind: 'createAccount', name: 'degiro PENSION' }, credentials)).toMatchObject({
      ok: false,
      message: /already an account named DEGIRO pension/,
    });
    expect(await worker.change({ kind: 'createAccount', name: '  ' }, credentials)).toMatchObject({
      ok: false,
      message: /needs a name/,
    });

    viewOf(await worker.change({ kind: 'addCash', cash: deposit('2024-01-02', 500, pension.id) }, credentials));
    viewOf(
      await worker.change(
        { kind: 'add', transaction: { ...stock('IWDA.AS', '2024-01-05', 3, 240), account: pension.id } },
        credentials,
      ),
    );
    const added = viewOf(
      await worker.change({ kind: 'add', transaction: dividend('IWDA.AS', '2024-06-01', 4) }, credentials),
    );
    expect(added.transactions.stock[0]).toMatchObject({ ticker: 'IWDA.AS', account: pension.id });
    const renamedTicker = viewOf(
      await worker.change({ kind: 'renameTicker', from: 'IWDA.AS', to: 'IWDA.L' }, credentials),
    );
    expect(renamedTicker.cash).toHaveLength(1);
    expect(renamedTicker.accounts).toEqual(created.accounts);
    const renamed = viewOf(
      await worker.change({ kind: 'renameAccount', id: pension.id, name: 'Pension' }, credentials),
    );
    expect(renamed.accounts).toEqual([FIRST_ACCOUNT, { id: pension.id, name: 'Pension' }]);
    expect(renamed.cash).toHaveLength(1);
    expect((await stored()).accounts).toEqual(renamed.accounts);
    expect((await stored()).transactions.stock).toEqual([
      { ...stock('IWDA.L', '2024-01-05', 3, 240), account: pension.id },
    ]);
    // deleteAll: every transaction of every account, cash included; the accounts stay.
    const emptied = viewOf(await worker.change({ kind: 'deleteAll' }, credentials));
    expect(emptied.cash).toEqual([]);
    expect(emptied.transactions).toEqual({ stock: [], dividend: [], commission: [] });
    expect(emptied.accounts).toEqual(renamed.accounts);
  });

  it('deletes an account with every row in it, keeps the others, and never the last account', async () => {
    const { worker } = channel;
    await worker.load(credentials);
    const pension = viewOf(await worker.change({ kind: 'createAccount', name: 'Pension' }, credentials)).accounts[1]!;
    await worker.change({ kind: 'add', transaction: stock('VWCE.DE', '2024-01-02', 1, 100) }, credentials);
    await worker.change({ kind: 'addCash', cash: deposit('2024-01-01', 100) }, credentials);
    await worker.change(
      { kind: 'add', transaction: { ...stock('IWDA.AS', '2024-01-05', 3, 240), account: pension.id } },
      credentials,
    );
    await worker.change({ kind: 'addCash', cash: deposit('2024-01-04', 300, pension.id) }, credentials);
    const withoutPension = viewOf(await worker.change({ kind: 'deleteAccount', id: pension.id }, credentials));
    expect(withoutPension.accounts).toEqual([FIRST_ACCOUNT]);
    expect(withoutPension.transactions.stock.map((t) => t.ticker)).toEqual(['VWCE.DE']);
    expect(withoutPension.cash.map((c) => c.value)).toEqual([100]);
    expect(
      await worker.change(
        { kind: 'add', transaction: { ...stock('IWDA.AS', '2024-01-05', 3, 240), account: pension.id } },
        credentials,
      ),
    ).toMatchObject({ ok: false, message: /account is no longer there/ });
    expect(await worker.change({ kind: 'deleteAccount', id: FIRST_ACCOUNT.id }, credentials)).toMatchObject({
      ok: false,
      message: /last account cannot be deleted/,
    });

    // Deleting the first account takes the rows that name no account (they are the first account's).
    const second = viewOf(await worker.change({ kind: 'createAccount', name: 'Second' }, credentials)).accounts[1]!;
    await worker.change(
      { kind: 'add', transaction: { ...stock('KO', '2024-02-01', 2, 120), account: second.id } },
      credentials,
    );
    const withoutFirst = viewOf(await worker.change({ kind: 'deleteAccount', id: FIRST_ACCOUNT.id }, credentials));
    expect(withoutFirst.accounts).toEqual([second]);
    expect(withoutFirst.transactions.stock.map((t) => t.ticker)).toEqual(['KO']);
    expect(withoutFirst.cash).toEqual([]);
    expect(await stored()).toEqual({
      transactions: {
        stock: [{ ...stock('KO', '2024-02-01', 2, 120), account: second.id }],
        dividend: [],
        commission: [],
        cash: [],
      },
      accounts: [second],
    });
  });
});

describe('exports of one account', () => {
  it("the CSV holds the chosen account's rows only; the backup holds every account, whatever the view", async () => {
    const { worker } = channel;
    await worker.load(credentials);
    const created = viewOf(await worker.change({ kind: 'createAccount', name: 'Pension' }, credentials));
    const pension = created.accounts[1]!;
    await worker.change({ kind: 'add', transaction: stock('VWCE.DE', '2024-01-02', 1, 100) }, credentials);
    await worker.change(
      { kind: 'add', transaction: { ...stock('IWDA.AS', '2024-01-03', 2, 160), account: pension.id } },
      credentials,
    );
    await worker.change({ kind: 'addCash', cash: deposit('2024-01-01', 500, pension.id) }, credentials);
    const text = async (outcome: Awaited<ReturnType<typeof worker.exportFile>>) => {
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.file.text();
    };

    const csv = await text(await worker.exportFile('csv', '2024-02-01T00:00:00Z', credentials, pension.id));
    expect(csv).toContain('IWDA.AS,stock,2024-01-03,2,160,EUR,,,,,Pension,,');
    expect(csv).toContain(',cash,2024-01-01,,500,EUR,,,,,Pension,deposit,');
    expect(csv).not.toContain('VWCE.DE');
    expect(csv).not.toContain('My account');

    const backup = JSON.parse(
      await text(await worker.exportFile('json', '2024-02-01T00:00:00Z', credentials, pension.id)),
    );
    const tickers = (backup.transactions.stock as { ticker: string }[]).map((t) => t.ticker).sort();
    expect(tickers).toEqual(['IWDA.AS', 'VWCE.DE']);
    expect(backup.transactions.cash).toEqual([deposit('2024-01-01', 500, pension.id)]);
    expect(backup.accounts).toEqual(created.accounts);
  });
});
