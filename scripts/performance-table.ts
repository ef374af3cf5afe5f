/**
 * `npm run docs:performance`: writes docs/performance.md's table of current figures from the JSON the
 * benchmarks wrote, between the markers `<!-- performance-table:start -->` and
 * `<!-- performance-table:end -->`. Nothing else of the page changes.
 *
 *   npm run bench -- --out var/bench/engine.json
 *   npm run bench:browser -- --out var/bench/browser.json
 *   npm run bench:load -- --out var/bench/load.json
 *   npm run docs:performance                       # reads those three files
 *   npm run docs:performance -- --engine a.json --browser b.json --load c.json --doc docs/performance.md
 *
 * A missing file, or a workload a run did not measure, leaves its cells "not measured yet".
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

export const START_MARKER = '<!-- performance-table:start -->';
export const END_MARKER = '<!-- performance-table:end -->';
export const NOT_MEASURED = 'not measured yet';

const SIZES = ['L', 'M', 'XL'] as const;
type Size = (typeof SIZES)[number];

interface Spread {
  median: number;
  worst: number;
}

/** What this script reads of `npm run bench`'s JSON (bench/engine.bench.ts). */
export interface EngineReport {
  machine?: { node?: string; cpus?: number; cpu?: string; loadAverage1m?: number };
  runs?: number;
  /** Every money figure's currency (`--base`); EUR when absent. */
  baseCurrency?: string;
  results: Partial<Record<Size, { cold: Record<string, Spread>; warm: Record<string, Spread | number> }>>;
}

/** What this script reads of `npm run bench:browser`'s JSON (bench/browser/run.ts). */
export interface BrowserReport {
  machine?: { cpus?: number; cpuThrottle?: number; loadAverageBefore?: number[]; loadAverageAfter?: number[] };
  bundle?: { initialGzipKB?: number; workerGzipKB?: number };
  workloads: Partial<Record<Size, { runs?: number; median: BrowserFigures; worst: BrowserFigures }>>;
}

/** What this script reads of `npm run bench:load`'s JSON (tests/hardening/tools/load.ts). */
export interface LoadReport {
  machine?: { cpus?: number; node?: string; loadAverage1m?: number };
  results: Array<{
    storage: string;
    users: number;
    durationS: number;
    transactionsPerSet: number;
    requestsPerSecond: number;
    errors: number;
    get: { p50Ms: number; p99Ms: number };
    put: { p50Ms: number; p99Ms: number };
  }>;
  /** Two instances on one PostgreSQL, one SIGKILLed and restarted every few seconds (`instance-kills.ts`). */
  instanceKilled?: {
    users: number;
    durationS: number;
    kills: number;
    requestsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    byStatus: Record<string, number>;
    acknowledgedWrites: number;
    acknowledgedWritesLost: number;
    writesStoredTwice: number;
  };
}

/** The server under load: one line per run, and the run with an instance killed. */
function loadLines(report: LoadReport | undefined): string[] {
  if (!report) return [`Server under load: ${NOT_MEASURED} (\`npm run bench:load -- --out var/bench/load.json\`).`];
  const lines = [
    '| server under load (`npm run bench:load`) | requests/s | p50 / p99, ms | answers other than 200 | acknowledged writes lost |',
    '|---|---|---|---|---|',
  ];
  for (const run of report.results) {
    const p50 = Math.max(run.get.p50Ms, run.put.p50Ms);
    const p99 = Math.max(run.get.p99Ms, run.put.p99Ms);
    lines.push(
      `| ${run.storage}, one instance, ${run.users} users, ${format(run.transactionsPerSet)}-transaction sets, ${run.durationS} s | ${format(run.requestsPerSecond)} | ${format(p50)} / ${format(p99)} (slower of GET and PUT) | ${run.errors === 0 ? 'none' : `**${run.errors}**`} | — |`,
    );
  }
  const killed = report.instanceKilled;
  if (killed) {
    const others = Object.entries(killed.byStatus)
      .filter(([status]) => status !== '200')
      .map(([status, count]) => `${status}: ${format(count)}`);
    const lost = killed.acknowledgedWritesLost + killed.writesStoredTwice;
    lines.push(
      `| postgres, two instances behind a round-robin proxy, one SIGKILLed and restarted ${killed.kills} time${killed.kills === 1 ? '' : 's'}, ${killed.users} users, ${killed.durationS} s | ${format(killed.requestsPerSecond)} | ${format(killed.p50Ms)} / ${format(killed.p99Ms)} | ${others.length > 0 ? others.join(', ') : 'none'} | ${lost === 0 ? `0 of ${format(killed.acknowledgedWrites)}` : `**${lost}** of ${format(killed.acknowledgedWrites)}`} |`,
    );
  } else lines.push(`| postgres, two instances, one killed | ${NOT_MEASURED} (needs DATABASE_URL) | | | |`);
  const m = report.machine;
  lines.push(
    '',
    `Load: ${m?.cpus ?? '?'} CPUs, Node ${m?.node ?? '?'}, load average ${m?.loadAverage1m ?? '?'} at the end; the load generator shares the machine.`,
  );
  return lines;
}

/** The fields of one run's figures (bench/browser/targets.ts, `WorkloadFigures`) that the table shows. */
interface BrowserFigures {
  load: { longestTaskMs: number; paintAfterDataMs: number; memory: { jsHeapMB: number; arrayBuffersMB: number } };
  /** Issue 35's: a first visit (nothing held in IndexedDB) and a second; absent in older reports. */
  bytesFirstLoad?: number;
  bytesSecondLoad?: number;
  bytesSecondPercent?: number;
  dataArrivedFirstMs?: number;
  dataArrivedSecondMs?: number;
  chartsPaintedFirstMs?: number;
  chartsPaintedSecondMs?: number;
  toggleOff: { longestTaskMs: number; doneMs: number };
  toggleOn: { longestTaskMs: number; doneMs: number };
  scrollThrough: { longestTaskMs: number };
  openTransactions: { longestTaskMs: number };
  openIncome: { longestTaskMs: number };
  import: { parse: { ms: number }; whole: { ms: number; longestTaskMs: number } };
  loadAfterImport: { longestTaskMs: number };
}

interface Row {
  figure: string;
  /** Each workload's cell, or undefined when that workload was not measured. */
  cells: Record<Size, string | undefined>;
  target: string;
}

function format(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** "median / worst", the median in bold when it misses `limit`. */
function cell(spread: Spread | undefined, limit?: number): string | undefined {
  if (!spread) return undefined;
  const median = format(spread.median);
  return `${limit !== undefined && spread.median > limit ? `**${median}**` : median} / ${format(spread.worst)}`;
}

/** The cold derive's steps as the engine names them (`DeriveStep`), with their names in the table. */
const DERIVE_STEPS = [
  ['tickers', "each ticker's series"],
  ['summary', 'summary and holdings'],
  ['combine', 'the tickers summed'],
  ['returns', 'TWR and MWR'],
  ['benchmark', 'benchmark'],
  ['income', 'income'],
  ['account', 'account figures'],
] as const;

function engineRows(report: EngineReport | undefined): Row[] {
  const figure = (
    name: string,
    read: (result: NonNullable<EngineReport['results'][Size]>) => Spread | undefined,
    target: string,
    limits: Partial<Record<Size, number>> = {},
  ): Row => ({
    figure: `engine: ${name}`,
    cells: Object.fromEntries(
      SIZES.map((size) => {
        const result = report?.results[size];
        return [size, result ? cell(read(result), limits[size]) : undefined];
      }),
    ) as Record<Size, string | undefined>,
    target,
  });
  const warm = (key: string) => (result: NonNullable<EngineReport['results'][Size]>) =>
    result.warm[key] as Spread | undefined;
  const cold = (key: string) => (result: NonNullable<EngineReport['results'][Size]>) => result.cold[key];
  return [
    figure('re-combine after a toggle, ms', warm('recombineMs'), '≤ 20 (L, XL)', { L: 20, XL: 20 }),
    figure('full (major) GCs inside a re-combine', warm('recombineMajorGcs'), '0 (L, XL)', { L: 0, XL: 0 }),
    figure('derive, every ticker computed, warm, ms', warm('deriveAllTickersMs'), '≤ 100 (XL)', { XL: 100 }),
    figure('derive, nothing changed, warm, ms', warm('deriveUnchangedMs'), '—'),
    figure('whole pipeline, warm, ms', warm('pipelineMs'), '≤ 100 (L)', { L: 100 }),
    figure('of it: TWR, MWR and holdings, ms', warm('returnsAndHoldingsMs'), '≤ 10 (L)', { L: 10 }),
    figure('cold pipeline (fresh process), ms', cold('totalMs'), '≤ 300 (L), ≤ 600 (XL)', { L: 300, XL: 600 }),
    figure('of it: loading and evaluating the bundle, ms', cold('bundleLoadMs'), '—'),
    figure('of it: setTransactions, ms', cold('setTransactionsMs'), '—'),
    figure('of it: setQuotes, ms', cold('setQuotesMs'), '—'),
    figure('of it: derive, ms', cold('deriveMs'), '—'),
    ...DERIVE_STEPS.map(([step, name]) => figure(`of the derive: ${name}, ms`, cold(`derive_${step}Ms`), '—')),
    figure('one transaction edited + derive, ms', warm('oneTickerChangeMs'), '≤ 10 (L)', { L: 10 }),
    figure('base currency changed (EUR → GBP, first time) + derive, ms', warm('baseChangeMs'), '≤ 10 (L)', { L: 10 }),
    figure(
      'base currency changed, the first change in a fresh process (its code compiled as it runs), ms',
      cold('firstBaseChangeMs'),
      '—',
    ),
    figure('base currency switched back and forth + derive, ms', warm('baseSwitchBackMs'), '—'),
    figure('peak RSS, MB', cold('peakRssMB'), '≤ 150 (L)', { L: 150 }),
  ];
}

function browserRows(report: BrowserReport | undefined): Row[] {
  const figure = (
    name: string,
    read: (figures: BrowserFigures) => number,
    target: string,
    limits: Partial<Record<Size, number>> = {},
  ): Row => ({
    figure: `browser: ${name}`,
    cells: Object.fromEntries(
      SIZES.map((size) => {
        const workload = report?.workloads[size];
        // A figure an older report does not hold reads as NaN: not measured.
        const measured = workload && Number.isFinite(read(workload.median));
        return [
          size,
          measured ? cell({ median: read(workload.median), worst: read(workload.worst) }, limits[size]) : undefined,
        ];
      }),
    ) as Record<Size, string | undefined>,
    target,
  });
  const everySize = { L: 50, M: 50, XL: 50 };
  const kB = (bytes: number | undefined) => (bytes === undefined ? Number.NaN : Math.round(bytes / 100) / 10);
  const or = (value: number | undefined) => value ?? Number.NaN;
  return [
    figure('data arrived, first visit, ms', (f) => or(f.dataArrivedFirstMs), '≤ 700 (L), ≤ 1,500 (XL)', {
      L: 700,
      XL: 1_500,
    }),
    figure('data arrived, second visit, ms', (f) => or(f.dataArrivedSecondMs), '≤ 400 (L), ≤ 800 (XL)', {
      L: 400,
      XL: 800,
    }),
    figure('charts painted, first visit, ms', (f) => or(f.chartsPaintedFirstMs), '—'),
    figure('charts painted, second visit, ms', (f) => or(f.chartsPaintedSecondMs), '—'),
    figure('API bytes, first visit, KB', (f) => kB(f.bytesFirstLoad), '≤ 1,500 (L), ≤ 6,000 (XL)', {
      L: 1_500,
      XL: 6_000,
    }),
    figure('API bytes, second visit, KB', (f) => kB(f.bytesSecondLoad), '—'),
    figure('API bytes, second visit, % of the first', (f) => or(f.bytesSecondPercent), '≤ 5', { L: 5, M: 5, XL: 5 }),
    figure('longest main-thread task, load, ms', (f) => f.load.longestTaskMs, '≤ 50', everySize),
    figure(
      'longest task, ticker toggle, ms',
      (f) => Math.max(f.toggleOff.longestTaskMs, f.toggleOn.longestTaskMs),
      '≤ 50',
      everySize,
    ),
    figure('longest task, scrolling through every chart, ms', (f) => f.scrollThrough.longestTaskMs, '≤ 50', everySize),
    figure('longest task, opening /transactions, ms', (f) => f.openTransactions.longestTaskMs, '≤ 50', everySize),
    figure('longest task, opening /income, ms', (f) => f.openIncome.longestTaskMs, '≤ 50', everySize),
    figure('longest task, 20,000-row import, ms', (f) => f.import.whole.longestTaskMs, '≤ 50', everySize),
    figure('longest task, load after the import, ms', (f) => f.loadAfterImport.longestTaskMs, '≤ 50', everySize),
    figure(
      'charts near the viewport painted after the data arrived, ms',
      (f) => f.load.paintAfterDataMs,
      '≤ 1,500 (L)',
      { L: 1_500 },
    ),
    figure('re-render after a toggle, ms', (f) => Math.max(f.toggleOff.doneMs, f.toggleOn.doneMs), '≤ 150 (L)', {
      L: 150,
    }),
    figure('20,000-row import: file chosen to preview, ms', (f) => f.import.parse.ms, '—'),
    figure('20,000-row import: file chosen to stored and derived, ms', (f) => f.import.whole.ms, '—'),
    figure(
      'JS heap and array buffers after load, MB',
      (f) => f.load.memory.jsHeapMB + f.load.memory.arrayBuffersMB,
      '≤ 150 (L)',
      { L: 150 },
    ),
  ];
}

/** The block between the markers: the table and the lines that say what it was measured on. */
export function renderPerformanceTable(
  engine: EngineReport | undefined,
  browser: BrowserReport | undefined,
  load?: LoadReport,
): string {
  const rows = [...engineRows(engine), ...browserRows(browser)];
  const lines = [
    "<!-- Written by `npm run docs:performance` from the benchmarks' JSON; do not edit by hand. -->",
    '',
    '| figure: median / worst run | L | M | XL | target |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.figure} | ${SIZES.map((size) => row.cells[size] ?? NOT_MEASURED).join(' | ')} | ${row.target} |`,
    ),
    '',
  ];
  const bundle = browser?.bundle;
  lines.push(
    bundle?.initialGzipKB !== undefined && bundle.workerGzipKB !== undefined
      ? `Bundles: initial JS ${format(bundle.initialGzipKB)} KB gzip (≤ 150); the worker's first chunk ${format(bundle.workerGzipKB)} KB gzip (≤ 40).`
      : `Bundles: ${NOT_MEASURED} (\`npm run bench:browser\` measures them).`,
  );
  lines.push('');
  const m = engine?.machine;
  lines.push(
    engine
      ? `Engine: ${engine.runs ?? 5} runs per figure, base currency ${engine.baseCurrency ?? 'EUR'}, Node ${m?.node ?? '?'}, ${m?.cpus ?? '?'} × ${m?.cpu ?? 'CPU'}, load average ${m?.loadAverage1m ?? '?'} at the end.`
      : `Engine: ${NOT_MEASURED}.`,
  );
  const b = browser?.machine;
  const runs = browser ? Object.values(browser.workloads).find((workload) => workload?.runs)?.runs : undefined;
  lines.push(
    browser
      ? `Browser: ${runs ?? '?'} runs per figure, ${b?.cpus ?? '?'} CPUs, CPU throttle ${b?.cpuThrottle ?? 1}×, load average ${b?.loadAverageBefore?.[0] ?? '?'} before and ${b?.loadAverageAfter?.[0] ?? '?'} after.`
      : `Browser: ${NOT_MEASURED}.`,
  );
  lines.push('', ...loadLines(load));
  return lines.join('\n');
}

/** `document` with the text between the markers replaced by `block`; throws when the markers are missing. */
export function replaceMarkedBlock(document: string, block: string): string {
  const start = document.indexOf(START_MARKER);
  const end = document.indexOf(END_MARKER);
  if (start < 0 || end < start) throw new Error(`The document has no ${START_MARKER} … ${END_MARKER} block`);
  return `${document.slice(0, start + START_MARKER.length)}\n${block}\n${document.slice(end)}`;
}

function readReport<T>(file: string): T | undefined {
  if (!existsSync(file)) {
    process.stderr.write(`${file} not found: its rows say "${NOT_MEASURED}"\n`);
    return undefined;
  }
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

function main(): void {
  const root = join(import.meta.dirname, '..');
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: join(root, 'var', 'bench', 'engine.json') },
      browser: { type: 'string', default: join(root, 'var', 'bench', 'browser.json') },
      load: { type: 'string', default: join(root, 'var', 'bench', 'load.json') },
      doc: { type: 'string', default: join(root, 'docs', 'performance.md') },
    },
  });
  const block = renderPerformanceTable(
    readReport<EngineReport>(values.engine),
    readReport<BrowserReport>(values.browser),
    readReport<LoadReport>(values.load),
  );
  writeFileSync(values.doc, replaceMarkedBlock(readFileSync(values.doc, 'utf8'), block));
  process.stderr.write(`wrote the table in ${values.doc}\n`);
}

if (process.argv[1] === import.meta.filename) main();
