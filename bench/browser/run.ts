/**
 * `npm run bench:browser`: the product in real Chromium, on the production build and the real server,
 * for workloads L, M and XL (bench/workloads). Prints JSON: per workload the median and the worst of
 * several runs of the dashboard's load, a ticker toggle (off and on again), opening /transactions and a
 * DEGIRO import, a first visit's load (nothing held in IndexedDB) and a second visit's (the quotes held by
 * the first), with the bytes of the API's answers in each (`bytesFirstLoad`, `bytesSecondLoad`: encoded
 * bodies and headers), when the data arrived and the charts were painted in each, the bundle sizes, and each target against the median and the worst run.
 *
 *   npm run bench:browser                         # builds into a temporary folder, L, M, XL, 5 runs each
 *   npm run bench:browser -- --runs 5 --sizes M   # more runs, one workload
 *   npm run bench:browser -- --dist dist          # an existing build instead of a fresh one
 *   npm run bench:browser -- --cpu-throttle 2     # the page's main thread 2 × slower (Chromium's throttling): the margin
 *   npm run bench:browser -- --out var/bench/browser.json   # the JSON to a file as well (npm run docs:performance)
 *
 * Each workload gets its own server (QUOTES_PROVIDER=files on the workload's charts, a fresh SQLite
 * DATA_DIR) and user (created through the built-in provider, seeded with PUT /api/transactions). Each
 * run signs in through the provider's form in a fresh browser context, then reloads `/dashboard`
 * (the probe's marks, page-probe.ts) once without and once with the quotes held, toggles the first ticker off and on, scrolls to the end of the dashboard
 * (charts are drawn as they come near the viewport: this draws every one), opens /income, imports a generated statement on
 * /transactions and loads the dashboard again on the grown set; the user's transactions are stored
 * again before the next run.
 */
import { chromium } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestServer, PROJECT_ROOT } from '../../tests/helpers/test-server';
import { makeWorkload, WORKLOAD_SIZES, type WorkloadSize } from '../workloads/make-workload';
import { apiBytesDuring } from './api-bytes';
import { bundleSizes } from './bundle-sizes';
import {
  measureImport,
  measureLoad,
  measureScrollThrough,
  measureToggle,
  openIncomePage,
  openSignedInTab,
  openTransactionsPage,
} from './dashboard-session';
import { workloadStatement } from './degiro-csv';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { forgetHeldQuotes, waitForHeldWrites } from './held-quotes';
import { waitForSettled } from './page-probe';
import { writeMarketFolder } from './market-files';
import { createSeededUser } from './seeded-user';
import { medianFigures, worstFigures } from './stats';
import { verdicts } from './targets';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    sizes: { type: 'string', default: 'L,M,XL' },
    dist: { type: 'string' },
    'import-rows': { type: 'string', default: '20000' },
    'cpu-throttle': { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});
const cpuThrottle = Number(options['cpu-throttle']);
const runs = Number(options.runs);
const importRows = Number(options['import-rows']);
const sizes = options.sizes.split(',').map((size) => size.trim().toUpperCase());
for (const size of sizes)
  if (!(size in WORKLOAD_SIZES))
    throw new Error(`Unknown workload ${size}: use ${Object.keys(WORKLOAD_SIZES).join(', ')}`);

const log = (message: string) => process.stderr.write(`${message}\n`);

function buildDist(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'investments-bench-dist-'));
  log(`building into ${dir}`);
  const built = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`vite build failed (${built.status ?? built.signal})`);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function benchWorkload(size: WorkloadSize, distDir: string) {
  const workload = makeWorkload(size);
  const market = writeMarketFolder(workload.charts);
  const server = await startTestServer({ MARKET_DATA_DIR: market.dir, STATIC_DIR: distDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const user = await createSeededUser(server.url, `bench-${size.toLowerCase()}`, workload.transactions);
    const tickers = market.symbols.filter((symbol) => !symbol.endsWith('=X'));
    const statement = workloadStatement(workload, importRows);
    const results = [];
    for (let run = 1; run <= runs; run += 1) {
      log(`${size} run ${run}/${runs} (load average ${loadavg()[0]!.toFixed(2)})`);
      const tab = await openSignedInTab(browser, server.url, user, { cpuThrottle });
      try {
        // A first visit: the quotes the sign-in's load stored in IndexedDB are deleted before it. Then
        // the second visit of the same user, drawn from what the first stored. The API answers' bytes
        // over the wire for each.
        // The sign-in's own load first settles (its worker writes what it fetched), then its store goes.
        await waitForSettled(tab.page, 0, { charts: false });
        const forgotten = await forgetHeldQuotes(tab.page);
        if (run === 1) log(`${size} held quote stores deleted before the first visit: ${forgotten}`);
        const {
          result: load,
          bytes: bytesFirstLoad,
          answers,
        } = await apiBytesDuring(tab.page, () => measureLoad(tab.page));
        if (run === 1) log(`${size} load's API answers: ${answers.join(', ')}`);
        await waitForHeldWrites(tab.page);
        const { result: secondLoad, bytes: bytesSecondLoad } = await apiBytesDuring(tab.page, () =>
          measureLoad(tab.page),
        );
        const toggleOff = await measureToggle(tab.page, tickers[0]!);
        const toggleOn = await measureToggle(tab.page, tickers[0]!);
        // Charts are drawn as they come near the viewport: to the end of the dashboard, every chart drawn.
        const scrollThrough = await measureScrollThrough(tab.page);
        const openIncome = await openIncomePage(tab.page);
        const openTransactions = await openTransactionsPage(tab.page);
        const imported = await measureImport(tab.page, statement, tickers);
        // The dashboard again, on the set the import made (tens of thousands of transactions).
        const loadAfterImport = await measureLoad(tab.page);
        results.push({
          load,
          secondLoad,
          bytesFirstLoad,
          bytesSecondLoad,
          bytesSecondPercent: (100 * bytesSecondLoad) / bytesFirstLoad,
          dataArrivedFirstMs: load.dataArrivedMs,
          dataArrivedSecondMs: secondLoad.dataArrivedMs,
          chartsPaintedFirstMs: load.chartsPaintedMs,
          chartsPaintedSecondMs: secondLoad.chartsPaintedMs,
          toggleOff,
          toggleOn,
          scrollThrough,
          openIncome,
          openTransactions,
          import: imported,
          loadAfterImport,
        });
      } finally {
        await tab.close();
        await user.reseed();
      }
    }
    return {
      ...WORKLOAD_SIZES[size],
      runs,
      median: medianFigures(results),
      worst: worstFigures(results),
      each: results,
    };
  } finally {
    await browser.close();
    await server.close();
    market.remove();
  }
}

const loadBefore = loadavg();
const built = options.dist ? null : buildDist();
const distDir = options.dist ?? built!.dir;
try {
  const bundle = bundleSizes(distDir);
  const workloads: Record<string, Awaited<ReturnType<typeof benchWorkload>>> = {};
  for (const size of sizes as WorkloadSize[]) workloads[size] = await benchWorkload(size, distDir);
  const report = {
    machine: {
      cpus: cpus().length,
      cpuThrottle,
      loadAverageBefore: loadBefore.map((x) => +x.toFixed(2)),
      loadAverageAfter: loadavg().map((x) => +x.toFixed(2)),
    },
    bundle,
    workloads,
    targets: verdicts(bundle, workloads),
  };
  const json = `${JSON.stringify(report, null, 2)}\n`;
  process.stdout.write(json);
  if (options.out) {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, json);
  }
} finally {
  built?.remove();
}
