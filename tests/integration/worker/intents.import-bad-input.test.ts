/**
 * Bad input to an import, through the worker's intents against the real server (issue 33): an import into
 * an account deleted meanwhile in another tab is refused (first as a set changed elsewhere, then, on the
 * reloaded set, naming the account that is gone) and nothing is stored; a statement whose balances do
 * not add up is imported whole (one PUT) and its result names the first day, line and difference.
 */
import * as Comlink from 'comlink';
import { expect, it } from 'vitest';
import { CONFLICT_STATUS } from '#src/model/outcome';
import type { TransactionsBody } from '#src/model';
import { workerOnARealServer } from '#helpers/worker/signed-in-worker';
import { csv, fixtureBytes, row } from '#helpers/import/degiro-files';

const real = workerOnARealServer();

type SignedIn = Awaited<ReturnType<typeof real.signedIn>>;

async function parse({ worker }: SignedIn, file: Blob) {
  const parsed = await worker.parseImport(
    1,
    file,
    Comlink.proxy(() => {}),
  );
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.preview;
}

it('an import into an account deleted in another tab stores nothing and says the account is gone', async () => {
  const user = await real.signedIn('account-gone');
  const { worker, credentials, api } = user;
  await worker.load(credentials);
  const created = await worker.change({ kind: 'createAccount', name: 'DEGIRO pension' }, credentials);
  if (!created.ok) throw new Error(created.message);
  const pension = created.accounts[1]!;
  const preview = await parse(user, new Blob([fixtureBytes('nl-example.csv')]));
  const tickers = Object.fromEntries(preview.products.map((p, i) => [p.key, p.ticker ?? `P${i}.AS`]));

  // The other tab deletes the account (it holds no rows): the accounts without it.
  const before = await api.get();
  const deleted = { transactions: before.body.transactions, accounts: [before.body.accounts![0]!] };
  expect((await api.put(deleted, { ifMatch: before.etag! })).status).toBe(200);
  const afterDelete = (await api.get()).body;

  // This tab still holds the account: the server refuses the set changed since, nothing stored.
  expect(await worker.confirmImport(tickers, credentials, { account: pension.id })).toMatchObject({
    ok: false,
    status: CONFLICT_STATUS,
  });
  expect((await api.get()).body).toEqual(afterDelete);

  // Reloaded (as the import machine has the portfolio do after a conflict): the account is gone, in words.
  const reloaded = await worker.load(credentials);
  expect(reloaded).toMatchObject({ ok: true, accounts: [{ id: 'main' }] });
  expect(await worker.confirmImport(tickers, credentials, { account: pension.id })).toMatchObject({
    ok: false,
    message:
      'The account this import was meant for no longer exists (it was deleted meanwhile): choose an account and import again. Nothing was stored.',
  });
  expect((await api.get()).body).toEqual(afterDelete);

  // The parse is kept: into an account that exists, every row of it is stored.
  const saved = await worker.confirmImport(tickers, credentials, { account: 'main' });
  expect(saved).toMatchObject({ ok: true, added: preview.newTransactions, account: 'main' });
  const { transactions } = (await api.get()).body as TransactionsBody;
  const rows = transactions.stock.length + transactions.dividend.length + transactions.commission.length;
  expect(rows + transactions.cash!.length).toBe(preview.newTransactions);
});

it('a statement whose balances do not add up is stored whole, its result naming the first line off and by how much', async () => {
  const user = await real.signedIn('balances-off');
  const { worker, credentials, api } = user;
  await worker.load(credentials);
  // 500 + 100 + 500 = 1100, where the statement says 1099 on 03-01-2025 (line 3).
  const statement = csv([
    row({ date: '04-01-2025', description: 'Flatex Interest', currency: 'EUR', amount: '-0,41', balance: '1098,59' }),
    row({
      date: '03-01-2025',
      time: '10:00',
      description: 'flatex Storting',
      currency: 'EUR',
      amount: '500,00',
      balance: '1099,00',
    }),
    row({
      date: '03-01-2025',
      time: '09:00',
      description: 'iDEAL storting',
      currency: 'EUR',
      amount: '100,00',
      balance: '600,00',
    }),
    row({ date: '02-01-2025', description: 'iDEAL storting', currency: 'EUR', amount: '500,00', balance: '500,00' }),
  ]);
  const off = { currency: 'EUR', status: 'off', day: '2025-01-03', line: 3, differenceCents: -100 };
  const preview = await parse(user, new Blob([statement]));
  expect(preview.reconciliation).toEqual([expect.objectContaining(off)]);
  const saved = await worker.confirmImport({}, credentials);
  expect(saved).toMatchObject({ ok: true, added: 4, reconciliation: [expect.objectContaining(off)] });
  // Every line is stored, none left out for the check: the cash is the rows', the difference is the statement's.
  const cash = (await api.get()).body.transactions.cash!;
  expect(cash.map((c) => [c.kind, c.value])).toEqual([
    ['deposit', 500],
    ['deposit', 100],
    ['deposit', 500],
    ['interest', -0.41],
  ]);
});
