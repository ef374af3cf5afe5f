import { expect, signIn, test } from '#helpers/e2e/fixtures';

test('anonymous visits to the app go to the landing page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/transactions');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('sign in, add a transaction, reload, see it and the chart, log out', async ({ page }) => {
  await signIn(page);

  await expect(page.getByText('Portfolio value', { exact: true }).first()).toBeVisible();
  await expect(page.locator('.summary-box').first().locator('dd')).toHaveText(/^−?€[\d,]+\.\d{2}$/);
  // Charts are drawn as they come near the viewport: the user scrolls to it.
  const valueChart = page.locator('figure[aria-label="Portfolio value"]');
  // Its plot's place once its prices are in (until then the figure says what it waits for).
  await expect(valueChart.locator('.chart-plot')).toBeAttached();
  await valueChart.scrollIntoViewIfNeeded();
  await expect(valueChart.locator('canvas')).toBeVisible();
  // COOP + COEP: the page is cross-origin isolated, so the worker shares the close series with it.
  expect(await page.evaluate(() => window.crossOriginIsolated)).toBe(true);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();

  await page.getByLabel('Ticker', { exact: true }).fill('E2E.TEST');
  await page.getByLabel('Date').fill('2024-05-06');
  await page.getByLabel('Amount').fill('7');
  await page.getByLabel('Value').fill('123.45');
  await page.getByRole('button', { name: 'Save' }).click();
  // The transaction tables hold only the rows near the viewport (windowed): the user scrolls to the ticker.
  const section = page.getByRole('region', { name: 'E2E.TEST' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('row', { name: /05\/06\/2024/ })).toContainText('€123.45');
  await expect(page.getByLabel('Ticker', { exact: true })).toHaveValue('');

  await page.reload();
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('row', { name: /05\/06\/2024/ })).toContainText('17.64');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
