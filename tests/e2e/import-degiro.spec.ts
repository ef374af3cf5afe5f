import path from 'node:path';
import { signInThroughProvider } from '#helpers/e2e/pages';
import { expect, signUp, test } from '#helpers/e2e/fixtures';

const EXPORT = path.join(import.meta.dirname, '../fixtures/degiro/nl-example.csv');

test('import a DEGIRO statement: preview, confirm, the dashboard changes, the same file again adds 0 new', async ({
  page,
}) => {
  await signUp(page, `importer${Date.now().toString(36)}`);
  await expect(page.locator('.summary-box').filter({ hasText: 'Total Invested' }).locator('dd')).toHaveText('€0.00');

  await page.goto('/transactions');
  await page.getByLabel('Upload from file:').setInputFiles(EXPORT);
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview).toContainText('12 new, 0 already imported');
  await expect(preview.getByRole('listitem').filter({ hasText: 'Buys:' })).toHaveText('Buys: 1');
  await expect(preview.getByRole('listitem').filter({ hasText: 'Sells:' })).toHaveText('Sells: 1');
  await expect(preview.getByRole('listitem').filter({ hasText: 'Commissions:' })).toHaveText('Commissions: 3');
  await expect(preview.getByLabel('Ticker for ISHARES CORE MSCI WORLD UCITS ETF')).toHaveValue('IWDA.AS');

  // The account's own costs belong to no product: they are its fees (cash), with no ticker to choose.
  await expect(preview.getByLabel('Ticker for DEGIRO account costs')).toHaveCount(0);
  await preview.getByRole('button', { name: 'Import 12 new transactions' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported nl-example.csv' })).toContainText(
    '12 new, 0 already imported',
  );
  // The cash rows and the statement's check come first now: the section's rows are drawn once near the screen.
  await page.getByRole('region', { name: 'IWDA.AS' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'IWDA.AS' }).getByRole('table', { name: 'Stock' })).toContainText(
    '03/15/2025',
  );
  await expect(page.getByRole('region', { name: 'DEGIRO-COSTS' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.locator('.summary-box').filter({ hasText: 'Total Invested' }).locator('dd')).not.toHaveText(
    '€0.00',
  );

  // Back through the menu: the import's result is still there, and the focus starts at the page's heading, not on that old result.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported nl-example.csv' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeFocused();

  await page.goto('/transactions');
  await page.getByLabel('Upload from file:').setInputFiles(EXPORT);
  await expect(preview).toContainText('0 new, 12 already imported');
  // Nothing new and nothing to complete: the import is not offered, and the preview says why.
  const importButton = preview.getByRole('button', { name: 'Import 0 new transactions' });
  await expect(importButton).toBeDisabled();
  await expect(importButton).toHaveAccessibleDescription(
    'Nothing to import: the 12 transactions of this file are already in your portfolio.',
  );
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toHaveCount(0);
});

test('a file that is not a DEGIRO statement says so, offers to map its columns, and changes nothing', async ({
  page,
}) => {
  await signUp(page, `notcsv${Date.now().toString(36)}`);
  await page.goto('/transactions');
  await page
    .getByLabel('Upload from file:')
    .setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b,c\n1,2,3\n') });
  const step = page.getByRole('region', { name: 'Map the columns of notes.csv' });
  await expect(step).toContainText('Not a DEGIRO account statement');
  await step.getByRole('button', { name: 'Cancel' }).click();
  await expect(step).toBeHidden();
  await page
    .getByLabel('Upload from file:')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes\n') });
  await expect(page.getByRole('alert')).toContainText('notes.txt is not a table of transactions');
  await expect(page.getByText('No transactions yet.')).toBeVisible();
});

test('an import confirmed after another tab saved: refused, reloaded, confirmed again, nothing lost', async ({
  page,
}) => {
  const account = `importconflict${Date.now().toString(36)}`;
  await signUp(page, account);
  await page.goto('/transactions');
  await page.getByLabel('Upload from file:').setInputFiles(EXPORT);
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByLabel('Ticker for ISHARES CORE MSCI WORLD UCITS ETF')).toHaveValue('IWDA.AS');

  // Meanwhile, a second tab adds a transaction: the first tab's version is stale.
  const other = await page.context().newPage();
  await signInThroughProvider(other, { username: account, password: 'correct horse battery' });
  await other.goto('/transactions');
  const form = other.getByRole('form', { name: 'Add a transaction' });
  await form.getByLabel('Ticker', { exact: true }).fill('OTHER.DE');
  await form.getByLabel('Date', { exact: true }).fill('2024-03-04');
  await form.getByLabel('Amount', { exact: true }).fill('2');
  await form.getByLabel('Value', { exact: true }).fill('200');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByRole('region', { name: 'OTHER.DE' })).toBeVisible();
  await other.close();

  // The worker stores the import with the version the page loaded: the server refuses it (412).
  await preview.getByRole('button', { name: 'Import 12 new transactions' }).click();
  await expect(preview.getByRole('alert')).toContainText('changed elsewhere meanwhile and have been reloaded');
  await expect(page.getByRole('region', { name: 'OTHER.DE' }), 'the reloaded set').toBeVisible();
  await preview.getByRole('button', { name: 'Import 12 new transactions' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported nl-example.csv' })).toContainText(
    '12 new, 0 already imported',
  );

  await page.reload();
  await expect(page.getByRole('region', { name: 'OTHER.DE' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'IWDA.AS' }).getByRole('table', { name: 'Stock' })).toContainText(
    '03/15/2025',
  );
  await expect(page.getByRole('region', { name: 'DEGIRO-COSTS' })).toHaveCount(0);
});
