import type { Page } from '@playwright/test';
import { expect, signIn, signUp, test } from '#helpers/e2e/fixtures';

const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('landing page', () => {
  test('shows its texts, the sample chart, and every button starts the sign-in', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Track Your Investments Like a Pro', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Choose Investments Tracker?' })).toBeVisible();
    for (const title of ['Real-time Analytics', 'Global Markets', 'Bank-grade Security']) {
      await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Ready to Start Tracking?' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveText('Making investment tracking simple and effective.');
    const chart = page.getByRole('figure', { name: 'Track your profits' });
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart).toContainText('Sample data');

    for (const name of ['Log in', 'Get Started', 'Get Started Now']) {
      await page.goto('/login');
      await page.getByRole('button', { name, exact: true }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page).toHaveURL(/\/signin\//);
    }
  });

  test('a signed-in visitor goes from the landing page and unknown paths to the dashboard', async ({ page }) => {
    await signIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('forbidden and unauthorized pages say what happened and what to do', async ({ page }) => {
    await page.goto('/forbidden');
    await expect(page.getByRole('heading', { name: 'Forbidden' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the sign-in page' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('drawer', () => {
  const contentLeft = async (page: Page) => (await page.locator('main.content').boundingBox())!.x;

  test("is 'side' above 600 px: it pushes the page aside; keyboard opens, Escape closes", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // The dashboard's code is held back until the focus is on Menu: a page that arrives late leaves it there.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/dashboard-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    release();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(menu).toBeFocused();
    const before = await contentLeft(page);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('navigation', { name: 'Main' });
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(await contentLeft(page)).toBeGreaterThan(before + 150);
    await drawer.getByRole('link', { name: 'Dashboard' }).focus();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await drawer.getByRole('link', { name: 'Transactions' }).click();
    await expect(page).toHaveURL(/\/transactions$/);
    await expect(drawer).toBeHidden();
  });

  test("is 'over' up to 600 px: it covers the page, and a click beside it closes it", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page);
    const before = await contentLeft(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Main' });
    await expect(drawer).toBeVisible();
    expect(await contentLeft(page)).toBe(before);
    await page.mouse.click(340, 500);
    await expect(drawer).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('transactions page', () => {
  test('an empty portfolio shows how to begin', async ({ page }) => {
    await signUp(page, uniqueName('empty'));
    await page.goto('/transactions');
    await expect(page.getByText('No transactions yet.')).toContainText('upload a DEGIRO account statement');
    await expect(page.getByLabel('Upload from file:')).toHaveAttribute('accept', '.csv');
  });

  test('invalid input gets an inline message and is not sent', async ({ page }) => {
    await signUp(page, uniqueName('form'));
    await page.goto('/transactions');
    const puts: string[] = [];
    page.on('request', (request) => request.method() === 'PUT' && puts.push(request.url()));

    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('stock');
    await expect(page.getByLabel('Currency')).toHaveValue('EUR');
    await expect(page.getByLabel('Amount')).toHaveValue('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a ticker, e.g. VWCE.DE.')).toBeVisible();
    await expect(page.getByText('A stock transaction needs a number of shares other than 0')).toBeVisible();
    await expect(page.getByLabel('Ticker', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Ticker', { exact: true }).fill('AB CD');
    await page.getByLabel('Amount').fill('5');
    await page.getByLabel('Value').fill('1e999');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('A ticker has letters, digits')).toBeVisible();
    await expect(page.getByText('Enter a value as a number.')).toBeVisible();
    expect(puts).toEqual([]);
  });

  test('add, delete one and delete all, each after a confirmation', async ({ page }) => {
    await signUp(page, uniqueName('crud'));
    await page.goto('/transactions');
    const add = async (type: string, ticker: string, date: string, amount: string, value: string, currency = 'EUR') => {
      await page.getByLabel('Type', { exact: true }).selectOption(type);
      await page.getByLabel('Ticker', { exact: true }).fill(ticker);
      await page.getByLabel('Date').fill(date);
      if (type === 'stock') await page.getByLabel('Amount').fill(amount);
      await page.getByLabel('Value').fill(value);
      await page.getByLabel('Currency').selectOption(currency);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByLabel('Ticker', { exact: true })).toHaveValue('');
    };
    await add('stock', 'VWCE.DE', '2024-01-02', '10', '1000');
    await add('dividend', 'VWCE.DE', '2024-03-01', '1', '12.5');
    await add('commission', 'VWCE.DE', '2024-01-02', '1', '2', 'USD');

    const section = page.getByRole('region', { name: 'VWCE.DE' });
    await expect(
      section.getByRole('table', { name: 'Stock' }).getByRole('row', { name: /01\/02\/2024/ }),
    ).toContainText('€100.00');
    await expect(section.getByRole('table', { name: 'Dividend' })).toContainText('€12.50');
    await expect(section.getByRole('table', { name: 'Commission' })).toContainText('$2.00');

    await section.getByRole('button', { name: 'Delete dividend VWCE.DE 03/01/2024' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this transaction?' });
    await expect(dialog).toContainText('dividend VWCE.DE on 03/01/2024');
    // The safe choice has the focus: Enter keeps the transaction.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('table', { name: 'Dividend' })).toBeVisible();
    await section.getByRole('button', { name: 'Delete dividend VWCE.DE 03/01/2024' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(section.getByRole('table', { name: 'Dividend' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('region', { name: 'VWCE.DE' }).getByRole('table')).toHaveCount(2);
    await page.getByRole('button', { name: 'Delete All Transactions' }).click();
    const all = page.getByRole('dialog', { name: 'Delete all transactions?' });
    await expect(all).toContainText(
      'All 2 transactions of every account, cash included, will be deleted; the accounts stay.',
    );
    await page.keyboard.press('Escape');
    await expect(all).toBeHidden();
    await expect(page.getByRole('region', { name: 'VWCE.DE' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete All Transactions' }).click();
    await all.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No transactions yet.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No transactions yet.')).toBeVisible();
  });
});
