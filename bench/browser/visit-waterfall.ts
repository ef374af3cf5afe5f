/**
 * `npx tsx bench/browser/visit-waterfall.ts [--size L] [--dist dir] [--runs 1]`: where a visit's time goes
 * between the navigation and the data. The same set-up as `bench:browser` (the production build, the real
 * server, the workload's seeded user signed in through the provider's form); then each run loads
 * `/dashboard` as a first visit (the held stores deleted) and as a second one (what the first held), and
 * prints every request of the tab (the worker's included) with its start, its first byte and its end in ms
 * since the navigation, its encoded bytes and its content encoding, with the page's marks (each answer of
 * the worker's derive, the charts painted). Requests that start only after another's end wait for it.
 */
import { chromium, type Page, type Request } from '@playwright/test';
import { parseArgs } from 'node:util';
import { startTestServer } from '../../tests/helpers/test-server';
import { makeWorkload, type WorkloadSize } from '../workloads/make-workload';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { openSignedInTab } from './dashboard-session';
import { forgetHeldQuotes, waitForHeldWrites } from './held-quotes';
import { writeMarketFolder } from './market-files';
import { readTimeline, waitForSettled } from './page-probe';
import { createSeededUser } from './seeded-user';

const { values: options } = parseArgs({
  options: {
    size: { type: 'string', default: 'L' },
    dist: { type: 'string', default: 'dist' },
    runs: { type: 'string', default: '1' },
  },
});

interface Row {
  path: string;
  startMs: number;
  firstByteMs: number;
  endMs: number;
  bytes: number;
  status: number;
  encoding: string;
}

/** Loads `/dashboard` and answers every request of the load, in ms since the navigation. */
async function waterfall(page: Page) {
  const requests: Request[] = [];
  const onFinished = (request: Request) => void requests.push(request);
  page.context().on('requestfinished', onFinished);
  try {
    await page.goto('/dashboard');
    await waitForSettled(page, 0, { charts: true });
    const origin = await page.evaluate(() => performance.timeOrigin);
    const rows: Row[] = await Promise.all(
      requests.map(async (request) => {
        const timing = request.timing();
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const start = timing.startTime - origin;
        const url = new URL(request.url());
        return {
          path: `${request.method()} ${url.pathname}${url.search.length > 40 ? `${url.search.slice(0, 40)}…` : url.search}`,
          startMs: Math.round(start),
          firstByteMs: Math.round(start + timing.responseStart),
          endMs: Math.round(start + timing.responseEnd),
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          status: response?.status() ?? 0,
          encoding: (await response?.headerValue('content-encoding')) ?? '',
        };
      }),
    );
    rows.sort((a, b) => a.startMs - b.startMs);
    const { marks } = await readTimeline(page);
    return {
      requests: rows,
      marks: marks.map((mark) => ({ name: mark.name, atMs: Math.round(mark.atMs), detail: mark.detail })),
    };
  } finally {
    page.context().off('requestfinished', onFinished);
  }
}

const size = options.size.toUpperCase() as WorkloadSize;
const workload = makeWorkload(size);
const market = writeMarketFolder(workload.charts);
const server = await startTestServer({ MARKET_DATA_DIR: market.dir, STATIC_DIR: options.dist });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const user = await createSeededUser(server.url, `waterfall-${size.toLowerCase()}`, workload.transactions);
  for (let run = 1; run <= Number(options.runs); run += 1) {
    const tab = await openSignedInTab(browser, server.url, user);
    try {
      await waitForSettled(tab.page, 0, { charts: false });
      await forgetHeldQuotes(tab.page);
      const first = await waterfall(tab.page);
      await waitForHeldWrites(tab.page);
      const second = await waterfall(tab.page);
      process.stdout.write(`${JSON.stringify({ size, run, first, second }, null, 1)}\n`);
    } finally {
      await tab.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
  market.remove();
}
