/**
 * A tab that holds a session starts its worker before the session is checked, and the worker reads
 * meanwhile what the last visit held (issue 35: `warm` in src/worker/held-quotes/holding.ts, warm.ts): the
 * set's ETag (a record of its own, read before the set's text), the set's text, parsed, the last quotes
 * request and its series. In real Chromium on a server of its own (recorded market files the test may
 * change): a second visit names the held ETag and is answered 304, with the figures of the held set; a set
 * written by another session and a close corrected upstream between two visits both reach the next visit,
 * in its one derive; the visit after that is a 304 again, of the newly held set.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import type { YahooChart } from '#src/model/quotes';
import { freshUser } from '#helpers/e2e/app';
import { expect, test } from '#helpers/e2e/fixtures';
import { signInThroughProvider, watchForErrors } from '#helpers/e2e/pages';
import { PROJECT_ROOT, startTestServer, type TestServer } from '#helpers/test-server';

let market: string;
let server: TestServer;
test.beforeAll(async () => {
  market = mkdtempSync(path.join(tmpdir(), 'market-'));
  cpSync(path.join(PROJECT_ROOT, 'data/market'), market, { recursive: true });
  server = await startTestServer({ MARKET_DATA_DIR: market });
});
test.afterAll(async () => {
  await server?.close();
  rmSync(market, { recursive: true, force: true });
});

const portfolioValue = (page: Page) =>
  page.locator('.summary-box').filter({ hasText: 'Portfolio value' }).locator('dd');
const euros = (value: number) =>
  `€${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The held set's two records in the user's store: the ETag alone and the answer's, or null. */
const heldEtags = (page: Page) =>
  page.evaluate(async () => {
    const [info] = (await indexedDB.databases()).filter((one) => one.name?.startsWith('investments-tracker-quotes:'));
    if (!info) return null;
    return new Promise<{ alone: unknown; answer: unknown }>((resolve, reject) => {
      const open = indexedDB.open(info.name!);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const answers = db.transaction('answers').objectStore('answers');
        const alone = answers.get('transactions-etag');
        const answer = answers.get('transactions');
        answer.onsuccess = () => (
          db.close(),
          resolve({ alone: alone.result, answer: (answer.result as { etag?: string } | undefined)?.etag })
        );
        answer.onerror = () => (db.close(), reject(answer.error));
      };
    });
  });

interface Visit {
  /** The set's GETs: the ETag each named and the status it got. */
  sets: Array<{ named: string | null; status: number }>;
  /** Whether the worker fetched the warm start's code (its reads ahead of the session check). */
  warmed: boolean;
}

/** Reloads the dashboard until the value reads `text`; the set's requests and whether the worker read ahead. */
async function reloadUntil(page: Page, text: string): Promise<Visit> {
  const sets: Array<Promise<{ named: string | null; status: number }>> = [];
  let warmed = false;
  const onFinished = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (/\/assets\/warm-[\w-]+\.js$/.test(pathname)) warmed = true;
    if (pathname !== '/api/transactions' || request.method() !== 'GET') return;
    sets.push(
      Promise.all([request.allHeaders(), request.response()]).then(([headers, response]) => ({
        named: headers['if-none-match'] ?? null,
        status: response?.status() ?? 0,
      })),
    );
  };
  page.context().on('requestfinished', onFinished);
  try {
    await page.reload();
    await expect(portfolioValue(page)).toHaveText(text);
    return { sets: await Promise.all(sets), warmed };
  } finally {
    page.context().off('requestfinished', onFinished);
  }
}

test('a second visit reads what it held while the session is checked; a set and a close changed meanwhile still arrive', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const file = path.join(market, 'IBE.MC.json');
  const chart = JSON.parse(readFileSync(file, 'utf8')) as YahooChart;
  const closes = chart.chart.result![0]!.indicators.quote[0]!.close!;
  const bought = { ticker: 'IBE.MC', type: 'stock' as const, date: '2021-03-01', amount: 10, value: 90 };
  const user = await freshUser(server.url, 'warm-start', 'correct horse battery', {
    transactions: { stock: [{ ...bought, currency: 'EUR' }], dividend: [], commission: [] },
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await signInThroughProvider(page, { username: user.username, password: user.password });
    await expect(portfolioValue(page)).toHaveText(euros(10 * closes.at(-1)!));
    // The set's answer is held a moment after the figures, with its ETag in a record of its own.
    await expect.poll(() => heldEtags(page)).toEqual({ alone: '"v1"', answer: '"v1"' });

    // A second visit: the worker read ahead, named the held ETag, and the server answered 304.
    const second = await reloadUntil(page, euros(10 * closes.at(-1)!));
    expect(second).toEqual({ sets: [{ named: '"v1"', status: 304 }], warmed: true });

    // Between two visits another session buys 5 more and upstream corrects the last close: the next
    // visit read the old set and series ahead, yet shows the new set at the new close.
    const held = await user.api.get();
    const more = { ...bought, currency: 'EUR' as const, amount: 5, value: 60, date: '2022-03-01' };
    const stored = await user.api.put(
      { transactions: { ...held.body.transactions, stock: [...held.body.transactions.stock, more] } },
      { ifMatch: held.etag },
    );
    expect(stored.status).toBe(200);
    closes[closes.length - 1] = 31.25;
    writeFileSync(file, JSON.stringify(chart));
    utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    const third = await reloadUntil(page, euros(15 * 31.25));
    expect(third).toEqual({ sets: [{ named: '"v1"', status: 200 }], warmed: true });
    await expect.poll(() => heldEtags(page)).toEqual({ alone: '"v2"', answer: '"v2"' });

    // The visit after that reads the newly held set ahead: a 304, the same figures.
    const fourth = await reloadUntil(page, euros(15 * 31.25));
    expect(fourth).toEqual({ sets: [{ named: '"v2"', status: 304 }], warmed: true });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
