/**
 * Faults in the browser, each on its own server (a child process on a fresh data directory, serving the
 * production build): the quotes upstream (a fake Yahoo on loopback, `QUOTES_PROVIDER=yahoo`) refusing,
 * answering 500 or 429, hanging, or sending garbage, with the demo account's seeded portfolio; the
 * database failing a write (another connection holds the SQLite file locked); PostgreSQL stopped and
 * started again (a cluster of the test's own, initdb and pg_ctl; skipped, saying why, without the
 * binaries); and two tabs saving over each other. The page keeps the transaction figures and the user's change, says what happened, and
 * offers Retry or Save again.
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { SQLITE_FILE_NAME } from '#server/storage/open-storage';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { freshAccount, signInThroughProvider, watchForErrors } from '#helpers/e2e/pages';
import {
  startFakeYahooUpstream,
  type FakeYahooUpstream,
  type UpstreamMode,
} from '#helpers/hardening/fake-yahoo-upstream';
import { refusedBaseUrl } from '#helpers/fake-yahoo';
import { expect, test } from '#helpers/e2e/fixtures';
import { findPostgresBinaries, startPostgresCluster, type PostgresCluster } from '#helpers/postgres-cluster';

const DEMO = { username: 'demo', password: 'demo' };

interface Running {
  server: TestServer;
  page: Page;
  /** Collects the errors of another page of the same context too. */
  watch(page: Page): void;
}

/**
 * Runs `scenario` with a server of its own (`env`) and a page of a fresh browser context pointed at it;
 * then no page of it may have thrown or logged an error, the `expectedNetworkErrors` statuses aside.
 */
async function withApp(
  browser: Browser,
  env: Record<string, string>,
  expectedNetworkErrors: number[],
  scenario: (app: Running) => Promise<void>,
) {
  const server = await startTestServer(env);
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    const errors = [watchForErrors(page, expectedNetworkErrors)];
    await scenario({ server, page, watch: (other) => errors.push(watchForErrors(other, expectedNetworkErrors)) });
    expect(errors.flat()).toEqual([]);
  } finally {
    await context.close();
    await server.close();
  }
}

const priceProblems = (page: Page) => page.locator('.price-notice');

/** The figures that come from the transactions alone are on screen as numbers. */
async function expectTransactionFigures(page: Page) {
  for (const label of ['Total Invested', 'Total Dividend', 'Total Commission']) {
    await expect(page.locator('.summary-box').filter({ hasText: label }).locator('dd')).toHaveText(
      /^−?€[\d,]+\.\d{2}$/,
    );
  }
}

test.describe('the quotes upstream failing', () => {
  let yahoo: FakeYahooUpstream;
  test.beforeAll(async () => {
    yahoo = await startFakeYahooUpstream();
  });
  test.afterAll(() => yahoo?.close());

  test('garbage: figures, a message and Retry; after the upstream recovers Retry brings the prices', async ({
    browser,
  }) => {
    yahoo.setMode('html-page');
    await withApp(browser, { QUOTES_PROVIDER: 'yahoo', YAHOO_BASE_URL: yahoo.baseUrl }, [], async (app) => {
      await signInThroughProvider(app.page, DEMO);
      await expect(priceProblems(app.page)).toContainText('Some prices could not be loaded');
      await expect(priceProblems(app.page)).toContainText('MSFT');
      await expectTransactionFigures(app.page);
      yahoo.setMode('ok');
      await priceProblems(app.page).getByRole('button', { name: 'Retry' }).click();
      await expect(priceProblems(app.page)).toHaveCount(0);
      await expect(app.page.getByRole('heading', { name: 'Yahoo Data: MSFT' })).toBeVisible();
      await expect(app.page.getByRole('heading', { name: 'Yahoo Data: EUR=X' })).toBeVisible();
    });
  });

  const outages: Array<[string, UpstreamMode | 'refused']> = [
    ['refusing connections', 'refused'],
    ['answering 500', 'status-500'],
    ['answering 429', 'status-429'],
    ['hanging', 'hang'],
  ];
  for (const [what, mode] of outages) {
    test(`${what}: figures, a message naming the failure, and Retry`, async ({ browser }) => {
      test.setTimeout(90_000);
      const baseUrl = mode === 'refused' ? await refusedBaseUrl() : yahoo.baseUrl;
      if (mode !== 'refused') yahoo.setMode(mode);
      await withApp(browser, { QUOTES_PROVIDER: 'yahoo', YAHOO_BASE_URL: baseUrl }, [], async (app) => {
        await signInThroughProvider(app.page, DEMO);
        await expect(priceProblems(app.page)).toContainText('Some prices could not be loaded', { timeout: 30_000 });
        await expect(priceProblems(app.page)).toContainText(
          mode === 'hang' ? /no answer|unreachable/ : /refused|500|429|unreachable/,
        );
        await expectTransactionFigures(app.page);
        // Retry while the upstream is still out: the server remembers the outage and answers at once.
        await priceProblems(app.page).getByRole('button', { name: 'Retry' }).click();
        await expect(priceProblems(app.page)).toContainText('unreachable');
        await expectTransactionFigures(app.page);
      });
    });
  }
});

test('the database failing a save: the change is kept, the page says so, Retry saves it once the database is back', async ({
  browser,
}) => {
  await withApp(browser, {}, [503], async (app) => {
    await signInThroughProvider(app.page, freshAccount('storage'), { createAccount: true });
    const page = app.page;
    await page.goto('/transactions');
    const form = page.getByRole('form', { name: 'Add a transaction' });
    const add = async (ticker: string, date: string) => {
      await form.getByLabel('Ticker', { exact: true }).fill(ticker);
      await form.getByLabel('Date', { exact: true }).fill(date);
      await form.getByLabel('Amount', { exact: true }).fill('2');
      await form.getByLabel('Value', { exact: true }).fill('200');
      await form.getByRole('button', { name: 'Save' }).click();
    };
    await add('FIRST.DE', '2024-01-02');
    await expect(page.getByRole('region', { name: 'FIRST.DE' })).toBeVisible();

    const locker = new Database(path.join(app.server.dataDir, SQLITE_FILE_NAME));
    try {
      locker.prepare('BEGIN EXCLUSIVE').run();
      await add('SECOND.DE', '2024-02-03');
      // The notice above the form (the form repeats the message in its own alert).
      const alert = page
        .getByRole('alert')
        .filter({ hasText: 'Saving failed' })
        .filter({ has: page.getByRole('button', { name: 'Retry' }) });
      await expect(alert).toContainText('could not save', { timeout: 15_000 });
      await expect(alert).toContainText('Pending change');
      await expect(alert).toContainText('SECOND.DE');
      await expect(form.getByLabel('Ticker', { exact: true })).toHaveValue('SECOND.DE');
      await expect(page.getByRole('region', { name: 'SECOND.DE' })).toHaveCount(0);
    } finally {
      locker.prepare('ROLLBACK').run();
      locker.close();
    }
    await page.getByRole('alert').filter({ hasText: 'Saving failed' }).getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'SECOND.DE' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'FIRST.DE' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'SECOND.DE' })).toBeVisible();
  });
});

const postgres = findPostgresBinaries();
test.describe('PostgreSQL away and back', () => {
  test.skip(!postgres.ok, `PostgreSQL away and back: skipped, ${postgres.ok ? '' : postgres.reason}`);
  let cluster: PostgresCluster | undefined;
  test.afterAll(() => cluster?.destroy());

  test('a save and a load while it is stopped say so with Retry; Retry saves and loads once it is back', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    if (!postgres.ok) return;
    cluster = await startPostgresCluster(postgres.bin);
    const db = cluster;
    await withApp(browser, { DATABASE_URL: db.url }, [503], async (app) => {
      const page = app.page;
      await signInThroughProvider(page, freshAccount('pg-away'), { createAccount: true });
      await page.goto('/transactions');
      const form = page.getByRole('form', { name: 'Add a transaction' });
      const add = async (ticker: string) => {
        await form.getByLabel('Ticker', { exact: true }).fill(ticker);
        await form.getByLabel('Date', { exact: true }).fill('2024-04-02');
        await form.getByLabel('Amount', { exact: true }).fill('3');
        await form.getByLabel('Value', { exact: true }).fill('300');
        await form.getByRole('button', { name: 'Save' }).click();
      };
      await add('BEFORE.DE');
      await expect(page.getByRole('region', { name: 'BEFORE.DE' })).toBeVisible();

      // A save while PostgreSQL is stopped: refused with the server's message, the change kept.
      await db.stop();
      await add('AWAY.DE');
      const saveFailed = page
        .getByRole('alert')
        .filter({ hasText: 'Saving failed' })
        .filter({ has: page.getByRole('button', { name: 'Retry' }) });
      // The guard in front of every route says it when it asks the database first; within its few seconds of
      // memory the save itself is refused: either way the page shows the server's words and keeps the change.
      await expect(saveFailed).toContainText(
        /The database does not answer; nothing was read or saved|The database could not save the transactions just now; nothing was saved/,
        { timeout: 10_000 },
      );
      await expect(saveFailed).toContainText('AWAY.DE');
      await expect(page.getByRole('region', { name: 'AWAY.DE' })).toHaveCount(0);
      // Retry while it is still away: the same message again, nothing lost.
      await saveFailed.getByRole('button', { name: 'Retry' }).click();
      await expect(saveFailed).toContainText('AWAY.DE', { timeout: 10_000 });

      await db.start();
      await saveFailed.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });
      await expect(page.getByRole('region', { name: 'AWAY.DE' })).toBeVisible();

      // A load while it is stopped (the tab reloaded, its session kept): the failure and Retry, no figures.
      await db.stop();
      await page.goto('/dashboard');
      await page.reload();
      const loadFailed = page
        .getByRole('alert')
        .filter({ hasText: /database does not answer|database could not read the transactions just now/ })
        .filter({ has: page.getByRole('button', { name: 'Retry' }) });
      await expect(loadFailed).toBeVisible({ timeout: 15_000 });
      await db.start();
      await loadFailed.getByRole('button', { name: 'Retry' }).click();
      await expect(loadFailed).toHaveCount(0, { timeout: 10_000 });
      await expectTransactionFigures(page);
      await page.goto('/transactions');
      await expect(page.getByRole('region', { name: 'BEFORE.DE' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'AWAY.DE' })).toBeVisible();
    });
  });
});

test('two tabs: the second save gets the conflict, reloads, and Save again keeps both changes', async ({ browser }) => {
  await withApp(browser, {}, [412], async (app) => {
    const account = freshAccount('tabs');
    const first = app.page;
    await signInThroughProvider(first, account, { createAccount: true });
    const second = await first.context().newPage();
    app.watch(second);
    await signInThroughProvider(second, account);
    for (const tab of [first, second]) {
      await tab.goto('/transactions');
      await expect(tab.getByText('No transactions yet.', { exact: false })).toBeVisible();
    }
    const add = async (tab: Page, ticker: string) => {
      const form = tab.getByRole('form', { name: 'Add a transaction' });
      await form.getByLabel('Ticker', { exact: true }).fill(ticker);
      await form.getByLabel('Date', { exact: true }).fill('2024-03-04');
      await form.getByLabel('Amount', { exact: true }).fill('1');
      await form.getByLabel('Value', { exact: true }).fill('100');
      await form.getByRole('button', { name: 'Save' }).click();
    };
    await add(first, 'TABA.DE');
    await expect(first.getByRole('region', { name: 'TABA.DE' })).toBeVisible();

    await add(second, 'TABB.DE');
    const notice = second
      .getByRole('alert')
      .filter({ hasText: 'changed elsewhere' })
      .filter({ has: second.getByRole('button', { name: 'Save again' }) });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('TABB.DE');
    await expect(
      second.getByRole('region', { name: 'TABA.DE' }),
      'the second tab reloaded the first tab’s save',
    ).toBeVisible();
    await notice.getByRole('button', { name: 'Save again' }).click();
    await expect(second.getByRole('region', { name: 'TABB.DE' })).toBeVisible();
    await expect(second.getByRole('region', { name: 'TABA.DE' })).toBeVisible();

    await first.reload();
    await expect(first.getByRole('region', { name: 'TABA.DE' })).toBeVisible();
    await expect(first.getByRole('region', { name: 'TABB.DE' })).toBeVisible();
  });
});
