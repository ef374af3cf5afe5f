/**
 * `npm run screenshots`: every screen at 360 px and 1440 px wide, from the production build served by
 * the real server (fresh database, recorded prices), into docs/screenshots/. The README shows them.
 */
import { chromium, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT, startTestServer } from '../tests/helpers/test-server';

const OUT_DIR = path.join(PROJECT_ROOT, 'docs/screenshots');
const WIDTHS = [360, 1440] as const;
const IMPORT_SAMPLE = path.join(PROJECT_ROOT, 'tests/fixtures/degiro/nl-example.csv');

async function shot(page: Page, name: string, width: number, fullPage = true): Promise<void> {
  const file = path.join(OUT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  console.log(`  ${path.relative(PROJECT_ROOT, file)}`);
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const server = await startTestServer({ STATIC_DIR: path.join(PROJECT_ROOT, 'dist') });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    for (const width of WIDTHS) {
      console.log(`${width} px:`);
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        baseURL: server.url,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Track Your Investments Like a Pro' }).waitFor();
      await page.locator('figure canvas').first().waitFor();
      await shot(page, 'landing', width);

      await page.getByRole('button', { name: 'Log in' }).click();
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Sign in' }) });
      await form.waitFor();
      await shot(page, 'sign-in', width);
      await form.getByLabel('Username', { exact: true }).fill('demo');
      await form.getByLabel('Password', { exact: true }).fill('demo');
      await form.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.waitForFunction(() => performance.getEntriesByName('charts-painted').length > 0, undefined, {
        timeout: 60_000,
      });
      await shot(page, 'dashboard', width);

      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await shot(page, 'drawer', width);
      await page.getByRole('link', { name: 'Transactions' }).click();
      await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
      await shot(page, 'transactions', width, false);

      await page.getByLabel('Upload from file:').setInputFiles(IMPORT_SAMPLE);
      const preview = page.getByRole('region', { name: 'Import preview' });
      await preview.waitFor();
      await preview.scrollIntoViewIfNeeded();
      await shot(page, 'import-preview', width, false);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
