/**
 * Your data, in Chromium against the real server: a backup of format version 2 (with a remembered column
 * mapping) restored by merge into a new account, both exports downloaded and checked (each CSV row with its
 * account's name; the mapping and the accounts in the new backup), the exported CSV merged back (nothing
 * added), a smaller CSV as exported before accounts and cash replacing the set after a confirmation that
 * names the counts, and the account deleted (typed name), after which
 * signing in with it fails. (Another broker's CSV: import-another-broker-csv.spec.ts.)
 */
import fs from 'node:fs';
import { expect, signUp, test } from '#helpers/e2e/fixtures';

const HEADER = 'ticker,type,date,amount,value,currency,tax,import_id,product,isin,account,kind,price_currency';
/** The header of a CSV exported before accounts and cash: still restored, into the first account. */
const HEADER_BEFORE_ACCOUNTS = 'ticker,type,date,amount,value,currency,tax,import_id,product,isin';

const bankMapping = {
  header:
    'datum\u001ftype\u001fproduct\u001fsymbool\u001faantal\u001fkoers\u001ftotaal\u001fvaluta\u001fkosten\u001fbronbelasting',
  mapping: {
    delimiter: ';',
    columns: { date: 0, ticker: 3, type: 1, amount: 4, value: 6, currency: 7, tax: 9, fees: 8 },
    fixedCurrency: 'EUR',
    dateOrder: 'DMY',
    decimalMark: ',',
  },
  savedAt: '2026-10-01T12:00:00.000Z',
};

const backup = {
  format: 'investments-tracker-backup',
  formatVersion: 2,
  exportedAt: '2026-11-25T00:00:00.000Z',
  counts: { stock: 2, dividend: 1, commission: 1, symbolChoices: 1, csvMappings: 1 },
  transactions: {
    stock: [
      {
        ticker: 'VWCE.DE',
        type: 'stock',
        date: '2021-03-01',
        amount: 10,
        value: 950.5,
        currency: 'EUR',
        importId: 'degiro:00000000000001',
      },
      { ticker: 'AAPL', type: 'stock', date: '2021-04-01', amount: 2, value: 240, currency: 'USD' },
    ],
    dividend: [
      { ticker: 'AAPL', type: 'dividend', date: '2021-05-14', amount: 1, value: 0.85, currency: 'USD', tax: 0.15 },
    ],
    commission: [{ ticker: 'VWCE.DE', type: 'commission', date: '2021-03-01', amount: 1, value: 2, currency: 'EUR' }],
  },
  symbolChoices: { IE00BK5BQT80: 'VWCE.DE' },
  settings: {},
  csvMappings: [bankMapping],
};

test('export, restore by merge and by replace, delete the account', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const username = `leaver${Date.now().toString(36)}`;
  await signUp(page, username);
  await page.goto('/transactions');
  const panel = page.getByRole('region', { name: 'Export and restore' });

  // A backup into the empty account, by merge.
  await panel
    .getByLabel('Restore from a file…')
    .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(backup)) });
  const preview = panel.getByLabel('Restore preview');
  await expect(preview).toContainText('backup.json: a backup of 4 transactions');
  await expect(preview).toContainText('Merge adds 4 transactions (2 trades, 1 dividends, 1 commissions)');
  await expect(preview).toContainText(
    "Column mappings of other brokers' CSV files: merge adds 1 (yours kept for the same header; you will have 1); replace leaves the file's 1 instead of your 0.",
  );
  await preview.getByRole('button', { name: 'Merge' }).click();
  await expect(panel.getByRole('status')).toHaveText('Restored backup.json.');
  await expect(page.getByRole('heading', { name: 'AAPL', level: 2 })).toBeVisible();

  // Both exports: the worker builds the file, the browser downloads it.
  const csvDownload = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export CSV' }).click();
  const csvFile = await (await csvDownload).path();
  const csv = fs.readFileSync(csvFile, 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
    HEADER,
    'VWCE.DE,stock,2021-03-01,10,950.5,EUR,,degiro:00000000000001,,IE00BK5BQT80,My account,,',
    'AAPL,stock,2021-04-01,2,240,USD,,,,,My account,,',
    'AAPL,dividend,2021-05-14,1,0.85,USD,0.15,,,,My account,,',
    'VWCE.DE,commission,2021-03-01,1,2,EUR,,,,IE00BK5BQT80,My account,,',
    '',
  ]);
  const jsonDownload = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export backup (JSON)' }).click();
  const exported = JSON.parse(fs.readFileSync(await (await jsonDownload).path(), 'utf8')) as typeof backup & {
    accounts: unknown;
  };
  // The backup now carries the cash list, empty here, and the accounts (format version 3, issue 33).
  expect(exported.transactions).toEqual({ ...backup.transactions, cash: [] });
  expect(exported).toMatchObject({
    format: 'investments-tracker-backup',
    formatVersion: 3,
    counts: { ...backup.counts, cash: 0, accounts: 1 },
  });
  expect(exported.accounts).toEqual([{ id: 'main', name: 'My account' }]);
  // The remembered mapping came in with the backup and goes out with the next one.
  expect(exported.csvMappings).toEqual(backup.csvMappings);

  // The exported CSV merged back: nothing new.
  await panel
    .getByLabel('Restore from a file…')
    .setInputFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(preview).toContainText('Merge adds 0 transactions');
  await expect(preview).toContainText('4 transactions you already have');
  await expect(preview).toContainText(
    'This file carries no column mappings: your 1 remembered mapping stay either way.',
  );
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toBeHidden();

  // A smaller CSV replaces the set, after a confirmation that names the counts.
  const smaller = [
    HEADER_BEFORE_ACCOUNTS,
    'MSFT,stock,2022-01-03,3,900,USD,,,,',
    'AAPL,stock,2021-04-01,2,240,USD,,,,',
    '',
  ].join('\r\n');
  await panel
    .getByLabel('Restore from a file…')
    .setInputFiles({ name: 'smaller.csv', mimeType: 'text/csv', buffer: Buffer.from(smaller) });
  await preview.getByRole('button', { name: 'Replace…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace your transactions?' });
  await expect(dialog).toContainText(
    "Replace removes 3 transactions, adds 1: you will have the file's 2 transactions instead of your 4.",
  );
  await dialog.getByRole('button', { name: 'Replace: remove 3, add 1' }).click();
  await expect(panel.getByRole('status')).toHaveText('Restored smaller.csv.');
  await expect(page.getByRole('heading', { name: 'MSFT', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'VWCE.DE', level: 2 })).toBeHidden();

  // A bad file: refused with its reason, nothing changes.
  await panel.getByLabel('Restore from a file…').setInputFiles({
    name: 'cut.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(backup).slice(0, 200)),
  });
  await expect(panel.getByRole('alert')).toContainText('The backup is cut off');

  // Delete the account: the name must be typed; then signed out, and the name no longer signs in.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  const deleteButton = confirm.getByRole('button', { name: 'Delete my account' });
  await confirm.getByLabel(/Type your user name/).fill('someone-else');
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel(/Type your user name/).fill(username);
  await deleteButton.click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible({ timeout: 20_000 });

  // In a page of its own: the refused sign-in answers 401, which Chromium logs as a console error.
  const again = await browser.newPage();
  await again.goto('/login');
  await again.getByRole('button', { name: 'Log in' }).click();
  const form = again.locator('form').filter({ has: again.getByRole('button', { name: 'Sign in' }) });
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(again.getByRole('alert')).toHaveText('Wrong username or password.');
  await again.close();
});
