/**
 * Export and restore with two accounts and cash, through the worker's intents against the real server
 * (issue 33): the CSV (each row's account by name, the cash rows) and the JSON backup (the accounts with
 * their names) restored by replace give back the same set, cash and accounts; into the portfolio they
 * came from after it changed (an account renamed, rows added), and into a new user's.
 */
import { expect, it } from 'vitest';
import { TRANSACTION_TYPES, type TransactionsBody } from '#src/model';
import { accountOf, type CashTransaction } from '#src/model/cash';
import type { Credentials } from '#src/worker';
import { workerOnARealServer } from '#helpers/worker/signed-in-worker';
import { signIn } from '#helpers/oidc-login';
import { stock, transactionsClient } from '#helpers/transactions-client';

const real = workerOnARealServer();

type Worker = Awaited<ReturnType<typeof real.signedIn>>['worker'];

const cash = (kind: CashTransaction['kind'], date: string, value: number, account?: string): CashTransaction => ({
  type: 'cash',
  kind,
  date,
  value,
  currency: 'EUR',
  ...(account ? { account } : {}),
});

async function changed(worker: Worker, credentials: Credentials, change: Parameters<Worker['change']>[0]) {
  const outcome = await worker.change(change, credentials);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

async function exported(worker: Worker, credentials: Credentials, format: 'csv' | 'json'): Promise<string> {
  const outcome = await worker.exportFile(format, new Date().toISOString(), credentials);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.file.text();
}

async function restored(worker: Worker, credentials: Credentials, text: string, name: string) {
  const preview = await worker.previewRestore(new File([text], name), credentials);
  if (!preview.ok) throw new Error(preview.message);
  expect(await worker.confirmRestore('replace', credentials)).toMatchObject({ ok: true });
  return preview.preview.plan;
}

/** The body with every row naming its account by name: the same set, whichever ids the accounts have. */
function byName({ transactions, accounts = [] }: TransactionsBody) {
  const name = (row: { account?: string }) => accounts.find((a) => a.id === accountOf(row, accounts))!.name;
  const named = <T extends { account?: string }>({ account: _id, ...row }: T) => ({ ...row, account: name(row) });
  return {
    ...Object.fromEntries(TRANSACTION_TYPES.map((type) => [type, transactions[type].map(named)])),
    cash: (transactions.cash ?? []).map(named),
    accounts: accounts.map((a) => a.name),
  };
}

it('the CSV and the backup restored by replace give back the same set, cash and accounts', async () => {
  const { credentials, worker, api } = await real.signedIn('two-accounts');
  await worker.load(credentials);
  const pension = (await changed(worker, credentials, { kind: 'createAccount', name: 'DEGIRO pension' })).accounts[1]!;
  await changed(worker, credentials, { kind: 'add', transaction: stock('VWCE.DE', '2024-01-05', 5, 500) });
  await changed(worker, credentials, {
    kind: 'add',
    transaction: { ...stock('IWDA.AS', '2024-01-06', 2, 160), account: pension.id },
  });
  await changed(worker, credentials, { kind: 'addCash', cash: cash('deposit', '2024-01-02', 1000) });
  await changed(worker, credentials, { kind: 'addCash', cash: cash('deposit', '2024-01-03', 400, pension.id) });
  await changed(worker, credentials, { kind: 'addCash', cash: cash('fee', '2024-12-31', -2.5, pension.id) });
  const original = (await api.get()).body as TransactionsBody;
  expect(original.transactions.cash).toHaveLength(3);
  const csv = await exported(worker, credentials, 'csv');
  const backup = await exported(worker, credentials, 'json');
  expect(csv).toContain(',cash,2024-12-31,,-2.5,EUR,,,,,DEGIRO pension,fee,');
  expect(JSON.parse(backup)).toMatchObject({ formatVersion: 3, accounts: original.accounts });

  // Changed meanwhile: the pension account renamed, a row added to each account.
  await changed(worker, credentials, { kind: 'renameAccount', id: pension.id, name: 'Pension' });
  await changed(worker, credentials, { kind: 'addCash', cash: cash('withdrawal', '2024-06-01', -50) });
  await changed(worker, credentials, {
    kind: 'add',
    transaction: { ...stock('IWDA.AS', '2024-07-01', 1, 90), account: pension.id },
  });

  // The backup by replace: the set and the accounts exactly, the name restored.
  const plan = await restored(worker, credentials, backup, 'backup.json');
  expect(plan.replace).toMatchObject({ removed: 1, added: 0, cash: 3, accounts: ['My account', 'DEGIRO pension'] });
  expect((await api.get()).body).toEqual(original);

  // The CSV by replace (after the same changes): the same rows, each in the account of its name.
  await changed(worker, credentials, { kind: 'addCash', cash: cash('withdrawal', '2024-06-01', -50) });
  await restored(worker, credentials, csv, 'export.csv');
  const fromCsv = (await api.get()).body as TransactionsBody;
  expect(fromCsv.accounts).toEqual(original.accounts);
  expect(byName(fromCsv)).toEqual(byName(original));

  // Into a new user's portfolio: the backup gives the same body, the CSV the same rows in accounts of the same names.
  for (const [username, file, name] of [
    ['new-user', backup, 'backup.json'],
    ['csv-user', csv, 'export.csv'],
  ] as const) {
    worker.signOut();
    const { idToken } = await signIn(real.url(), { username, password: 'correct horse', createAccount: true });
    const otherCredentials: Credentials = { idToken, xsrfToken: null };
    await worker.load(otherCredentials);
    const otherPlan = await restored(worker, otherCredentials, file, name);
    expect(otherPlan.replace.accounts).toEqual(['My account', 'DEGIRO pension']);
    const body = (await transactionsClient(real.url(), idToken).get()).body as TransactionsBody;
    if (file === backup) expect(body).toEqual(original);
    else expect(byName(body)).toEqual(byName(original));
  }
});
