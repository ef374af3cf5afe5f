/**
 * The browser benchmark's light version (bench/browser, `npm run bench:browser` for the full one): the
 * production build on its own server with workload M (20 tickers, 15 years, 2,000 transactions), one
 * run. It fails only on a gross regression, three times a target of issue 8, so a busy machine cannot
 * make it flake; the figures themselves come from the full benchmark's medians.
 */
import { join } from 'node:path';
import { bundleSizes } from '#bench/browser/bundle-sizes';
import {
  measureImport,
  measureLoad,
  measureToggle,
  openSignedInTab,
  openTransactionsPage,
} from '#bench/browser/dashboard-session';
import { workloadStatement } from '#bench/browser/degiro-csv';
import { writeMarketFolder, type MarketFolder } from '#bench/browser/market-files';
import { createSeededUser, type SeededUser } from '#bench/browser/seeded-user';
import { TARGETS } from '#bench/browser/targets';
import { makeWorkload } from '#bench/workloads/make-workload';
import { PROJECT_ROOT, startTestServer, type TestServer } from '#helpers/test-server';
import { expect, test } from '#helpers/e2e/fixtures';

/** A gross regression: three times a target. */
const GROSS = 3;
/** The dashboard of M: 12 portfolio charts, a price chart per ticker (20) and per exchange rate (3). */
const M_CHARTS = 35;
const IMPORT_ROWS = 20_000;
/** The build the e2e server serves (npm test builds dist/ first). */
const STATIC_DIR = process.env.STATIC_DIR ?? join(PROJECT_ROOT, 'dist');

const workload = makeWorkload('M');
let market: MarketFolder;
let server: TestServer;
let user: SeededUser;

test.describe.configure({ mode: 'serial' });
// A trace snapshots the page at every action: it would be measured along with the app.
test.use({ trace: 'off' });

test.beforeAll(async () => {
  market = writeMarketFolder(workload.charts);
  server = await startTestServer({ MARKET_DATA_DIR: market.dir, STATIC_DIR });
  user = await createSeededUser(server.url, 'perf-light', workload.transactions);
});

test.afterAll(async () => {
  await server?.close();
  market?.remove();
});

test('workload M loads, toggles a ticker, opens its transactions and imports a 20,000-row statement with no gross regression', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tab = await openSignedInTab(browser, server.url, user);
  const errors: string[] = [];
  tab.page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  tab.page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  try {
    // Everything measured first and attached to the report, then checked.
    const load = await measureLoad(tab.page);
    const ticker = (await tab.page
      .getByRole('group', { name: 'Select active tickers' })
      .locator('label', { has: tab.page.locator('input[type="checkbox"]') })
      .first()
      .textContent())!.trim();
    const toggleOff = await measureToggle(tab.page, ticker);
    const toggleOn = await measureToggle(tab.page, ticker);
    const openTransactions = await openTransactionsPage(tab.page);
    const tickers = market.symbols.filter((symbol) => !symbol.endsWith('=X'));
    const imported = await measureImport(tab.page, workloadStatement(workload, IMPORT_ROWS), tickers);
    await test.info().attach('figures.json', {
      body: JSON.stringify({ load, toggleOff, toggleOn, openTransactions, imported }, null, 2),
      contentType: 'application/json',
    });

    await expect(tab.page.locator('section.import [role="status"]')).toContainText(
      /^Imported Account\.csv( into [^:]+)?: \d+ new/,
    );
    expect(load.charts, 'charts on the dashboard').toBe(M_CHARTS);
    expect(load.longestTaskMs, 'longest task during the load, ms').toBeLessThanOrEqual(GROSS * TARGETS.longestTaskMs);
    expect(load.paintAfterDataMs, 'every chart drawn after the priced data arrived, ms').toBeLessThanOrEqual(
      GROSS * TARGETS.paintAfterDataMs,
    );
    expect(
      load.memory.jsHeapMB + load.memory.arrayBuffersMB,
      'main thread JS heap and array buffers, MB',
    ).toBeLessThanOrEqual(GROSS * TARGETS.jsHeapMB);
    for (const [direction, toggle] of [
      ['off', toggleOff],
      ['on', toggleOn],
    ] as const) {
      expect(toggle.doneMs, `charts redrawn after toggling ${ticker} ${direction}, ms`).toBeLessThanOrEqual(
        GROSS * TARGETS.toggleMs,
      );
      expect(toggle.longestTaskMs, `longest task while toggling ${ticker} ${direction}, ms`).toBeLessThanOrEqual(
        GROSS * TARGETS.longestTaskMs,
      );
    }
    expect(openTransactions.longestTaskMs, 'longest task while /transactions opens, ms').toBeLessThanOrEqual(
      GROSS * TARGETS.longestTaskMs,
    );
    expect(imported.parse.longestTaskMs, 'longest task while the worker parses the statement, ms').toBeLessThanOrEqual(
      GROSS * TARGETS.longestTaskMs,
    );
    expect(
      imported.whole.longestTaskMs,
      'longest task from the file chosen to the import stored and derived, ms',
    ).toBeLessThanOrEqual(GROSS * TARGETS.longestTaskMs);
    expect(errors, 'console errors on the page').toEqual([]);
  } finally {
    await tab.close();
  }
});

test('the production build keeps its first loads small and the CSV parser out of the worker until an import', () => {
  const bundle = bundleSizes(STATIC_DIR);
  expect(bundle.initialGzipKB, 'entry chunk and its static imports, KB gzip').toBeLessThanOrEqual(
    GROSS * TARGETS.initialJsKB,
  );
  expect(bundle.workerGzipKB, "the worker's first load, KB gzip").toBeLessThanOrEqual(GROSS * TARGETS.workerJsKB);
  expect(bundle.workerLazy.length, 'chunks the worker loads only for an import').toBeGreaterThan(0);
});
