/**
 * `npm run bench`: the portfolio engine on workloads M and L (bench/workloads). Prints JSON:
 *   cold  — setTransactions + setQuotes + derive in a fresh process (median of 3 processes), with its
 *           peak RSS and the memory the engine retains;
 *   warm  — the same in a warmed-up process, median of 10, and derive alone when every ticker is computed
 *           (with a benchmark set, so every figure is in); returnsAndHoldingsMs is the part of it the
 *           holdings, TWR and MWR take;
 *   recombine — combine() after toggling one ticker off, median of 10;
 *   oneTickerChange — setTransactions with one transaction edited + derive, median of 10.
 * The measuring runs in child processes on a bundle of this file (as the browser runs a bundled worker),
 * so neither the TypeScript loader's time nor its memory is counted. `--cold M|L` and `--warm M|L` are
 * those children's modes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { epochDayFromIso } from '../src/model';
import { PortfolioEngine } from '../src/worker/engine';
import { gridPeriods } from '../src/worker/engine/calendar-periods';
import { cashFlows } from '../src/worker/engine/cash-flows';
import { FxRates } from '../src/worker/engine/fx-rates';
import { makeGrid } from '../src/worker/engine/grid';
import { costBasisOf, holdingOf } from '../src/worker/engine/holdings';
import { parseQuoteEntry, type MarketData } from '../src/worker/engine/market-series';
import { netFlows, periodMwr } from '../src/worker/engine/mwr';
import { periodStarts } from '../src/worker/engine/return-periods';
import type { TickerSeries } from '../src/worker/engine/ticker-series';
import { computeTickerState } from '../src/worker/engine/ticker-state';
import { groupByTicker, prepareTicker } from '../src/worker/engine/ticker-transactions';
import { TimeZoneDays } from '../src/worker/engine/time-zone-days';
import { growthSeries, periodReturns, twrPercent } from '../src/worker/engine/twr';
import { makeWorkload, WORKLOAD_SIZES, type WorkloadSize } from './workloads/make-workload';

const MB = 1024 * 1024;
const TARGETS_L = { warmMs: 100, coldMs: 300, recombineMs: 20, oneTickerChangeMs: 10, memoryMB: 150, returnsAndHoldingsMs: 10 };

interface ColdRun {
  setTransactionsMs: number;
  setQuotesMs: number;
  deriveMs: number;
  totalMs: number;
  peakRssMB: number;
  /** Peak RSS before the engine ran: Node itself and the workload. */
  rssBeforeEngineMB: number;
  /** JS heap and typed arrays held by the engine and its derivation after a GC (workload excluded). */
  engineMemoryMB: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function round(value: number, digits = 1): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** JS heap plus ArrayBuffer backing stores (typed arrays live outside the JS heap). */
function heapAndBuffers(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** One cold run in this (fresh) process: nothing of the engine has been compiled yet. */
function coldRun(size: WorkloadSize): ColdRun {
  const workload = makeWorkload(size);
  collectGarbage();
  const rssBeforeEngineMB = process.resourceUsage().maxRSS / 1024;
  const heapBefore = heapAndBuffers();
  const engine = new PortfolioEngine();
  const setTransactionsMs = timed(() => engine.setTransactions(workload.transactions));
  const setQuotesMs = timed(() => engine.setQuotes(workload.quotes));
  let derivation: unknown;
  const deriveMs = timed(() => (derivation = engine.derive(workload.asOf, null)));
  collectGarbage();
  const engineMemoryMB = (heapAndBuffers() - heapBefore) / MB;
  if (!derivation) throw new Error('derive returned nothing');
  return {
    setTransactionsMs,
    setQuotesMs,
    deriveMs,
    totalMs: setTransactionsMs + setQuotesMs + deriveMs,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    rssBeforeEngineMB,
    engineMemoryMB,
  };
}

/** Runs this file's bundle in a fresh Node process in `mode` and parses the JSON it prints. */
function spawnRun<T>(bundle: string, mode: '--cold' | '--warm', size: WorkloadSize): T {
  const child = spawnSync(process.execPath, ['--expose-gc', bundle, mode, size], { encoding: 'utf8', maxBuffer: 16 * MB });
  if (child.status !== 0) throw new Error(`${mode} ${size} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as T;
}

/**
 * The part of a derive that holdings, TWR and MWR take, on the workload's real per-ticker series: cash
 * flows, the TWR pass, period returns, XIRR for every period, cost basis and holding per ticker.
 */
function returnsAndHoldingsMs(workload: ReturnType<typeof makeWorkload>): number[] {
  const zones = new TimeZoneDays();
  const market = new Map<string, MarketData>(workload.quotes.map((entry) => [entry.symbol, parseQuoteEntry(entry, zones)]));
  const prepared = [...groupByTicker(workload.transactions)].map(([ticker, rows]) => prepareTicker(ticker, rows));
  const grid = makeGrid(Math.min(...prepared.map((transactions) => transactions.firstDay)), epochDayFromIso(workload.asOf));
  const fx = new FxRates();
  const periods = gridPeriods(grid);
  const states = prepared.map((transactions) => computeTickerState(grid, periods, transactions, market, fx)).filter((state) => state.series && state.totals);
  const series = states.map((state) => state.series as TickerSeries);
  const value = new Float64Array(grid.length);
  for (const ticker of series) for (let d = 0; d < grid.length; d += 1) value[d] += ticker.value[d];
  const starts = periodStarts(grid);
  const portfolioValue = value[grid.length - 1];
  const times: number[] = [];
  for (let k = 0; k < 13; k += 1) {
    times.push(
      timed(() => {
        const flows = cashFlows(grid.length, series);
        const growth = growthSeries(value, flows.bought, flows.sold, flows.income);
        twrPercent(growth);
        periodReturns(growth, starts);
        periodMwr(value, netFlows(flows), starts);
        for (const state of states) holdingOf(state.totals!, costBasisOf(state.series!.entries.stock), portfolioValue);
      }),
    );
  }
  return times.slice(3);
}

function warmFigures(size: WorkloadSize) {
  const workload = makeWorkload(size);
  // Every new figure: the benchmark too (the workload's first ticker's quote stands in for an index fund).
  const benchmark = workload.quotes[0].symbol;
  const pipeline = (): PortfolioEngine => {
    const engine = new PortfolioEngine();
    engine.setBenchmark(benchmark);
    engine.setTransactions(workload.transactions);
    engine.setQuotes(workload.quotes);
    engine.derive(workload.asOf, null);
    return engine;
  };
  for (let k = 0; k < 3; k += 1) pipeline();
  const pipelineMs: number[] = [];
  const setQuotesMs: number[] = [];
  const deriveMs: number[] = [];
  for (let k = 0; k < 10; k += 1) {
    pipelineMs.push(timed(pipeline));
    const engine = new PortfolioEngine();
    engine.setBenchmark(benchmark);
    engine.setTransactions(workload.transactions);
    setQuotesMs.push(timed(() => engine.setQuotes(workload.quotes)));
    deriveMs.push(timed(() => engine.derive(workload.asOf, null)));
  }

  const computed: string[] = [];
  const engine = new PortfolioEngine({ onTickerComputed: (ticker) => computed.push(ticker) });
  engine.setBenchmark(benchmark);
  engine.setTransactions(workload.transactions);
  engine.setQuotes(workload.quotes);
  const tickers = Object.keys(engine.derive(workload.asOf, null).tickers);
  const unchangedDeriveMs: number[] = [];
  for (let k = 0; k < 10; k += 1) unchangedDeriveMs.push(timed(() => engine.derive(workload.asOf, null)));

  const recombineMs: number[] = [];
  for (let k = 0; k < 10; k += 1) {
    const active = tickers.filter((_, index) => index !== k % tickers.length);
    recombineMs.push(timed(() => engine.combine(active)));
  }

  // Edit the value of one late stock transaction (so the grid keeps its first day), alternating.
  const target = workload.transactions.stock.length - 1;
  const editedSets = Array.from({ length: 10 }, (_, k) => ({
    ...workload.transactions,
    stock: workload.transactions.stock.map((row, index) => (index === target ? { ...row, value: row.value + k + 1 } : row)),
  }));
  computed.length = 0;
  const oneTickerChangeMs = editedSets.map((set) =>
    timed(() => {
      engine.setTransactions(set);
      engine.derive(workload.asOf, null);
    }),
  );
  return {
    pipelineMs: round(median(pipelineMs)),
    setQuotesMs: round(median(setQuotesMs)),
    deriveAllTickersMs: round(median(deriveMs)),
    deriveUnchangedMs: round(median(unchangedDeriveMs)),
    recombineMs: round(median(recombineMs), 2),
    oneTickerChangeMs: round(median(oneTickerChangeMs), 2),
    tickersRecomputedPerChange: computed.length / editedSets.length,
    returnsAndHoldingsMs: round(median(returnsAndHoldingsMs(workload)), 2),
  };
}

function coldFigures(bundle: string, size: WorkloadSize) {
  const runs = [0, 1, 2].map(() => spawnRun<ColdRun>(bundle, '--cold', size));
  const pick = (key: keyof ColdRun) => round(median(runs.map((run) => run[key])));
  return {
    totalMs: pick('totalMs'),
    setTransactionsMs: pick('setTransactionsMs'),
    setQuotesMs: pick('setQuotesMs'),
    deriveMs: pick('deriveMs'),
    peakRssMB: round(Math.max(...runs.map((run) => run.peakRssMB))),
    rssBeforeEngineMB: pick('rssBeforeEngineMB'),
    engineMemoryMB: pick('engineMemoryMB'),
  };
}

async function main(): Promise<void> {
  const bundleDir = join(import.meta.dirname, '..', '.bench');
  mkdirSync(bundleDir, { recursive: true });
  const bundle = join(bundleDir, 'engine.bench.mjs');
  // Loaded here only, and kept out of the bundle, so the measuring children never load the bundler.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [import.meta.filename],
    bundle: true,
    external: ['esbuild'],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: bundle,
    logLevel: 'error',
  });
  const results = Object.fromEntries(
    (['M', 'L'] as const).map((size) => [
      size,
      { workload: WORKLOAD_SIZES[size], cold: coldFigures(bundle, size), warm: spawnRun<ReturnType<typeof warmFigures>>(bundle, '--warm', size) },
    ]),
  );
  const large = results.L;
  const report = {
    // Other processes on a shared machine slow every figure down: the load average says how busy it was.
    machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model, loadAverage1m: round(loadavg()[0], 2) },
    results,
    targetsL: TARGETS_L,
    meetsTargetsL: {
      warm: large.warm.pipelineMs <= TARGETS_L.warmMs,
      // derive alone in a fresh process, and the whole first load (set transactions, parse quotes, derive).
      coldDerive: large.cold.deriveMs <= TARGETS_L.coldMs,
      coldPipeline: large.cold.totalMs <= TARGETS_L.coldMs,
      recombine: large.warm.recombineMs <= TARGETS_L.recombineMs,
      oneTickerChange: large.warm.oneTickerChangeMs <= TARGETS_L.oneTickerChangeMs,
      memory: large.cold.peakRssMB <= TARGETS_L.memoryMB,
      returnsAndHoldings: large.warm.returnsAndHoldingsMs <= TARGETS_L.returnsAndHoldingsMs,
    },
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

function sizeArgument(flag: number): WorkloadSize {
  const size = process.argv[flag + 1];
  if (size !== 'M' && size !== 'L') throw new Error(`${process.argv[flag]} needs M or L, not ${size}`);
  return size;
}

const coldFlag = process.argv.indexOf('--cold');
const warmFlag = process.argv.indexOf('--warm');
if (coldFlag >= 0) process.stdout.write(JSON.stringify(coldRun(sizeArgument(coldFlag))));
else if (warmFlag >= 0) process.stdout.write(JSON.stringify(warmFigures(sizeArgument(warmFlag))));
else await main();
