/**
 * A visit sends the last quotes request again before it has read the set (issue 35: the worker's
 * held-quotes/early.ts), in real Chromium on a server of its own (recorded market files). Its answer is
 * used only when the set asks for the same request: a second visit makes one quotes request, named with
 * the held validators and answered "unchanged"; after another session added a ticker the last request did
 * not name, the early answer is left unused, the figures count the new ticker at its price, and the visit
 * after that makes one request again.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import type { YahooChart } from '#src/model/quotes';
import { freshUser } from '#helpers/e2e/app';
import { expect, test } from '#helpers/e2e/fixtures';
import { signInThroughProvider, watchForErrors } from '#helpers/e2e/pages';
import { PROJECT_ROOT, startTestServer, type TestServer } from '#helpers/test-server';

interface QuotesBody {
  symbols: string[];
  held?: Record<string, string>;
}

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

const lastClose = (symbol: string) => {
  const chart = JSON.parse(readFileSync(path.join(market, `${symbol}.json`), 'utf8')) as YahooChart;
  return chart.chart.result![0]!.indicators.quote[0]!.close!.at(-1)!;
};
const euros = (value: number) =>
  `€${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const portfolioValue = (page: Page) =>
  page.locator('.summary-box').filter({ hasText: 'Portfolio value' }).locator('dd');

/**
 * The quotes requests of a reload (their bodies) and their answers' encoded sizes, once the value shows
 * `text` (the worker reads the answer as it streams: the browser keeps no copy of its body for the test).
 */
async function reloadUntil(page: Page, text: string) {
  const asked: Array<Promise<{ body: QuotesBody; bytes: number }>> = [];
  const onFinished = (request: Request) => {
    if (new URL(request.url()).pathname !== '/api/quotes') return;
    asked.push(
      request.sizes().then((sizes) => ({ body: request.postDataJSON() as QuotesBody, bytes: sizes.responseBodySize })),
    );
  };
  page.context().on('requestfinished', onFinished);
  try {
    await page.reload();
    await expect(portfolioValue(page)).toHaveText(text);
    return await Promise.all(asked);
  } finally {
    page.context().off('requestfinished', onFinished);
  }
}

/** An answer of "unchanged" entries only: tens of bytes each (a series is kilobytes). */
const UNCHANGED_BYTES = 200;

/** The symbols the last request held in the browser's store names, or null (written a moment after the figures). */
const lastRequestSymbols = (page: Page) =>
  page.evaluate(async () => {
    const [info] = (await indexedDB.databases()).filter((one) => one.name?.startsWith('investments-tracker-quotes:'));
    if (!info) return null;
    return new Promise<string[] | null>((resolve, reject) => {
      const open = indexedDB.open(info.name!);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const read = db.transaction('answers').objectStore('answers').get('quotes');
        read.onsuccess = () => (
          db.close(),
          resolve((read.result as { symbols?: string[] } | undefined)?.symbols ?? null)
        );
        read.onerror = () => (db.close(), reject(read.error));
      };
    });
  });

test('the last quotes request goes again at once, and serves a visit only when the set asks for the same', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const bought = {
    ticker: 'IBE.MC',
    type: 'stock' as const,
    date: '2021-03-01',
    amount: 10,
    value: 90,
    currency: 'EUR' as const,
  };
  const user = await freshUser(server.url, 'quotes-early', 'correct horse battery', {
    transactions: { stock: [bought], dividend: [], commission: [] },
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await signInThroughProvider(page, { username: user.username, password: user.password });
    const ibe = euros(10 * lastClose('IBE.MC'));
    await expect(portfolioValue(page)).toHaveText(ibe);
    await expect.poll(() => lastRequestSymbols(page)).toContain('IBE.MC');

    // A second visit: one request, the last one, sent with the held validators and answered "unchanged".
    const second = await reloadUntil(page, ibe);
    expect(second).toHaveLength(1);
    expect(Object.keys(second[0]!.body.held ?? {})).toContain('IBE.MC');
    expect(second[0]!.bytes).toBeLessThan(UNCHANGED_BYTES);

    // Another session buys a ticker the last request did not name: the early answer serves nothing.
    const held = await user.api.get();
    const vwce = { ...bought, ticker: 'VWCE.DE', amount: 5, value: 400 };
    const stored = await user.api.put(
      { transactions: { ...held.body.transactions, stock: [bought, vwce] } },
      { ifMatch: held.etag },
    );
    expect(stored.status).toBe(200);
    const both = euros(10 * lastClose('IBE.MC') + 5 * lastClose('VWCE.DE'));
    const third = await reloadUntil(page, both);
    expect(third.map(({ body }) => body.symbols.includes('VWCE.DE'))).toEqual([false, true]);
    await expect.poll(() => lastRequestSymbols(page)).toContain('VWCE.DE');

    // The next visit sends the new last request at once, and it serves again.
    const fourth = await reloadUntil(page, both);
    expect(fourth).toHaveLength(1);
    expect(fourth[0]!.body.symbols).toContain('VWCE.DE');
    expect(fourth[0]!.bytes).toBeLessThan(UNCHANGED_BYTES);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
