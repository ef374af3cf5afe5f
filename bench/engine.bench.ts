/**
 * `npm run bench`: the portfolio engine on workloads M, L and XL (bench/workloads). Prints JSON, each
 * figure as the median of 5 runs and the worst of them (`{ median, worst }`), and every target beside it:
 *   cold  — setTransactions + setQuotes + derive in a fresh process (5 processes), with its
 *           peak RSS and the memory the engine retains;
 *   warm  — the same in a warmed-up process, and derive alone when every ticker is computed (with a
 *           benchmark set, so every figure is in); returnsAndHoldingsMs is the part of it the holdings,
 *           TWR and MWR take;
 *   recombine — combine() after toggling one ticker off, with the full (major) GCs that ran inside it;
 *   oneTickerChange — setTransactions with one transaction edited + derive;
 *   baseChange — setBaseCurrency to the other of EUR and GBP + derive, on an engine that has derived only in
 *   its base (issue 34), its code warm as every figure here;
 *   baseSwitchBack — the same, back and forth on one engine (the base before kept). The cold run times
 *   the first base change in its process too (`firstBaseChangeMs`: the code compiled as it runs).
 * The cold run also splits itself: the bundle's load and evaluation, setTransactions, setQuotes, and the
 * first derive's steps (the engine's `onStep`: the tickers' series, summary, combine, returns, benchmark,
 * income, account).
 * L and XL carry the account's deposits and withdrawals (`workload.cash`), so every derive there computes
 * the account figures too (cash, account value, the return on deposits).
 * `--sizes XL` (or `M,L`) picks workloads; `--base GBP` runs every figure in GBP (the workload's
 * `toGbp` rates instead of its EUR ones); `--out FILE` also writes the JSON to FILE (for
 * `npm run docs:performance`).
 * The measuring runs in child processes on a bundle of this file (as the browser runs a bundled worker),
 * so neither the TypeScript loader's time nor its memory is counted. `--cold M|L` and `--warm M|L` are
 * those children's modes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { epochDayFromIso, groupByTicker, type QuoteEntry, type TransactionSet } from '../src/model';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { PortfolioEngine, type DeriveStep, type EngineOptions } from '../src/worker/engine';
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
import { prepareTicker } from '../src/worker/engine/ticker-transactions';
import { growthSeries, periodReturns, twrPercent } from '../src/worker/engine/twr';
import { makeWorkload, WORKLOAD_SIZES, type Workload, type WorkloadSize } from './workloads/make-workload';

const MB = 1024 * 1024;
const RUNS = 5;
/** L: issue 8's targets (warm = the whole pipeline warm), the base change issue 34's. XL: issue 18's (warm = derive with every ticker computed). With `--base GBP` the same targets hold (issue 34). */
const TARGETS = {
  L: {
    warmMs: 100,
    coldMs: 300,
    recombineMs: 20,
    recombineMajorGcs: 0,
    oneTickerChangeMs: 10,
    baseChangeMs: 10,
    memoryMB: 150,
    returnsAndHoldingsMs: 10,
  },
  XL: { warmMs: 100, coldMs: 600, recombineMs: 20, recombineMajorGcs: 0 },
} as const;

interface ColdRun {
  /** From Node's bootstrap to this file's first statement: reading, compiling and evaluating the bundle. */
  bundleLoadMs: number;
  setTransactionsMs: number;
  setQuotesMs: number;
  deriveMs: number;
  totalMs: number;
  /** The first derive's steps (`DeriveStep`), each in ms. */
  deriveSteps: Record<DeriveStep, number>;
  peakRssMB: number;
  /** Peak RSS before the engine ran: Node itself and the workload. */
  rssBeforeEngineMB: number;
  /** JS heap and typed arrays held by the engine and its derivation after a GC (workload excluded). */
  engineMemoryMB: number;
  /**
   * After that (the other base's rates loaded, derived again in the base), the first base change in this
   * process: setBaseCurrency to the other of EUR and GBP + derive, with none of its code compiled yet.
   */
  firstBaseChangeMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median and the worst (largest) of the runs. */
function spread(values: number[], digits = 1): { median: number; worst: number } {
  return { median: round(median(values), digits), worst: round(Math.max(...values), digits) };
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
function coldRun(size: WorkloadSize, bundleLoadMs: number): ColdRun {
  const workload = makeWorkload(size);
  collectGarbage();
  const rssBeforeEngineMB = process.resourceUsage().maxRSS / 1024;
  const heapBefore = heapAndBuffers();
  const deriveSteps = {} as Record<DeriveStep, number>;
  const engine = new PortfolioEngine({ onStep: (step, ms) => (deriveSteps[step] = (deriveSteps[step] ?? 0) + ms) });
  engine.setBaseCurrency(BASE);
  const setTransactionsMs = timed(() => engine.setTransactions(withCash(workload)));
  const setQuotesMs = timed(() => engine.setQuotes(quotesOf(workload)));
  let derivation: unknown;
  const deriveMs = timed(() => (derivation = engine.derive(workload.asOf, null)));
  collectGarbage();
  const engineMemoryMB = (heapAndBuffers() - heapBefore) / MB;
  if (!derivation) throw new Error('derive returned nothing');
  // The pipeline's peak, read before the base change below adds its own work.
  const peakRssMB = process.resourceUsage().maxRSS / 1024;
  engine.setQuotes(quotesWithBothRates(workload));
  engine.derive(workload.asOf, null);
  const firstBaseChangeMs = timed(() => {
    engine.setBaseCurrency(otherBase());
    engine.derive(workload.asOf, null);
  });
  return {
    bundleLoadMs,
    setTransactionsMs,
    setQuotesMs,
    deriveMs,
    totalMs: setTransactionsMs + setQuotesMs + deriveMs,
    deriveSteps,
    peakRssMB,
    rssBeforeEngineMB,
    engineMemoryMB,
    firstBaseChangeMs,
  };
}

/** Runs this file's bundle in a fresh Node process in `mode` and parses the JSON it prints. */
function spawnRun<T>(bundle: string, mode: '--cold' | '--warm', size: WorkloadSize): T {
  const child = spawnSync(process.execPath, ['--expose-gc', bundle, mode, size, '--base', BASE], {
    encoding: 'utf8',
    maxBuffer: 16 * MB,
  });
  if (child.status !== 0) throw new Error(`${mode} ${size} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as T;
}

/**
 * The part of a derive that holdings, TWR and MWR take, on the workload's real per-ticker series: cash
 * flows, the TWR pass, period returns, XIRR for every period, cost basis and holding per ticker.
 */
function returnsAndHoldingsMs(workload: ReturnType<typeof makeWorkload>): number[] {
  const market = new Map<string, MarketData>(quotesOf(workload).map((entry) => [entry.symbol, parseQuoteEntry(entry)]));
  const prepared = [...groupByTicker(workload.transactions)].map(([ticker, rows]) => prepareTicker(ticker, rows));
  const grid = makeGrid(
    Math.min(...prepared.map((transactions) => transactions.firstDay)),
    epochDayFromIso(workload.asOf),
  );
  const fx = new FxRates();
  const periods = gridPeriods(grid);
  const states = prepared
    .map((transactions) => computeTickerState(grid, periods, transactions, market, fx, BASE))
    .filter((state) => state.series && state.totals);
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

/** The base currency of every figure (`--base`): EUR, or GBP with the workload's `toGbp` rates. */
const BASE = baseArgument();

/** The quotes a base of `base` needs: the tickers' and the rates to it. */
function quotesOf(workload: Workload, base = BASE): QuoteEntry[] {
  if (base === 'EUR') return workload.quotes;
  return [...workload.quotes.filter((entry) => !entry.symbol.endsWith('=X')), ...workload.toGbp.quotes];
}

/** The other of EUR and GBP: the base a base change goes to. */
function otherBase(): 'EUR' | 'GBP' {
  return BASE === 'EUR' ? 'GBP' : 'EUR';
}

/** The tickers' quotes and the rates of both bases (EUR's and GBP's). */
function quotesWithBothRates(workload: Workload): QuoteEntry[] {
  return [...quotesOf(workload, 'EUR'), ...workload.toGbp.quotes];
}

/** The workload's set with its cash, as the engine takes it. */
function withCash(workload: Workload): TransactionSet {
  return { ...workload.transactions, cash: workload.cash };
}

function warmFigures(size: WorkloadSize) {
  const workload = makeWorkload(size);
  const set = withCash(workload);
  // Every new figure: the benchmark too (the workload's first ticker's quote stands in for an index fund).
  const benchmark = workload.quotes[0].symbol;
  const quotes = quotesOf(workload);
  const newEngine = (options: EngineOptions = {}): PortfolioEngine => {
    const engine = new PortfolioEngine(options);
    engine.setBaseCurrency(BASE);
    engine.setBenchmark(benchmark);
    engine.setTransactions(set);
    return engine;
  };
  const pipeline = (): PortfolioEngine => {
    const engine = newEngine();
    engine.setQuotes(quotes);
    engine.derive(workload.asOf, null);
    return engine;
  };
  for (let k = 0; k < 3; k += 1) pipeline();
  const pipelineMs: number[] = [];
  const setQuotesMs: number[] = [];
  const deriveMs: number[] = [];
  for (let k = 0; k < RUNS; k += 1) {
    pipelineMs.push(timed(pipeline));
    const engine = newEngine();
    setQuotesMs.push(timed(() => engine.setQuotes(quotes)));
    deriveMs.push(timed(() => engine.derive(workload.asOf, null)));
  }

  const computed: string[] = [];
  const engine = newEngine({ onTickerComputed: (ticker) => computed.push(ticker) });
  engine.setQuotes(quotes);
  const tickers = Object.keys(engine.derive(workload.asOf, null).tickers);
  const unchangedDeriveMs: number[] = [];
  for (let k = 0; k < RUNS; k += 1) unchangedDeriveMs.push(timed(() => engine.derive(workload.asOf, null)));

  // Full (major) garbage collections that start inside a re-combine: the entries arrive after it.
  const majorGcStarts: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { detail?: { kind?: number } }>) {
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorGcStarts.push(entry.startTime);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const recombineMs: number[] = [];
  const recombineWindows: Array<[number, number]> = [];
  for (let k = 0; k < RUNS; k += 1) {
    const active = tickers.filter((_, index) => index !== k % tickers.length);
    const started = performance.now();
    engine.combine(active);
    const ended = performance.now();
    recombineMs.push(ended - started);
    recombineWindows.push([started, ended]);
  }
  const recombineMajorGcs = () =>
    recombineWindows.map(([from, to]) => majorGcStarts.filter((start) => start >= from && start <= to).length);

  // Edit the value of one late stock transaction (so the grid keeps its first day), alternating.
  const target = workload.transactions.stock.length - 1;
  const editedSets = Array.from({ length: RUNS }, (_, k) => ({
    ...set,
    stock: workload.transactions.stock.map((row, index) =>
      index === target ? { ...row, value: row.value + k + 1 } : row,
    ),
  }));
  computed.length = 0;
  const oneTickerChangeMs = editedSets.map((set) =>
    timed(() => {
      engine.setTransactions(set);
      engine.derive(workload.asOf, null);
    }),
  );
  observer.disconnect();

  // The base currency changed (issue 34), every rate of both loaded: a first change to the other of EUR and
  // GBP (an engine that has only ever derived in its base, as after a visit: every ticker converted anew),
  // and switches back and forth on one engine (the base before is kept: engine/states-per-base.ts). Warm as
  // the rest of this process: its code run twice before (the cold run times the first change in a process).
  const other = otherBase();
  const withBothRates = (): PortfolioEngine => {
    const engine = newEngine();
    engine.setQuotes(quotesWithBothRates(workload));
    engine.derive(workload.asOf, null);
    return engine;
  };
  const changeBase = (engine: PortfolioEngine) => {
    engine.setBaseCurrency(other);
    engine.derive(workload.asOf, null);
  };
  for (let k = 0; k < 2; k += 1) changeBase(withBothRates());
  const baseChangeMs = Array.from({ length: RUNS }, () => {
    const engine = withBothRates();
    return timed(() => changeBase(engine));
  });
  const both = withBothRates();
  const switchBase = (k: number) => {
    both.setBaseCurrency(k % 2 === 0 ? other : BASE);
    both.derive(workload.asOf, null);
  };
  for (let k = 0; k < 2; k += 1) switchBase(k);
  const baseSwitchBackMs = Array.from({ length: RUNS }, (_, k) => timed(() => switchBase(k)));
  return {
    pipelineMs: spread(pipelineMs),
    setQuotesMs: spread(setQuotesMs),
    deriveAllTickersMs: spread(deriveMs),
    deriveUnchangedMs: spread(unchangedDeriveMs),
    recombineMs: spread(recombineMs, 2),
    recombineMajorGcs: spread(recombineMajorGcs(), 0),
    oneTickerChangeMs: spread(oneTickerChangeMs, 2),
    tickersRecomputedPerChange: computed.length / editedSets.length,
    baseChangeMs: spread(baseChangeMs, 2),
    baseSwitchBackMs: spread(baseSwitchBackMs, 2),
    returnsAndHoldingsMs: spread(returnsAndHoldingsMs(workload), 2),
  };
}

function coldFigures(bundle: string, size: WorkloadSize) {
  const runs = Array.from({ length: RUNS }, () => spawnRun<ColdRun>(bundle, '--cold', size));
  const pick = (key: Exclude<keyof ColdRun, 'deriveSteps'>) => spread(runs.map((run) => run[key]));
  const steps = Object.keys(runs[0].deriveSteps) as DeriveStep[];
  const stepFigures = Object.fromEntries(
    steps.map((step) => [`derive_${step}Ms`, spread(runs.map((run) => run.deriveSteps[step]))]),
  );
  return {
    totalMs: pick('totalMs'),
    bundleLoadMs: pick('bundleLoadMs'),
    setTransactionsMs: pick('setTransactionsMs'),
    setQuotesMs: pick('setQuotesMs'),
    deriveMs: pick('deriveMs'),
    peakRssMB: pick('peakRssMB'),
    rssBeforeEngineMB: pick('rssBeforeEngineMB'),
    engineMemoryMB: pick('engineMemoryMB'),
    firstBaseChangeMs: pick('firstBaseChangeMs'),
    ...stepFigures,
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
  const sizes = sizesArgument();
  const results: Partial<
    Record<
      WorkloadSize,
      { workload: unknown; cold: ReturnType<typeof coldFigures>; warm: ReturnType<typeof warmFigures> }
    >
  > = {};
  for (const size of sizes) {
    process.stderr.write(`workload ${size}…\n`);
    results[size] = {
      workload: WORKLOAD_SIZES[size],
      cold: coldFigures(bundle, size),
      warm: spawnRun<ReturnType<typeof warmFigures>>(bundle, '--warm', size),
    };
  }
  /** Each target against the median, and whether the worst run met it too. */
  const against = (value: { median: number; worst: number }, target: number) => ({
    ...value,
    target,
    met: value.median <= target,
    worstMet: value.worst <= target,
  });
  const verdicts: Record<string, Record<string, ReturnType<typeof against>>> = {};
  const large = results.L;
  if (large) {
    const t = TARGETS.L;
    verdicts.L = {
      warmPipelineMs: against(large.warm.pipelineMs, t.warmMs),
      coldDeriveMs: against(large.cold.deriveMs, t.coldMs),
      coldPipelineMs: against(large.cold.totalMs, t.coldMs),
      recombineMs: against(large.warm.recombineMs, t.recombineMs),
      recombineMajorGcs: against(large.warm.recombineMajorGcs, t.recombineMajorGcs),
      oneTickerChangeMs: against(large.warm.oneTickerChangeMs, t.oneTickerChangeMs),
      baseChangeMs: against(large.warm.baseChangeMs, t.baseChangeMs),
      peakRssMB: against(large.cold.peakRssMB, t.memoryMB),
      returnsAndHoldingsMs: against(large.warm.returnsAndHoldingsMs, t.returnsAndHoldingsMs),
    };
  }
  const xl = results.XL;
  if (xl) {
    const t = TARGETS.XL;
    verdicts.XL = {
      warmDeriveMs: against(xl.warm.deriveAllTickersMs, t.warmMs),
      recombineMs: against(xl.warm.recombineMs, t.recombineMs),
      recombineMajorGcs: against(xl.warm.recombineMajorGcs, t.recombineMajorGcs),
      coldPipelineMs: against(xl.cold.totalMs, t.coldMs),
    };
  }
  const report = {
    // Other processes on a shared machine slow every figure down: the load average says how busy it was.
    machine: {
      node: process.version,
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      loadAverage1m: round(loadavg()[0], 2),
    },
    runs: RUNS,
    baseCurrency: BASE,
    results,
    targets: TARGETS,
    verdicts,
  };
  const json = `${JSON.stringify(report, null, 2)}\n`;
  process.stdout.write(json);
  const out = outArgument();
  if (out) {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, json);
  }
}

/** `--out FILE`: where to write the report as well as to stdout. */
function outArgument(): string | undefined {
  const flag = process.argv.indexOf('--out');
  if (flag < 0) return undefined;
  const file = process.argv[flag + 1];
  if (!file || file.startsWith('--')) throw new Error('--out needs a file name');
  return file;
}

function sizesArgument(): WorkloadSize[] {
  const flag = process.argv.indexOf('--sizes');
  const list = flag >= 0 ? (process.argv[flag + 1] ?? '').split(',') : ['M', 'L', 'XL'];
  return list.map((size) => {
    const upper = size.trim().toUpperCase();
    if (!(upper in WORKLOAD_SIZES)) throw new Error(`--sizes takes M, L and XL, not ${size}`);
    return upper as WorkloadSize;
  });
}

function baseArgument(): 'EUR' | 'GBP' {
  const flag = process.argv.indexOf('--base');
  const base = flag >= 0 ? process.argv[flag + 1] : 'EUR';
  if (base !== 'EUR' && base !== 'GBP') throw new Error(`--base takes EUR or GBP, not ${base}`);
  return base;
}

function sizeArgument(flag: number): WorkloadSize {
  const size = process.argv[flag + 1];
  if (size !== 'M' && size !== 'L' && size !== 'XL')
    throw new Error(`${process.argv[flag]} needs M, L or XL, not ${size}`);
  return size;
}

const coldFlag = process.argv.indexOf('--cold');
const warmFlag = process.argv.indexOf('--warm');
if (coldFlag >= 0) {
  const bundleLoadMs = performance.now() - performance.nodeTiming.bootstrapComplete;
  process.stdout.write(JSON.stringify(coldRun(sizeArgument(coldFlag), bundleLoadMs)));
} else if (warmFlag >= 0) process.stdout.write(JSON.stringify(warmFigures(sizeArgument(warmFlag))));
else await main();
