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

/** What the page scripts below read of the browser (this file is type-checked for Node, without the DOM). */
interface Browser {
  innerHeight: number;
  scrollY: number;
  scrollBy(x: number, y: number): void;
  scrollTo(x: number, y: number): void;
  document: {
    documentElement: { scrollHeight: number };
    querySelectorAll(selector: string): ArrayLike<{ querySelector(selector: string): unknown }>;
  };
}

/**
 * Scrolls the dashboard to its end a viewport at a time, so that every chart draws (a chart is drawn only
 * near the viewport: src/ui/components/near-viewport.ts), waits for each to have its plot or its status,
 * and goes back to the top. Figures off screen are not painted (`content-visibility: auto`), which a
 * full-page shot would show as empty boxes: for the shot they are painted as a reader who scrolls sees them.
 */
async function drawEveryChart(page: Page): Promise<void> {
  for (;;) {
    const atEnd = await page.evaluate(() => {
      const view = globalThis as unknown as Browser;
      view.scrollBy(0, view.innerHeight);
      return view.scrollY + view.innerHeight >= view.document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(150);
    if (atEnd) break;
  }
  await page.waitForFunction(
    () =>
      Array.from((globalThis as unknown as Browser).document.querySelectorAll('.charts figure')).every(
        (figure) => figure.querySelector('.chart-plot canvas') || figure.querySelector('.chart-status'),
      ),
    undefined,
    { timeout: 60_000 },
  );
  await page.addStyleTag({ content: '.charts figure { content-visibility: visible !important; }' });
  await page.evaluate(() => (globalThis as unknown as Browser).scrollTo(0, 0));
  await page.waitForTimeout(300);
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
      await drawEveryChart(page);
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
