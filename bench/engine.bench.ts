/**
 * `npm run bench`: the portfolio engine on workloads M and L (bench/workloads). Prints JSON:
 *   cold  — setTransactions + setQuotes + derive in a fresh process (median of 3 processes), with its
 *           peak RSS and the heap the engine retains;
 *   warm  — the same in a warmed-up process, median of 10, and derive alone when every ticker is computed;
 *   recombine — combine() after toggling one ticker off, median of 10;
 *   oneTickerChange — setTransactions with one transaction edited + derive, median of 10.
 * Run with `-- --cold M|L` to do one cold run (that is what the parent spawns).
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { PortfolioEngine } from '../src/worker/engine';
import { makeWorkload, WORKLOAD_SIZES, type WorkloadSize } from './workloads/make-workload';

const MB = 1024 * 1024;
const TARGETS_L = { warmMs: 100, coldMs: 300, recombineMs: 20, oneTickerChangeMs: 10, memoryMB: 150 };

interface ColdRun {
  setTransactionsMs: number;
  setQuotesMs: number;
  deriveMs: number;
  totalMs: number;
  peakRssMB: number;
  /** Heap held by the engine and its derivation after a GC (workload excluded). */
  engineHeapMB: number;
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
  const heapBefore = heapAndBuffers();
  const engine = new PortfolioEngine();
  const setTransactionsMs = timed(() => engine.setTransactions(workload.transactions));
  const setQuotesMs = timed(() => engine.setQuotes(workload.quotes));
  let derivation: unknown;
  const deriveMs = timed(() => (derivation = engine.derive(workload.asOf, null)));
  collectGarbage();
  const engineHeapMB = (heapAndBuffers() - heapBefore) / MB;
  if (!derivation) throw new Error('derive returned nothing');
  return {
    setTransactionsMs,
    setQuotesMs,
    deriveMs,
    totalMs: setTransactionsMs + setQuotesMs + deriveMs,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    engineHeapMB,
  };
}

function spawnColdRun(size: WorkloadSize): ColdRun {
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', import.meta.filename, '--cold', size], {
    encoding: 'utf8',
    maxBuffer: 16 * MB,
  });
  if (child.status !== 0) throw new Error(`cold run ${size} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as ColdRun;
}

function warmFigures(size: WorkloadSize) {
  const workload = makeWorkload(size);
  const pipeline = (): PortfolioEngine => {
    const engine = new PortfolioEngine();
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
    engine.setTransactions(workload.transactions);
    setQuotesMs.push(timed(() => engine.setQuotes(workload.quotes)));
    deriveMs.push(timed(() => engine.derive(workload.asOf, null)));
  }

  const computed: string[] = [];
  const engine = new PortfolioEngine({ onTickerComputed: (ticker) => computed.push(ticker) });
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
  };
}

function coldFigures(size: WorkloadSize) {
  const runs = [spawnColdRun(size), spawnColdRun(size), spawnColdRun(size)];
  const pick = (key: keyof ColdRun) => round(median(runs.map((run) => run[key])));
  return {
    totalMs: pick('totalMs'),
    setTransactionsMs: pick('setTransactionsMs'),
    setQuotesMs: pick('setQuotesMs'),
    deriveMs: pick('deriveMs'),
    peakRssMB: round(Math.max(...runs.map((run) => run.peakRssMB))),
    engineHeapMB: pick('engineHeapMB'),
  };
}

function main(): void {
  const results = Object.fromEntries(
    (['M', 'L'] as const).map((size) => [size, { workload: WORKLOAD_SIZES[size], cold: coldFigures(size), warm: warmFigures(size) }]),
  );
  const large = results.L;
  const report = {
    // Other processes on a shared machine slow every figure down: the load average says how busy it was.
    machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model, loadAverage1m: round(loadavg()[0], 2) },
    results,
    targetsL: TARGETS_L,
    meetsTargetsL: {
      warm: large.warm.pipelineMs <= TARGETS_L.warmMs,
      cold: large.cold.totalMs <= TARGETS_L.coldMs,
      recombine: large.warm.recombineMs <= TARGETS_L.recombineMs,
      oneTickerChange: large.warm.oneTickerChangeMs <= TARGETS_L.oneTickerChangeMs,
      memory: large.cold.peakRssMB <= TARGETS_L.memoryMB,
    },
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

const coldFlag = process.argv.indexOf('--cold');
if (coldFlag >= 0) {
  const size = process.argv[coldFlag + 1];
  if (size !== 'M' && size !== 'L') throw new Error(`--cold needs M or L, not ${size}`);
  process.stdout.write(JSON.stringify(coldRun(size)));
} else {
  main();
}
