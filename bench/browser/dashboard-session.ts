/**
 * One signed-in browser tab, driven as a user would drive it, and timed: the dashboard's load, a ticker
 * toggle, a DEGIRO import. Every figure comes from the page's own clock (page-probe.ts).
 */
import type { Browser, BrowserContext, ElementHandle, Page } from '@playwright/test';
import type { DegiroStatement } from './degiro-csv';
import { PROBE_SCRIPT, readTimeline, timedDerive, waitForQuiet, waitForSettled } from './page-probe';
import { pageMemory, workerMemory, type MemoryFigures } from './memory';
import { blockingIn, inputAfter, lastDataAndPaint, lastPricedData, type Blocking } from './timeline';

export interface Account {
  username: string;
  password: string;
}

export interface LoadFigures extends Blocking {
  /** ms from navigation to every chart near the viewport drawn with prices (the app's `charts-painted`). */
  chartsPaintedMs: number;
  /** ms from navigation to the priced derivation on the main thread. */
  dataArrivedMs: number;
  /** ms from the priced derivation's arrival to every chart near the viewport drawn. */
  paintAfterDataMs: number;
  /** ms the worker took for that derivation (the portfolio machine's `computeMs`). */
  deriveMs: number;
  /** ms of a derive round trip beyond the worker's compute: both messages, the result's transfer included. */
  transferMs: number;
  /** The main thread's memory when the charts are drawn, and after a garbage collection. */
  memory: MemoryFigures;
  memoryAfterGc: MemoryFigures;
  /** The portfolio worker's memory (after a garbage collection): transactions, quotes, derived series. */
  workerMemory: MemoryFigures;
  /** Charts on the dashboard (figures in the Charts region). */
  charts: number;
  /** Of them, drawn (a plot on a canvas) when the page was settled: those on screen or within half a viewport of it. */
  chartsDrawn: number;
}

export interface ScrollFigures extends Blocking {
  /** Charts drawn once the page has been scrolled to the end: every chart of the dashboard. */
  chartsDrawn: number;
  /** Viewport-high scroll steps it took to reach the end. */
  steps: number;
  /** ms from the last scroll step until every chart has drawn its data. */
  lastDrawnAfterScrollMs: number;
}

export interface InteractionFigures extends Blocking {
  /** ms from the input event to every chart near the viewport drawn with the new data. */
  doneMs: number;
  /** ms from the input event to the worker's answer on the main thread. */
  dataArrivedMs: number;
  /** ms the worker computed. */
  computeMs: number;
}

export interface ImportFigures {
  rows: number;
  /** File chosen → preview shown. */
  parse: Blocking & { ms: number };
  /** 'Import' clicked → saved and derived again (ms); its blocking until the page is quiet. */
  confirm: Blocking & { ms: number };
  /** File chosen → derived again (ms), ticker choices included; its blocking until the page is quiet. */
  whole: Blocking & { ms: number };
}

export interface DashboardTab {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A fresh context with the probe installed, signed in through the provider's form in the page. */
export async function openSignedInTab(
  browser: Browser,
  baseUrl: string,
  account: Account,
  { cpuThrottle = 1 } = {},
): Promise<DashboardTab> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: PROBE_SCRIPT });
  const page = await context.newPage();
  // A slower machine's page on this one: Chromium runs the page's main thread `cpuThrottle` times slower.
  if (cpuThrottle > 1)
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Sign in' }) });
  await form.getByLabel('Username', { exact: true }).fill(account.username);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
  return { context, page, close: () => context.close() };
}

/** Median ms of `times` derive round trips beyond the worker's compute. */
async function transferMs(page: Page, times = 3): Promise<number> {
  const overheads: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const { computeMs, roundTripMs } = await timedDerive(page);
    overheads.push(roundTripMs - computeMs);
  }
  overheads.sort((a, b) => a - b);
  return overheads[overheads.length >> 1]!;
}

/** Opens `/dashboard` in the signed-in tab and waits until every chart has drawn the priced data. */
export async function measureLoad(page: Page): Promise<LoadFigures> {
  await page.goto('/dashboard');
  await waitForSettled(page, 0, { charts: true });
  const timeline = await readTimeline(page);
  const { data, painted } = lastDataAndPaint(timeline, 0);
  const memory = await pageMemory(page, false);
  return {
    chartsPaintedMs: painted.atMs,
    dataArrivedMs: data.atMs,
    paintAfterDataMs: painted.atMs - data.atMs,
    ...blockingIn(timeline.longTasks, 0, painted.atMs),
    deriveMs: data.detail?.computeMs ?? Number.NaN,
    transferMs: await transferMs(page),
    memory,
    memoryAfterGc: await pageMemory(page, true),
    workerMemory: await workerMemory(page.context().browser()!, new URL(page.url()).origin),
    charts: await page.getByRole('region', { name: 'Charts' }).getByRole('figure').count(),
    chartsDrawn: await drawnCharts(page),
  };
}

/** Figures of the Charts region with a plot on a canvas (native query: Playwright's role engine would walk every chart in the page). */
const drawnCharts = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      (
        globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } }
      ).document.querySelectorAll('.charts figure .chart-plot canvas').length,
  );

/**
 * From the top of the dashboard to its end as a reader scrolls: one viewport down with the mouse wheel
 * every `stepMs`, each chart drawn as it comes near; then waits until every chart of the dashboard has
 * drawn its data and the page is quiet. The blocking of the whole scroll, the last draws included.
 */
export async function measureScrollThrough(page: Page, stepMs = 250): Promise<ScrollFigures> {
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await page.mouse.move(720, 450);
  const { nowMs: before } = await readTimeline(page);
  let steps = 0;
  for (;;) {
    const { atEnd, viewport } = await page.evaluate(() => {
      const { document, innerHeight, scrollY } = globalThis as unknown as {
        document: { documentElement: { scrollHeight: number } };
        innerHeight: number;
        scrollY: number;
      };
      return { atEnd: scrollY + innerHeight >= document.documentElement.scrollHeight - 1, viewport: innerHeight };
    });
    if (atEnd) break;
    await page.mouse.wheel(0, viewport);
    steps += 1;
    await page.waitForTimeout(stepMs);
  }
  const { nowMs: lastScroll } = await readTimeline(page);
  // Every figure with a plot, or with its status in place of one (a chart without prices).
  await page.waitForFunction(
    () => {
      const figures = (
        globalThis as unknown as {
          document: { querySelectorAll(selector: string): ArrayLike<{ querySelector(selector: string): unknown }> };
        }
      ).document.querySelectorAll('.charts figure');
      return Array.from(figures).every(
        (figure) => figure.querySelector('.chart-plot canvas') || figure.querySelector('.chart-status'),
      );
    },
    null,
    { timeout: 120_000, polling: 50 },
  );
  const { nowMs: allDrawn } = await readTimeline(page);
  await waitForQuiet(page);
  const timeline = await readTimeline(page);
  return {
    chartsDrawn: await drawnCharts(page),
    steps,
    lastDrawnAfterScrollMs: allDrawn - lastScroll,
    ...blockingIn(timeline.longTasks, before, timeline.nowMs),
  };
}

/** Clicks `ticker`'s checkbox and waits until the charts have drawn the recombined series. */
export async function measureToggle(page: Page, ticker: string): Promise<InteractionFigures> {
  const { nowMs: before } = await readTimeline(page);
  await page
    .getByRole('group', { name: 'Select active tickers' })
    .getByRole('checkbox', { name: ticker, exact: true })
    .click();
  await waitForSettled(page, before, { charts: true });
  const timeline = await readTimeline(page);
  const input = inputAfter(timeline, 'click', before);
  const { data, painted } = lastDataAndPaint(timeline, input);
  return {
    doneMs: painted.atMs - input,
    dataArrivedMs: data.atMs - input,
    computeMs: data.detail?.computeMs ?? Number.NaN,
    ...blockingIn(timeline.longTasks, input, painted.atMs),
  };
}

/**
 * The import panel's elements, found by native `querySelectorAll` in the page: Playwright's selector
 * engines (role, label, text, even CSS, which pierces shadow roots) walk the whole page, which on
 * /transactions holds a row per transaction, and their polling would be measured along with the app.
 */
const IMPORT = {
  fileInput: 'section.import input[type="file"]',
  preview: 'section.import [role="region"][aria-label="Import preview"]',
  tickerInput: (product: string) => `section.import input[aria-label=${JSON.stringify(`Ticker for ${product}`)}]`,
  confirm: 'section.import .import-preview button',
  status: 'section.import [role="status"]',
};

/** Waits for the first element matching `css` (and `text`) by polling a native query; returns it. */
async function nativeElement(page: Page, css: string, text?: RegExp, timeout = 120_000): Promise<ElementHandle> {
  const handle = await page.waitForFunction(
    ([selector, source, flags]) => {
      const { document } = globalThis as unknown as {
        document: { querySelectorAll(selector: string): Iterable<{ textContent: string | null }> };
      };
      const pattern = source === null ? null : new RegExp(source, flags);
      for (const element of document.querySelectorAll(selector))
        if (!pattern || pattern.test(element.textContent ?? '')) return element;
      return null;
    },
    [css, text?.source ?? null, text?.flags ?? ''] as const,
    { timeout, polling: 100 },
  );
  const element = handle.asElement();
  if (!element) throw new Error(`No element for ${css}`);
  return element;
}

/** From the dashboard to /transactions through the menu (no reload); the blocking of the page switch. */
export async function openTransactionsPage(page: Page): Promise<Blocking> {
  const { nowMs: before } = await readTimeline(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Transactions' }).click();
  await nativeElement(page, IMPORT.fileInput);
  await waitForQuiet(page);
  const timeline = await readTimeline(page);
  return blockingIn(timeline.longTasks, before, timeline.nowMs);
}

/** From the page shown to /income through the menu (no reload); the blocking until its chart and tables stand. */
export async function openIncomePage(page: Page): Promise<Blocking> {
  const { nowMs: before } = await readTimeline(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Income' }).click();
  await page.getByRole('table', { name: 'Dividends per year, in EUR' }).waitFor();
  // The chart of the months ahead, or the hint that stands in its place when nothing paid in the past year.
  const chart = page.getByRole('figure', { name: 'Income ahead, by month and holding' }).locator('canvas');
  await chart.or(page.getByText('None of your holdings paid a dividend in the past twelve months.')).waitFor();
  await waitForQuiet(page);
  const timeline = await readTimeline(page);
  return blockingIn(timeline.longTasks, before, timeline.nowMs);
}

export interface ChosenStatement {
  /** ms of the page clock: the file input's change event and the preview's appearance. */
  fileChosenMs: number;
  previewShownMs: number;
  parse: ImportFigures['parse'];
}

/** The page's globals for handing a file to an input (this file is type-checked without the DOM's types). */
interface PageFiles {
  DataTransfer: new () => { items: { add(file: unknown): void }; files: unknown };
  File: new (parts: string[], name: string, options: { type: string }) => unknown;
  Event: new (type: string, init: { bubbles: boolean }) => unknown;
  __benchFiles: unknown;
}

interface PageWatch {
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { childList: boolean; subtree: boolean }): void;
    disconnect(): void;
  };
  document: { querySelector(selector: string): unknown };
  performance: { now(): number };
  __benchSeenMs: number | null;
}

/**
 * Starts watching the page for the first element matching `css`; the function returned waits for it and
 * gives the page-clock ms of the DOM change that added it (a MutationObserver's, exact to that task, where
 * `nativeElement`'s 100 ms polls would round the time up to the next poll).
 */
async function watchFor(page: Page, css: string): Promise<() => Promise<number>> {
  await page.evaluate((selector) => {
    const page = globalThis as unknown as PageWatch;
    page.__benchSeenMs = null;
    const observer = new page.MutationObserver(() => {
      if (page.__benchSeenMs !== null || !page.document.querySelector(selector)) return;
      page.__benchSeenMs = page.performance.now();
      observer.disconnect();
    });
    observer.observe(page.document, { childList: true, subtree: true });
  }, css);
  return async () => {
    await nativeElement(page, css);
    const seenMs = await page.evaluate(() => (globalThis as unknown as PageWatch).__benchSeenMs);
    if (seenMs === null) throw new Error(`${css} was there before the watch began`);
    return seenMs;
  };
}

/**
 * On /transactions: the statement chosen in 'Upload from file:', until its preview is shown. The file is
 * made in the page first, then given to the input in a task of its own, as a file picker does:
 * Playwright's `setInputFiles` would decode megabytes in the very task that runs the app's handler.
 */
export async function chooseStatement(page: Page, statement: DegiroStatement): Promise<ChosenStatement> {
  const fileInput = await nativeElement(page, IMPORT.fileInput);
  await page.evaluate((csv) => {
    const page = globalThis as unknown as PageFiles;
    const chosen = new page.DataTransfer();
    chosen.items.add(new page.File([csv], 'Account.csv', { type: 'text/csv' }));
    page.__benchFiles = chosen.files;
  }, statement.csv);
  const { nowMs: before } = await readTimeline(page);
  const previewShown = await watchFor(page, IMPORT.preview);
  await fileInput.evaluate((input) => {
    const page = globalThis as unknown as PageFiles;
    const target = input as unknown as { files: unknown; dispatchEvent(event: unknown): boolean };
    target.files = page.__benchFiles;
    target.dispatchEvent(new page.Event('change', { bubbles: true }));
  });
  const previewShownMs = await previewShown();
  const timeline = await readTimeline(page);
  const fileChosenMs = inputAfter(timeline, 'change', before);
  // The duration to the preview's DOM change; the blocking up to when it was seen, so the frame that draws it is in.
  return {
    fileChosenMs,
    previewShownMs,
    parse: { ms: previewShownMs - fileChosenMs, ...blockingIn(timeline.longTasks, fileChosenMs, timeline.nowMs) },
  };
}

/**
 * The whole import on /transactions: the statement chosen, a ticker typed for each product, 'Import'
 * confirmed; done when the portfolio has been derived again and the page is quiet.
 */
export async function measureImport(
  page: Page,
  statement: DegiroStatement,
  tickers: readonly string[],
): Promise<ImportFigures> {
  const { fileChosenMs, parse } = await chooseStatement(page, statement);
  const { confirmed, end, derived } = await confirmStatement(page, statement, tickers);
  const { longTasks } = await readTimeline(page);
  return {
    rows: statement.rows,
    parse,
    confirm: { ms: derived - confirmed, ...blockingIn(longTasks, confirmed, end) },
    whole: { ms: derived - fileChosenMs, ...blockingIn(longTasks, fileChosenMs, end) },
  };
}

/**
 * With the statement's preview shown: a ticker typed for each product, 'Import' confirmed; done when the
 * portfolio has been derived again and the page is quiet. The page-clock ms of the click, of the end and of
 * the last priced answer.
 */
export async function confirmStatement(
  page: Page,
  statement: DegiroStatement,
  tickers: readonly string[],
): Promise<{ confirmed: number; end: number; derived: number }> {
  for (const [k, product] of statement.products.entries())
    await (await nativeElement(page, IMPORT.tickerInput(product.name))).fill(tickers[k % tickers.length]!);
  const confirm = await nativeElement(page, IMPORT.confirm, /^Import \d+ new transactions$/);
  const { nowMs: beforeConfirm } = await readTimeline(page);
  await confirm.click();
  await nativeElement(page, IMPORT.status, /^Imported Account\.csv( into [^:]+)?: \d+ new/);
  await waitForSettled(page, beforeConfirm, { charts: false });

  const timeline = await readTimeline(page);
  const confirmed = inputAfter(timeline, 'click', beforeConfirm);
  const end = timeline.nowMs;
  const derived = lastPricedData(timeline, confirmed).atMs;
  return { confirmed, end, derived };
}
