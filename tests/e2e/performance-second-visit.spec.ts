/**
 * Quotes held in IndexedDB between visits (issue 35, item 3), in real Chromium on a server of its own
 * whose recorded market files (QUOTES_PROVIDER=files, the demo's path) live in a folder the test may
 * change: the first visit brings the whole series; a reload asks with the held series' validators and
 * the answer is "nothing new" (a few bytes) while the figures are the same; after a close was corrected
 * in the file (an old one and the last one) the next visit gets the whole series again and shows the
 * corrected value; logging out deletes the held quotes.
 * The transaction set is held beside them: a second visit's set is a 304; a set written by another session
 * between two visits shows on the next. So are the figures of a load: the next visit with the same inputs
 * shows them (a value written into them shows), its toggles and holding views work, and a new set's
 * version derives again; on workload M's portfolio (20 tickers, 15 years, 2,000
 * transactions, on a server of its own) a second visit's API answers take at most 5 % of a first visit's bytes.
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
import { writeMarketFolder } from '#bench/browser/market-files';
import { makeWorkload } from '#bench/workloads/make-workload';

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

/** The last close of `symbol` in the test's market folder. */
function lastClose(symbol: string): number {
  const chart = JSON.parse(readFileSync(path.join(market, `${symbol}.json`), 'utf8')) as YahooChart;
  return chart.chart.result![0]!.indicators.quote[0]!.close!.at(-1)!;
}

/** The portfolio value, as the summary writes it, of `shares` (symbol → shares) at their last closes. */
const valueOf = (shares: Record<string, number>) =>
  `€${Object.entries(shares)
    .reduce((total, [symbol, count]) => total + count * lastClose(symbol), 0)
    .toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

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

interface ApiAnswer {
  path: string;
  status: number;
  /** Over the wire: the encoded body and the headers. */
  bytes: number;
}

/** Watches each `/api/` answer of the page's context (the worker's fetches included) until `stop`. */
function watchApi(page: Page) {
  const answers: Array<Promise<ApiAnswer>> = [];
  const finished: string[] = [];
  const onFinished = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/')) return;
    finished.push(pathname);
    answers.push(
      Promise.all([request.sizes(), request.response()]).then(([size, response]) => ({
        path: pathname,
        status: response?.status() ?? 0,
        bytes: size.responseBodySize + size.responseHeadersSize,
      })),
    );
  };
  page.context().on('requestfinished', onFinished);
  return {
    /** How many answers to `path` have come so far. */
    count: (path: string) => finished.filter((one) => one === path).length,
    async stop(): Promise<ApiAnswer[]> {
      page.context().off('requestfinished', onFinished);
      return Promise.all(answers);
    },
  };
}

const statusesOf = (answers: ApiAnswer[], path: string) =>
  answers.filter((answer) => answer.path === path).map((answer) => answer.status);
const totalBytes = (answers: ApiAnswer[]) => answers.reduce((sum, { bytes }) => sum + bytes, 0);

/** The ETag of the transaction set the store holds, or null. */
const heldSetEtag = (page: Page, store: string) =>
  page.evaluate(
    (name) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('answers')) return (db.close(), resolve(null));
          const read = db.transaction('answers').objectStore('answers').get('transactions');
          read.onsuccess = () => (db.close(), resolve((read.result as { etag?: string } | undefined)?.etag ?? null));
          read.onerror = () => (db.close(), reject(read.error));
        };
      }),
    store,
  );

/** Deletes the app's stores from the page (its worker closes its connection when asked): the next load is a first visit's. */
const deleteHeldStores = (page: Page) =>
  page.evaluate(async () => {
    for (const info of await indexedDB.databases()) {
      if (!info.name?.startsWith('investments-tracker-quotes:')) continue;
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(info.name!);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      });
    }
  });

test('the set is held between visits: a 304 while unchanged, a set written by another session shows on the next visit, nothing left after logout', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Listings in EUR, one share of each bought each month for two years.
  const symbols = ['IBE.MC', 'VWCE.DE', 'IWDA.AS'];
  const stock = symbols.flatMap((ticker, k) =>
    Array.from({ length: 24 }, (_, month) => ({
      ticker,
      type: 'stock' as const,
      date: `${2021 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-1${k}`,
      amount: 1,
      value: 50 + month,
      currency: 'EUR' as const,
    })),
  );
  const user = await freshUser(server.url, 'held-set', 'correct horse battery', {
    transactions: { stock, dividend: [], commission: [] },
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    const errors = watchForErrors(page);
    const shares = Object.fromEntries(symbols.map((symbol) => [symbol, 24]));
    await signInThroughProvider(page, { username: user.username, password: user.password });
    await expect(portfolioValue(page)).toHaveText(valueOf(shares));
    await expect.poll(() => heldStores(page)).toHaveLength(1);
    const [store] = await heldStores(page);
    const firstEtag = (await user.api.get()).etag;
    await expect.poll(() => heldSetEtag(page, store!)).toBe(firstEtag);

    const second = watchApi(page);
    await page.reload();
    await expect(portfolioValue(page)).toHaveText(valueOf(shares));
    expect(statusesOf(await second.stop(), '/api/transactions')).toEqual([304]);

    // Another session (another tab, another device) adds 10 shares of IBE.MC between two visits.
    const held = await user.api.get();
    const newer = { ...stock[0]!, date: '2023-06-02', amount: 10, value: 200 };
    const stored = await user.api.put(
      { transactions: { ...held.body.transactions, stock: [...stock, newer] } },
      { ifMatch: held.etag },
    );
    expect(stored.status).toBe(200);
    const third = watchApi(page);
    await page.reload();
    await expect(portfolioValue(page)).toHaveText(valueOf({ ...shares, 'IBE.MC': 34 }));
    expect(statusesOf(await third.stop(), '/api/transactions')).toEqual([200]);
    // The newer set is held in its turn: the next visit's is a 304 again, with the same figures.
    await expect.poll(() => heldSetEtag(page, store!)).toBe(stored.etag);
    const fourth = watchApi(page);
    await page.reload();
    await expect(portfolioValue(page)).toHaveText(valueOf({ ...shares, 'IBE.MC': 34 }));
    expect(statusesOf(await fourth.stop(), '/api/transactions')).toEqual([304]);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => heldStores(page)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

/** The held figures' record (src/worker/held-quotes/figures.ts) of the store: its key and portfolio value, or null. */
const heldFigures = (page: Page, store: string) =>
  page.evaluate(
    (name) =>
      new Promise<{ key: string; portfolioValue: number } | null>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('answers').objectStore('answers').get('figures');
          read.onsuccess = () => {
            db.close();
            const held = read.result as { key: string; figures: { summary: { portfolioValue: number } } } | undefined;
            resolve(held ? { key: held.key, portfolioValue: held.figures.summary.portfolioValue } : null);
          };
          read.onerror = () => (db.close(), reject(read.error));
        };
      }),
    store,
  );

/** Writes `value` as the held figures' portfolio value: what a visit shows tells whether it drew them. */
const setHeldPortfolioValue = (page: Page, store: string, value: number) =>
  page.evaluate(
    ([name, portfolioValue]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const transaction = db.transaction('answers', 'readwrite');
          const answers = transaction.objectStore('answers');
          const read = answers.get('figures');
          read.onsuccess = () => {
            const held = read.result as { figures: { summary: { portfolioValue: number } } };
            held.figures.summary.portfolioValue = portfolioValue;
            answers.put(held, 'figures');
          };
          transaction.oncomplete = () => (db.close(), resolve());
          transaction.onerror = () => (db.close(), reject(transaction.error));
        };
      }),
    [store, value] as const,
  );

test('a second visit with the same inputs shows the figures the first kept, and derives after; any other input derives again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const symbols = ['IBE.MC', 'VWCE.DE'];
  const stock = symbols.map((ticker) => ({
    ticker,
    type: 'stock' as const,
    date: '2022-03-01',
    amount: SHARES,
    value: 1000,
    currency: 'EUR' as const,
  }));
  const user = await freshUser(server.url, 'held-figures', 'correct horse battery', {
    transactions: { stock, dividend: [], commission: [] },
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await signInThroughProvider(page, { username: user.username, password: user.password });
    await expect(portfolioValue(page)).toHaveText(valueOf({ 'IBE.MC': SHARES, 'VWCE.DE': SHARES }));
    await expect.poll(() => heldStores(page)).toHaveLength(1);
    const [store] = await heldStores(page);
    await expect
      .poll(async () => (await heldFigures(page, store!))?.portfolioValue)
      .toBeCloseTo(SHARES * (lastClose('IBE.MC') + lastClose('VWCE.DE')), 6);

    // The held figures are what the next visit shows: a value written into them is on screen after a reload.
    await setHeldPortfolioValue(page, store!, 4321.5);
    await page.reload();
    await expect(portfolioValue(page)).toHaveText('€4,321.50');
    // The derive the answer owed has run: a toggle recombines the tickers, a holding's own view draws.
    const charts = page.getByRole('region', { name: 'Charts' });
    const picker = page.getByRole('group', { name: 'Select active tickers' });
    await expect(charts.getByRole('heading', { name: 'Yahoo Data: VWCE.DE' })).toBeVisible();
    await picker.getByRole('checkbox', { name: 'VWCE.DE' }).uncheck();
    await expect(charts.getByRole('heading', { name: 'Yahoo Data: VWCE.DE' })).toHaveCount(0);
    await expect(charts.getByRole('heading', { name: 'Yahoo Data: IBE.MC' })).toBeVisible();
    await picker.getByRole('checkbox', { name: 'VWCE.DE' }).check();
    await expect(charts.getByRole('heading', { name: 'Yahoo Data: VWCE.DE' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Holdings' }).click();
    await page.getByRole('link', { name: 'IBE.MC', exact: true }).click();
    await expect(
      page.getByRole('figure', { name: 'IBE.MC: value against cost basis' }).locator('canvas'),
    ).toBeVisible();

    // Another session adds shares: the set's version is another input, so the next visit derives again.
    const held = await user.api.get();
    const more = { ...stock[0]!, date: '2023-06-02', amount: 5 };
    const stored = await user.api.put(
      { transactions: { ...held.body.transactions, stock: [...stock, more] } },
      { ifMatch: held.etag },
    );
    expect(stored.status).toBe(200);
    await page.goto('/dashboard');
    await expect(portfolioValue(page)).toHaveText(valueOf({ 'IBE.MC': SHARES + 5, 'VWCE.DE': SHARES }));
    // And what it keeps is the new set's figures, under another key.
    await expect
      .poll(async () => (await heldFigures(page, store!))?.portfolioValue)
      .toBeCloseTo((SHARES + 5) * lastClose('IBE.MC') + SHARES * lastClose('VWCE.DE'), 6);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('on workload M, a second visit’s API answers take at most 5 % of the bytes of a first visit’s', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const workload = makeWorkload('M');
  const folder = writeMarketFolder(workload.charts);
  const own = await startTestServer({ MARKET_DATA_DIR: folder.dir });
  const context = await browser.newContext({ baseURL: own.url });
  try {
    const user = await freshUser(own.url, 'held-m', 'correct horse battery', { transactions: workload.transactions });
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await signInThroughProvider(page, { username: user.username, password: user.password });
    await expect(portfolioValue(page)).toBeVisible();
    // What the sign-in's load held goes: the next load is a first visit's.
    await expect.poll(() => heldStores(page)).toHaveLength(1);
    const [store] = await heldStores(page);
    await expect.poll(() => heldSetEtag(page, store!)).not.toBeNull();
    await deleteHeldStores(page);

    /** A reload until the priced figures are shown and the set and every series are held again. */
    const visit = async () => {
      const watched = watchApi(page);
      await page.reload();
      await expect.poll(() => watched.count('/api/quotes')).toBeGreaterThan(0);
      await expect(page.getByText('Loading prices…')).toHaveCount(0);
      await expect.poll(() => heldSetEtag(page, store!)).not.toBeNull();
      await expect.poll(() => heldSeries(page, store!)).toBe(folder.symbols.length);
      return { answers: await watched.stop(), value: await portfolioValue(page).textContent() };
    };
    const first = await visit();
    expect(statusesOf(first.answers, '/api/transactions')).toEqual([200]);
    const second = await visit();
    expect(statusesOf(second.answers, '/api/transactions')).toEqual([304]);
    expect(second.value).toBe(first.value);
    expect(totalBytes(second.answers), JSON.stringify(second.answers)).toBeLessThanOrEqual(
      totalBytes(first.answers) * 0.05,
    );
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await own.close();
    folder.remove();
  }
});
