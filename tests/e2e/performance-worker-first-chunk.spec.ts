/**
 * The worker's first chunk holds what the dashboard's first load and derive need; everything else is
 * fetched when the intent that needs it is first called, or after the figures (the held quotes' writes,
 * a second after them). The page does not notice: the same figures, whichever chunks the worker fetched.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleSizes } from '#bench/browser/bundle-sizes';
import { TARGETS } from '#bench/browser/targets';
import { PROJECT_ROOT } from '#helpers/test-server';
import { signIn, expect, test } from '#helpers/e2e/fixtures';

/** The build the e2e server serves (npm test builds dist/ first). */
const STATIC_DIR = process.env.STATIC_DIR ?? join(PROJECT_ROOT, 'dist');

/** Script files the page and its worker fetched in `context` (the worker's requests are the context's too), with when (epoch ms). */
function scriptsFetched(context: BrowserContext): Array<{ file: string; at: number }> {
  const fetched: Array<{ file: string; at: number }> = [];
  context.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) fetched.push({ file: pathname.slice(pathname.lastIndexOf('/') + 1), at: Date.now() });
  });
  return fetched;
}

/**
 * The dashboard's summary and each chart's title and summary sentence (its last value and dates), once every
 * chart is in; and when (epoch ms) its charts were first painted with the figures.
 */
async function dashboardFigures(page: Page): Promise<{ figures: string[]; paintedAt: number }> {
  await signIn(page);
  await expect(page.getByText('Loading prices…')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('charts-painted', 'mark').length))
    .toBeGreaterThan(0);
  const paintedAt = await page.evaluate(
    () => performance.timeOrigin + performance.getEntriesByName('charts-painted', 'mark')[0]!.startTime,
  );
  const dashboard = page.locator('section.dashboard');
  // A price chart appears once its symbol has prices (issue 30): count the charts when the words of every one are in.
  expect(await dashboard.locator('figure.chart').count()).toBeGreaterThan(0);
  // Every chart in: its summary sentence, or why it has none (a ticker without recorded prices, such as one
  // an earlier spec added to the demo account); none still waiting for prices.
  await expect(dashboard.locator('.chart-status[role="status"]')).toHaveCount(0);
  const words = dashboard.locator('.chart-summary, .chart-status');
  await expect.poll(async () => (await words.count()) - (await dashboard.locator('figure.chart').count())).toBe(0);
  const titles = await dashboard
    .locator('figure.chart')
    .evaluateAll((figures) => figures.map((figure) => figure.getAttribute('aria-label') ?? ''));
  const figures = [
    await dashboard.locator('dl.summary').first().innerText(),
    ...titles,
    ...(await words.allInnerTexts()),
  ];
  return { figures, paintedAt };
}

async function dashboardIn(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  const fetched = scriptsFetched(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const { figures, paintedAt } = await dashboardFigures(page);
  await context.close();
  // What the figures waited for: the scripts asked for before the charts were painted.
  return { figures, fetched: fetched.filter(({ at }) => at <= paintedAt).map(({ file }) => file), errors };
}

test('the dashboard loads no lazy chunk of the worker before its figures, with Temporal or without, and the figures are the same', async ({
  browser,
  playwright,
  launchOptions,
  baseURL,
}) => {
  // The same Chromium with its Temporal switched off, as in a browser that ships none yet: the exchanges'
  // dates come from the server either way (the worker reads no time zone): the figures must not differ.
  const withoutTemporal = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--js-flags=--no-harmony-temporal'],
  });
  try {
    const temporalIn = async (where: Browser) => {
      const probe = await where.newPage();
      const kind = await probe.evaluate(() => typeof (globalThis as { Temporal?: unknown }).Temporal);
      await probe.close();
      return kind;
    };
    expect(await temporalIn(browser), 'this Chromium ships Temporal').toBe('object');
    expect(await temporalIn(withoutTemporal), 'the V8 flag switches Temporal off').toBe('undefined');
    const native = await dashboardIn(browser, baseURL!);
    const intl = await dashboardIn(withoutTemporal, baseURL!);
    expect(native.errors).toEqual([]);
    expect(intl.errors).toEqual([]);
    const lazy = new Set(bundleSizes(STATIC_DIR).workerLazy.map((chunk) => chunk.file));
    expect(native.fetched.filter((file) => lazy.has(file))).toEqual([]);
    expect(intl.fetched.filter((file) => lazy.has(file))).toEqual([]);
    // Every figure and chart the same.
    expect(intl.figures).toContain('Portfolio value');
    expect(intl.figures).toEqual(native.figures);
  } finally {
    await withoutTemporal.close();
  }
});

test('the worker’s first chunk is one file within its target, without the full zod or the intents loaded on first call', () => {
  const bundle = bundleSizes(STATIC_DIR);
  expect(bundle.workerGzipKB, "the worker's first chunk, KB gzip").toBeLessThanOrEqual(TARGETS.workerJsKB);
  const first = bundle.worker.map((chunk) => chunk.file);
  // One file: no common chunk of its own to fetch after the entry, before the worker can answer.
  expect(first).toHaveLength(1);
  const lazy = bundle.workerLazy.map((chunk) => chunk.file.replace(/-[\w-]{8}\.js$/, ''));
  for (const name of [
    'import-session',
    'import',
    'transaction-changes',
    'target',
    'your-data',
    'read-restore',
    'session',
    'tax-report-csv',
    'symbol-check',
    'account-api',
    'csv-mappings-api',
    'en',
  ]) {
    expect(lazy, `${name} is loaded on first use`).toContain(name);
  }
  // The full zod carries its JSON Schema output; zod/mini, which the worker's first schemas use, does not.
  for (const file of first)
    expect(readFileSync(join(STATIC_DIR, 'assets', file), 'utf8'), file).not.toContain('toJSONSchema');
});
