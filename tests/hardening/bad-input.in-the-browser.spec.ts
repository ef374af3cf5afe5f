/**
 * Bad input in the browser: garbage files through the import panel and bad values typed into the add
 * form. The page always shows a message, never throws (the fixture fails the test on any uncaught error
 * or console error), never runs what was typed, and sends nothing to the server for a refused form.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { freshAccount, signInThroughProvider } from '#helpers/e2e/pages';
import { expect, test } from '#helpers/e2e/fixtures';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/degiro');

/** Deterministic noise. */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

const mixed = fs.readFileSync(path.join(FIXTURES, 'nl-mixed-languages.csv'));
const GARBAGE_FILES: Array<{ what: string; name: string; buffer: Buffer }> = [
  { what: 'random bytes', name: 'Account.csv', buffer: noise(64 * 1024, 7) },
  {
    what: 'a PNG named .csv',
    name: 'Account.csv',
    buffer: Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), noise(2048, 3)]),
  },
  { what: 'an empty file', name: 'Account.csv', buffer: Buffer.alloc(0) },
  { what: 'a statement cut mid-row', name: 'Account.csv', buffer: mixed.subarray(0, Math.floor(mixed.length / 2) + 7) },
  {
    what: 'a header and a 2 MB line of commas',
    name: 'Account.csv',
    buffer: Buffer.concat([mixed.subarray(0, mixed.indexOf(10) + 1), Buffer.alloc(2 * 1024 * 1024, ',')]),
  },
  {
    what: 'a statement in UTF-16',
    name: 'Account.csv',
    buffer: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(mixed.toString('utf8'), 'utf16le')]),
  },
  {
    what: 'a German PDF statement as text',
    name: 'Account.csv',
    buffer: fs.readFileSync(path.join(FIXTURES, 'de-statement-wording.txt')),
  },
];

const importSection = (page: Page) => page.locator('section.import');

test('garbage files: each gets a message in the import panel, and the page keeps working', async ({ page }) => {
  await signInThroughProvider(page, freshAccount('garbage'), { createAccount: true });
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  for (const file of GARBAGE_FILES) {
    await page.locator('#import-file').setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: file.buffer });
    // A message, the DEGIRO preview, or (a text whose first line splits into columns) the mapping step of another broker's CSV.
    const message = importSection(page)
      .getByRole('alert')
      .or(importSection(page).getByRole('region', { name: 'Import preview' }))
      .or(importSection(page).getByRole('region', { name: /^Map the columns of / }));
    await expect(message, file.what).toBeVisible();
    await expect(message, file.what).toContainText(/\S/);
    const close = importSection(page).getByRole('button', { name: /^(Close|Cancel)$/ });
    await close.first().click();
    await expect(importSection(page).getByRole('alert'), `${file.what}: the message stays after Close`).toHaveCount(0);
  }
  await expect(page.getByText('No transactions yet.', { exact: false })).toBeVisible();
});

const BAD_VALUES: Array<{ what: string; fill: Record<string, string>; error: RegExp }> = [
  { what: 'no ticker', fill: { Ticker: '' }, error: /Enter a ticker/ },
  { what: 'HTML in the ticker', fill: { Ticker: '<img src=x onerror=alert(1)>' }, error: /A ticker has letters/ },
  { what: 'a 30-character ticker', fill: { Ticker: 'A'.repeat(30) }, error: /A ticker has letters/ },
  { what: 'an emoji ticker', fill: { Ticker: '📈' }, error: /A ticker has letters/ },
  { what: 'a date in 1800', fill: { Date: '1800-01-01' }, error: /between 1900 and 2100/ },
  { what: 'no date', fill: { Date: '' }, error: /Enter a date/ },
  { what: 'letters for an amount', fill: { Amount: 'abc' }, error: /Enter a number of shares/ },
  { what: 'an amount of 1e400', fill: { Amount: '1e400' }, error: /Enter a number of shares/ },
  { what: 'zero shares', fill: { Amount: '0' }, error: /other than 0/ },
  { what: 'NaN for a value', fill: { Value: 'NaN' }, error: /Enter a value as a number/ },
  { what: 'a value of 1e13, written out', fill: { Value: '10000000000000' }, error: /a trillion/ },
  { what: 'a value in exponent notation', fill: { Value: '1e3' }, error: /Enter a value as a number/ },
  { what: 'an ambiguous value', fill: { Value: '1.000' }, error: /ambiguous/ },
];

test('bad values in the add form: each named next to its field, nothing sent, nothing run', async ({ page }) => {
  await signInThroughProvider(page, freshAccount('form'), { createAccount: true });
  await page.goto('/transactions');
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/transactions')) writes.push(request.url());
  });
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  const form = page.getByRole('form', { name: 'Add a transaction' });
  const good = { Ticker: 'VWCE.DE', Date: '2024-05-06', Amount: '3', Value: '300' };
  for (const bad of BAD_VALUES) {
    for (const [label, value] of Object.entries({ ...good, ...bad.fill }))
      await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert').filter({ hasText: bad.error }), bad.what).toBeVisible();
  }
  expect(writes, 'a refused form sent a write').toEqual([]);
  await expect(page.getByText('No transactions yet.', { exact: false })).toBeVisible();

  // The same form with good values saves: the refusals above were the form's, not a broken page.
  for (const [label, value] of Object.entries(good)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'VWCE.DE' }).getByRole('row', { name: /05\/06\/2024/ })).toBeVisible();
  expect(writes).toHaveLength(1);
});
