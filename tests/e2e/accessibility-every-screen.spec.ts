import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, signUp, test } from '#helpers/e2e/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from '#helpers/e2e/accessibility';

const EXPORT = path.join(import.meta.dirname, '../fixtures/degiro/nl-example.csv');
const uniqueName = (what: string) => `${what}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

// axe-core is injected as a script of the page: the page's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

/** Every screen at a phone's and a desktop's width: axe finds nothing serious, and nothing scrolls sideways. */
async function check(page: Page, screen: string): Promise<void> {
  await expectNoSeriousAxeViolations(page, screen);
  await expectNoHorizontalScroll(page, screen);
}

for (const width of [1440, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test('landing, sign-in, dashboard, drawer, transactions and the import preview', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await expect(page).toHaveTitle('Welcome · Investments Tracker');
      await expect(page.locator('figure .chart-summary')).toContainText('Profit');
      await check(page, `landing at ${width} px`);

      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await check(page, `sign-in at ${width} px`);

      await signUp(page, uniqueName('axe'));
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();
      await check(page, `empty dashboard at ${width} px`);

      await page.goto('/transactions');
      await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeFocused();
      await expect(page).toHaveTitle('Transactions · Investments Tracker');
      await page.getByLabel('Upload from file:').setInputFiles(EXPORT);
      const preview = page.getByRole('region', { name: 'Import preview' });
      await expect(preview.getByRole('heading', { name: 'Preview of nl-example.csv' })).toBeFocused();
      await check(page, `import preview at ${width} px`);
      // A product without a ticker is listed first; its entry takes the focus to its ticker field.
      const product = 'ISHARES CORE MSCI WORLD UCITS ETF';
      await preview.getByLabel(`Ticker for ${product}`).fill('');
      await preview.getByRole('button', { name: new RegExp(product) }).click();
      await expect(preview.getByLabel(`Ticker for ${product}`)).toBeFocused();
      await page.keyboard.type('IWDA.AS');
      await expect(preview.getByRole('button', { name: new RegExp(product) })).toHaveCount(0);
      await preview.getByRole('button', { name: 'Import 12 new transactions' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Imported nl-example.csv' })).toBeFocused();
      await expect(page.getByRole('region', { name: 'IWDA.AS' })).toBeVisible();
      await check(page, `transactions at ${width} px`);

      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();
      await expect(page).toHaveTitle('Dashboard · Investments Tracker');
      // Charts are drawn as they come near the viewport: the first one, scrolled to, draws its plot.
      const plot = page.locator('.charts figure .chart-plot').first();
      await plot.scrollIntoViewIfNeeded();
      await expect(plot.locator('canvas')).toBeVisible();
      await expect(page.getByRole('figure', { name: 'Portfolio value' }).locator('.chart-summary')).toContainText(
        /Value .* at \d{2}\/\d{2}\/\d{4}/,
      );
      await check(page, `dashboard at ${width} px`);

      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.locator('#drawer')).toBeVisible();
      await check(page, `drawer open at ${width} px`);
    });
  });
}

for (const width of [1440, 360]) {
  test.describe(`at ${width} px, with the demo portfolio`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test('holdings, a holding, performance, income and settings', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page);
      const screens: Array<{ path: string; heading: string | RegExp; ready: (page: Page) => Promise<void> }> = [
        {
          path: '/holdings',
          heading: 'Holdings',
          ready: async (p) => void (await expect(p.getByRole('table').first()).toBeVisible()),
        },
        {
          path: '/performance',
          heading: 'Performance',
          ready: async (p) => void (await expect(p.getByRole('table').first()).toBeVisible()),
        },
        // The income page mounts its tables one section per task: the last one there, every table is checked.
        {
          path: '/income',
          heading: 'Income',
          ready: async (p) =>
            void (await expect(p.getByRole('table', { name: 'Dividends per year, in EUR' })).toBeVisible()),
        },
        {
          path: '/settings',
          heading: 'Settings',
          ready: async (p) => void (await expect(p.getByRole('combobox').first()).toBeVisible()),
        },
      ];
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { name: screen.heading, level: 1 })).toBeFocused();
        await screen.ready(page);
        await check(page, `${screen.path} at ${width} px`);
      }
      // A holding's own view, reached from its row in the holdings.
      await page.goto('/holdings');
      const holding = page.locator('a[href^="/holdings/"]').first();
      await expect(holding).toBeVisible();
      await holding.click();
      await expect(page).toHaveURL(/\/holdings\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await check(page, `a holding at ${width} px`);
    });
  });
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('no screen scrolls sideways', async ({ page }) => {
    await page.goto('/login');
    await expectNoHorizontalScroll(page, 'landing at 320 px');
    await signUp(page, uniqueName('narrow'));
    await page.goto('/transactions');
    await page.getByLabel('Upload from file:').setInputFiles(EXPORT);
    await expect(page.getByRole('region', { name: 'Import preview' })).toBeVisible();
    await expectNoHorizontalScroll(page, 'import preview at 320 px');
    await page.getByRole('button', { name: 'Import 12 new transactions' }).click();
    await expect(page.getByRole('region', { name: 'IWDA.AS' })).toBeVisible();
    await expectNoHorizontalScroll(page, 'transactions at 320 px');
    await page.goto('/dashboard');
    // Charts are drawn as they come near the viewport; at 320 px the first is below the fold: scrolled to, it draws.
    const plot = page.locator('.charts figure .chart-plot').first();
    await plot.scrollIntoViewIfNeeded();
    await expect(plot.locator('canvas')).toBeVisible();
    await expectNoHorizontalScroll(page, 'dashboard at 320 px');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectNoHorizontalScroll(page, 'drawer at 320 px');
  });
});
