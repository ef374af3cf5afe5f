/**
 * Quotes held in IndexedDB between visits (issue 35, item 3), in real Chromium on a server of its own
 * whose recorded market files (QUOTES_PROVIDER=files, the demo's path) live in a folder the test may
 * change: the first visit brings the whole series; a reload asks with the held series' validators and
 * the answer is "nothing new" (a few bytes) while the figures are the same; after a close was corrected
 * in the file (an old one and the last one) the next visit gets the whole series again and shows the
 * corrected value; logging out deletes the held quotes.
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

const SHARES = 10;
const portfolioValue = (page: Page) =>
  page.locator('.summary-box').filter({ hasText: 'Portfolio value' }).locator('dd');
const euros = (value: number) => `€${value.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** The encoded bodies of the `/api/quotes` answers (the worker's fetches) while `action` runs. */
async function quoteBytesDuring(page: Page, action: () => Promise<void>): Promise<number[]> {
  const sizes: Array<Promise<number>> = [];
  const onFinished = (request: Request) => {
    if (new URL(request.url()).pathname === '/api/quotes')
      sizes.push(request.sizes().then((size) => size.responseBodySize));
  };
  page.context().on('requestfinished', onFinished);
  try {
    await action();
    return await Promise.all(sizes);
  } finally {
    page.context().off('requestfinished', onFinished);
  }
}

/** The names of this app's quote stores in the browser. */
const heldStores = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases()).flatMap((info) =>
      info.name?.startsWith('investments-tracker-quotes:') ? [info.name] : [],
    ),
  );

/** How many series the store holds (the worker writes them a moment after the figures). */
const heldSeries = (page: Page, store: string) =>
  page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('series').objectStore('series').count();
          count.onsuccess = () => (db.close(), resolve(count.result));
          count.onerror = () => (db.close(), reject(count.error));
        };
      }),
    store,
  );

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

test('a second visit asks for nothing new; a corrected close reaches the next visit; logging out forgets the held quotes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const file = path.join(market, 'IBE.MC.json');
  const chart = JSON.parse(readFileSync(file, 'utf8')) as YahooChart;
  const closes = chart.chart.result![0]!.indicators.quote[0]!.close!;
  const user = await freshUser(server.url, 'held-quotes', 'correct horse battery', {
    transactions: {
      stock: [{ ticker: 'IBE.MC', type: 'stock', date: '2020-01-02', amount: SHARES, value: 90, currency: 'EUR' }],
      dividend: [],
      commission: [],
    },
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    const errors = watchForErrors(page);

    const sum = (sizes: number[]) => sizes.reduce((total, size) => total + size, 0);
    const first = await quoteBytesDuring(page, async () => {
      await signInThroughProvider(page, { username: user.username, password: user.password });
      await expect(portfolioValue(page)).toHaveText(euros(SHARES * closes.at(-1)!));
    });
    expect(first.length).toBeGreaterThan(0);
    await expect.poll(() => heldStores(page)).toHaveLength(1);
    const [store] = await heldStores(page);
    await expect.poll(() => heldSeries(page, store!)).toBeGreaterThan(0);

    const second = await quoteBytesDuring(page, async () => {
      await page.reload();
      await expect(portfolioValue(page)).toHaveText(euros(SHARES * closes.at(-1)!));
    });
    // The same figures from what IndexedDB held: the quotes' answer is "nothing new", a few bytes.
    expect(second).toHaveLength(first.length);
    expect(sum(second)).toBeLessThan(sum(first) / 20);

    // Upstream corrects an old close (after the purchase) and the last one: the next visit shows the corrected value.
    const june2020 = chart.chart.result![0]!.timestamp!.findIndex((t) => t >= Date.parse('2020-06-01') / 1000);
    closes[june2020] = 1;
    closes[closes.length - 1] = 25.5;
    writeFileSync(file, JSON.stringify(chart));
    utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    const third = await quoteBytesDuring(page, async () => {
      await page.reload();
      await expect(portfolioValue(page)).toHaveText(euros(SHARES * 25.5));
    });
    // The whole series came again (an old close changed), not only its tail.
    expect(sum(third)).toBeGreaterThan(sum(first) / 2);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => heldStores(page)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
