import { expect, signIn, signUp, test } from '#helpers/e2e/fixtures';

const uniqueName = (what: string) => `${what}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

test.use({ locale: 'nl-NL' });

test('a Dutch browser: 1.234,56 on 06-05-2024 is saved as such, 1,000 is refused as ambiguous, and the regional format can be changed', async ({
  page,
}) => {
  await signUp(page, uniqueName('nl'));
  await expect(page.locator('.summary-box').filter({ hasText: 'Total Invested' }).locator('dd')).toHaveText(
    '€\u00a00,00',
  );
  await page.goto('/transactions');
  const form = page.getByRole('form', { name: 'Add a transaction' });
  // The date field shows today in the Dutch form and says how to type it.
  await expect(form.getByLabel('Date', { exact: true })).toHaveValue(/^\d{2}-\d{2}-\d{4}$/);
  await expect(form.getByText('dd-mm-yyyy')).toBeVisible();

  await form.getByLabel('Ticker', { exact: true }).fill('ASML.AS');
  await form.getByLabel('Date', { exact: true }).fill('06-05-2024');
  await expect(form.getByText('Read as 6 mei 2024.')).toBeVisible();
  await form.getByLabel('Amount', { exact: true }).fill('2');
  // The audit's case: 1,000 was saved as 1.00 EUR without a word.
  await form.getByLabel('Value', { exact: true }).fill('1,000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    '“1,000” is ambiguous: as written it reads as 1 (the comma as the decimal mark in Dutch notation), but it is often meant as 1000. Type 1 or 1000.',
  );
  await expect(form.getByLabel('Value', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Value', { exact: true }).fill('1.234,56');
  await form.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('region', { name: 'ASML.AS' }).getByRole('row', { name: /06-05-2024/ });
  await expect(row).toContainText('€\u00a01.234,56');
  await expect(row).toContainText('€\u00a0617,28');

  // English (UK) from the drawer: the same row in that form, kept on this device after a reload.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByLabel('Regional format').selectOption('en-GB');
  await expect(page.getByRole('region', { name: 'ASML.AS' }).getByRole('row', { name: /06\/05\/2024/ })).toContainText(
    '€1,234.56',
  );
  await page.reload();
  await expect(page.getByRole('region', { name: 'ASML.AS' }).getByRole('row', { name: /06\/05\/2024/ })).toContainText(
    '€1,234.56',
  );
});

/** Dutch short month names, as Intl writes them for nl-NL. */
const DUTCH_MONTHS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

test('a Dutch browser: the Income page names its months in Dutch, like the numbers beside them', async ({ page }) => {
  await signIn(page);
  await page.goto('/income');
  const months = page.getByRole('table', { name: 'Expected per month' });
  // Twelve months ahead: every month once, each `mrt 2027`, never `Mar 2027`.
  await expect(months.locator('tbody th')).toHaveCount(12);
  const names = await months.locator('tbody th').allTextContents();
  for (const name of names) expect(name).toMatch(/^[a-z]{3} \d{4}$/);
  expect(names.map((name) => name.slice(0, 3)).sort()).toEqual([...DUTCH_MONTHS].sort());
  await expect(months.locator('tfoot td')).toHaveText(/^€\u00a0[\d.]+,\d{2}$/);
  // The calendar chart's data table (its x values as the legend writes them) names them the same way.
  const chart = page.getByRole('figure', { name: 'Income ahead, by month and holding' });
  await expect(chart.locator('canvas')).toBeVisible();
  await chart.getByText('Show the data').click();
  const data = chart.getByRole('table', { name: 'Income ahead, by month and holding: the data' });
  // The table is made when the disclosure opens: its twelve rows first, then what they say.
  await expect(data.locator('tbody tr')).toHaveCount(12);
  const rowNames = (await data.locator('tbody tr > :first-child').allTextContents()).map((text) => text.trim());
  expect(rowNames.sort()).toEqual([...names].sort());
});
