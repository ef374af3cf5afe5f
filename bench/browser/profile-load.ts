/**
 * `npx tsx bench/browser/profile-load.ts [--size XL] [--dist dir] [--runs 1] [--min-ms 30]`: what the
 * dashboard's long tasks are. The same set-up as `bench:browser` (a production build, unminified when it
 * builds one itself so that functions keep their names; the real server; the workload's seeded user),
 * then each run reloads `/dashboard` with Chromium's timeline traced and prints:
 * - the longest main-thread task of the load, and from the worker's first answer on, in wall time and in
 *   thread time (the CPU the main thread got: on a busy machine the wall time also holds other processes'
 *   turns, the thread time does not);
 * - the task each derive or combine answer arrived in;
 * - every task of at least `--min-ms` thread time, with the browser's steps in it (style, layout, paint…;
 *   with `--events`, or where those cover less than half of the task, every trace event in it)
 *   and the functions its profiler samples fell in (inclusive: anywhere on the stack; self: on top).
 * With `--import [--import-rows 20000]`, each run instead goes as bench:browser's import does: from the
 * loaded dashboard to /transactions through the menu, then traces the statement chosen until its preview
 * is shown (`import.parse`), confirms it untraced, and traces the dashboard's load on the grown set
 * (`loadAfterImport`); the user's transactions are stored again after each run. The import's trace
 * also holds the benchmark's own task that makes the file in the page before choosing it (no browser
 * steps, `evaluate` in its samples, hundreds of ms): not the app's, and before the page's `change`.
 * With `--transactions`, each run traces the dashboard's switch to /transactions through the menu instead;
 * with `--scroll`, the scroll through the whole dashboard that bench:browser measures.
 * `--cpu-throttle 2` runs the page's main thread 2 × slower (Chromium's throttling), as bench:browser can.
 * With `--worker`, each traced window also prints the worker's thread: its busy time and the functions
 * its samples fell in; with `--import`, the confirm (click → stored and derived) is then traced too.
 */
import { chromium, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, startTestServer } from '../../tests/helpers/test-server';
import { makeWorkload, type WorkloadSize } from '../workloads/make-workload';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import {
  chooseStatement,
  confirmStatement,
  measureScrollThrough,
  openSignedInTab,
  openTransactionsPage,
} from './dashboard-session';
import { workloadStatement } from './degiro-csv';
import { writeMarketFolder } from './market-files';
import { readTimeline, waitForSettled } from './page-probe';
import { createSeededUser } from './seeded-user';

const { values: options } = parseArgs({
  options: {
    size: { type: 'string', default: 'XL' },
    dist: { type: 'string' },
    runs: { type: 'string', default: '1' },
    'min-ms': { type: 'string', default: '30' },
    import: { type: 'boolean', default: false },
    events: { type: 'boolean', default: false },
    worker: { type: 'boolean', default: false },
    transactions: { type: 'boolean', default: false },
    scroll: { type: 'boolean', default: false },
    'cpu-throttle': { type: 'string', default: '1' },
    'import-rows': { type: 'string', default: '20000' },
  },
});
const minMs = Number(options['min-ms']);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  parent?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const frameName = ({ callFrame: { functionName, url, lineNumber, columnNumber } }: ProfileNode): string =>
  `${functionName || '(anonymous)'} ${url ? `${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}` : ''}`.trim();

/** Per long task: ms by function, inclusive and self, from the samples within it. */
function tasksOf<Task extends { startMs: number; durationMs: number }>(
  profile: Profile,
  tasks: Task[],
  profileStartPageMs: number,
) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) byId.get(child)!.parent = node.id;
  const times: number[] = [];
  let t = 0;
  for (const delta of profile.timeDeltas) times.push((t += delta));
  return tasks.map((task) => {
    const inclusive = new Map<string, number>();
    const self = new Map<string, number>();
    for (let i = 0; i < profile.samples.length; i += 1) {
      const atMs = profileStartPageMs + times[i]! / 1000;
      if (atMs < task.startMs || atMs > task.startMs + task.durationMs) continue;
      const ms = (times[i + 1] !== undefined ? times[i + 1]! - times[i]! : 100) / 1000;
      let node = byId.get(profile.samples[i]!);
      const top = node ? frameName(node) : '?';
      self.set(top, (self.get(top) ?? 0) + ms);
      const seen = new Set<string>();
      while (node) {
        const name = frameName(node);
        if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
        seen.add(name);
        node = node.parent !== undefined ? byId.get(node.parent) : undefined;
      }
    }
    const top = (map: Map<string, number>, n: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, ms]) => `${ms.toFixed(1).padStart(6)} ms  ${name}`);
    return { ...task, inclusive: top(inclusive, 45), self: top(self, 25) };
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    data?: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
  };
  id?: string;
}

/** The sampling profiler's nodes and samples of one thread, in trace time. */
function profileOf(events: TraceEvent[], onThread: (event: TraceEvent) => boolean): Profile {
  const nodes: ProfileNode[] = [];
  const samples: Array<{ ts: number; node: number }> = [];
  const profileIds = new Set(
    events.filter((event) => onThread(event) && event.name === 'Profile').map((event) => event.id),
  );
  let ts =
    (
      events.find((event) => onThread(event) && event.name === 'Profile')?.args?.data as
        { startTime?: number } | undefined
    )?.startTime ?? 0;
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || !profileIds.has(event.id)) continue;
    const data = event.args?.data;
    nodes.push(...(data?.cpuProfile?.nodes ?? []));
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((node, i) => samples.push({ ts: (ts += deltas[i] ?? 0), node }));
  }
  return {
    nodes,
    startTime: 0,
    samples: samples.map((sample) => sample.node),
    timeDeltas: samples.map((sample, i) => sample.ts - (i > 0 ? samples[i - 1]!.ts : 0)),
  };
}

/**
 * With `--worker`: the worker's thread over the traced window from `fromUs` (trace clock) on: its busy
 * ms (tasks' wall and thread time) and where its profiler's samples fell (inclusive and self).
 */
function workerOf(events: TraceEvent[], fromUs: number) {
  const threads = events.filter(
    (event) => event.name === 'thread_name' && /^DedicatedWorker/.test(event.args?.name ?? ''),
  );
  return threads.map((thread) => {
    const onThread = (event: TraceEvent) => event.pid === thread.pid && event.tid === thread.tid;
    const tasks = events.filter(
      (event) => onThread(event) && event.ph === 'X' && /RunTask$/.test(event.name) && event.ts >= fromUs,
    );
    const wallMs = tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000;
    const threadMs = tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000;
    const [whole] = tasksOf(profileOf(events, onThread), [{ startMs: fromUs / 1000, durationMs: Infinity }], 0);
    return {
      tasks: tasks.length,
      wallMs,
      threadMs,
      inclusive: whole!.inclusive,
      self: whole!.self,
      requests: requestsOf(events, fromUs),
    };
  });
}

/** The window's requests (any thread), in the order sent: method, path, and sent → finished in ms from `fromUs`. */
function requestsOf(events: TraceEvent[], fromUs: number): string[] {
  type Data = { requestId?: string; url?: string; requestMethod?: string };
  const finished = new Map<string, number>();
  for (const event of events) {
    const data = event.args?.data as Data | undefined;
    if (event.name === 'ResourceFinish' && data?.requestId) finished.set(data.requestId, event.ts);
  }
  return events
    .filter((event) => event.name === 'ResourceSendRequest' && event.ts >= fromUs)
    .sort((a, b) => a.ts - b.ts)
    .map((event) => {
      const data = event.args?.data as Data;
      const end = finished.get(data.requestId ?? '');
      const path = (data.url ?? '?').replace(/^https?:\/\/[^/]+/, '').slice(0, 90);
      return `${data.requestMethod ?? 'GET'} ${path} ${((event.ts - fromUs) / 1000).toFixed(0)} → ${end ? ((end - fromUs) / 1000).toFixed(0) : '?'} ms`;
    });
}

/**
 * The load traced (Chromium's own timeline, with its sampling profiler): the main thread's tasks of at
 * least `minMs`, each with its wall time and its thread time (the CPU it got: without the time other
 * processes took the core, as on a busy machine), and the functions its samples fell in.
 */
async function profileLoad(page: Page) {
  await page.goto('about:blank');
  return traced(page, 0, async () => {
    await page.goto('/dashboard');
    await waitForSettled(page, 0, { charts: true });
  });
}

/** `action` traced; the tasks from `fromPageMs` (the page's clock) on. */
async function traced(page: Page, fromPageMs: number, action: () => Promise<void>) {
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'disabled-by-default-v8.cpu_profiler',
    ],
  });
  await action();
  const timeline = await readTimeline(page);
  // One moment on both clocks: a trace event stamped now, and the page's clock now.
  const syncPageMs = await page.evaluate(() => {
    console.timeStamp('profile-load-sync');
    return performance.now();
  });
  const buffer = await browser.stopTracing();
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // The page's renderer main thread: of the renderers' main threads, the one that ran the most.
  const busy = new Map<string, number>();
  for (const event of events)
    if (event.name === 'RunTask' && event.ph === 'X')
      busy.set(`${event.pid}:${event.tid}`, (busy.get(`${event.pid}:${event.tid}`) ?? 0) + (event.dur ?? 0));
  const main = events
    .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .sort((a, b) => (busy.get(`${b.pid}:${b.tid}`) ?? 0) - (busy.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = (event: TraceEvent) => event.pid === main.pid && event.tid === main.tid;
  const tasks = events.filter(
    (event) => onMain(event) && event.name === 'RunTask' && event.ph === 'X' && (event.tdur ?? 0) >= minMs * 1000,
  );
  const profile = profileOf(events, onMain);
  // Within each task, the browser's own steps (style, layout, paint, parsing a message…): wall ms summed by name.
  const stepsOf = (task: TraceEvent): string[] => {
    const end = task.ts + (task.dur ?? 0);
    const sums = new Map<string, number>();
    /** Every event's ms by name (nested ones counted again). */
    const others = new Map<string, number>();
    for (const event of events) {
      if (!onMain(event) || event.ph !== 'X' || event === task || event.ts < task.ts || event.ts > end) continue;
      others.set(event.name, (others.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
      if (
        ![
          'UpdateLayoutTree',
          'Layout',
          'PrePaint',
          'Paint',
          'Layerize',
          'Commit',
          'HitTest',
          'ParseHTML',
          'EvaluateScript',
          'FunctionCall',
          'EventDispatch',
          'TimerFire',
          'FireAnimationFrame',
          'MajorGC',
          'MinorGC',
          'V8.GC_SCAVENGER',
          'BlinkGC.AtomicPhase',
          'v8.deserializeValue',
          'V8.DeserializeValue',
          'HandlePostMessage',
          'ScheduleStyleRecalculation',
          'IntersectionObserverController::computeIntersections',
          'ResizeObserverController::DeliverObservations',
          'UpdateLayer',
          'BeginMainThreadFrame',
          'ProxyMain::BeginMainFrame',
          'LocalFrameView::RunPostLifecycleSteps',
        ].includes(event.name)
      )
        continue;
      sums.set(event.name, (sums.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    }
    // What the named steps leave out (compiling or evaluating a script, say): every event in the task, longest first.
    const accounted = [...sums.values()].reduce((total, ms) => total + ms, 0);
    if (options.events || accounted < (task.dur ?? 0) / 2000)
      for (const [name, ms] of others) if (ms >= 1 && !sums.has(name)) sums.set(`(all) ${name}`, ms);
    return [...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
  };
  const asTasks = tasks.map((task) => ({
    startMs: task.ts / 1000,
    durationMs: (task.dur ?? 0) / 1000,
    threadMs: (task.tdur ?? 0) / 1000,
    steps: stepsOf(task),
  }));
  const analysed = tasksOf(profile, asTasks, 0);
  const sync = events.find(
    (event) => event.name === 'TimeStamp' && JSON.stringify(event.args ?? {}).includes('profile-load-sync'),
  );
  const origin = sync ? sync.ts / 1000 - syncPageMs : 0;
  // The task each answer of the worker arrived in (the probe's mark is set in it), with its wall and thread time.
  const answers = timeline.marks
    .filter((mark) => mark.name === 'portfolio-data' && mark.atMs >= fromPageMs)
    .map((mark) => {
      const atUs = (mark.atMs + origin) * 1000;
      const task = events.find(
        (event) =>
          onMain(event) &&
          event.name === 'RunTask' &&
          event.ph === 'X' &&
          event.ts <= atUs &&
          atUs <= event.ts + (event.dur ?? 0),
      );
      return `answer${mark.detail?.pricesLoading ? ' (prices to load)' : ''} at ${mark.atMs.toFixed(0)} ms: its task ${task ? `${((task.dur ?? 0) / 1000).toFixed(1)} ms (thread ${((task.tdur ?? 0) / 1000).toFixed(1)} ms)` : 'not found'}`;
    });
  const mainTasks = events.filter(
    (event) => onMain(event) && event.name === 'RunTask' && event.ph === 'X' && event.ts / 1000 - origin >= fromPageMs,
  );
  const firstData =
    timeline.marks.find((mark) => mark.name === 'portfolio-data' && mark.atMs >= fromPageMs)?.atMs ?? fromPageMs;
  const longest = (list: TraceEvent[], key: 'dur' | 'tdur') =>
    Math.max(0, ...list.map((event) => (event[key] ?? 0) / 1000)).toFixed(1);
  const afterData = mainTasks.filter((event) => event.ts / 1000 - origin >= firstData - 1);
  const summary = [
    `longest task of the load: ${longest(mainTasks, 'dur')} ms wall, ${longest(mainTasks, 'tdur')} ms thread; from the first answer on: ${longest(afterData, 'dur')} ms wall, ${longest(afterData, 'tdur')} ms thread`,
    ...answers,
  ];
  return {
    summary,
    worker: options.worker ? workerOf(events, (fromPageMs + origin) * 1000) : [],
    marks: timeline.marks,
    tasks: analysed
      .map((task) => ({ ...task, startMs: task.startMs - origin }))
      .filter((task) => task.startMs >= fromPageMs),
    allLong: timeline.longTasks
      .filter((task) => task.startMs >= fromPageMs)
      .map((task) => `${task.startMs.toFixed(0)}+${task.durationMs.toFixed(0)}`),
  };
}

const size = options.size!.toUpperCase() as WorkloadSize;
let dist = options.dist;
let built: string | null = null;
if (!dist) {
  built = dist = mkdtempSync(join(tmpdir(), 'investments-profile-dist-'));
  const result = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--logLevel',
      'warn',
      '--sourcemap',
      'false',
      '--minify',
      'false',
    ],
    { cwd: PROJECT_ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}
const workload = makeWorkload(size);
const market = writeMarketFolder(workload.charts);
const server = await startTestServer({ MARKET_DATA_DIR: market.dir, STATIC_DIR: dist });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const user = await createSeededUser(server.url, `profile-${size.toLowerCase()}`, workload.transactions);
  const tickers = market.symbols.filter((symbol) => !symbol.endsWith('=X'));
  const statement = options.import ? workloadStatement(workload, Number(options['import-rows'])) : null;
  const print = (
    title: string,
    { summary, worker, marks, tasks, allLong }: Awaited<ReturnType<typeof profileLoad>>,
  ) => {
    console.log(`\n=== ${title}: long tasks (wall, the page's observer) ${allLong.join(', ')}`);
    console.log(summary.join('\n'));
    for (const thread of worker) {
      console.log(
        `worker: ${thread.tasks} tasks, ${thread.wallMs.toFixed(1)} ms wall, ${thread.threadMs.toFixed(1)} ms thread\n  requests:\n    ${thread.requests.join('\n    ')}\n  inclusive:\n    ${thread.inclusive.join('\n    ')}\n  self:\n    ${thread.self.join('\n    ')}`,
      );
    }
    console.log(
      `marks: ${marks.map((mark) => `${mark.name}@${mark.atMs.toFixed(0)}${mark.detail?.pricesLoading ? '(loading)' : ''}`).join(', ')}`,
    );
    for (const task of tasks) {
      console.log(
        `\n--- task at ${task.startMs.toFixed(0)} ms, ${task.durationMs.toFixed(1)} ms (thread ${task.threadMs.toFixed(1)} ms)\n  steps: ${task.steps.join(', ')}\n  inclusive:\n    ${task.inclusive.join('\n    ')}\n  self:\n    ${task.self.join('\n    ')}`,
      );
    }
  };
  for (let run = 1; run <= Number(options.runs); run += 1) {
    const tab = await openSignedInTab(browser, server.url, user, { cpuThrottle: Number(options['cpu-throttle']) });
    try {
      // --scroll or --transactions: one step from the loaded dashboard, traced.
      const step = options.scroll
        ? { title: 'scrolling through every chart', run: measureScrollThrough }
        : options.transactions
          ? { title: 'opening /transactions', run: openTransactionsPage }
          : null;
      if (step) {
        await waitForSettled(tab.page, 0, { charts: true });
        const { nowMs: before } = await readTimeline(tab.page);
        print(`run ${run}: ${step.title}`, await traced(tab.page, before, async () => void (await step.run(tab.page))));
        continue;
      }
      if (!statement) {
        print(`run ${run}`, await profileLoad(tab.page));
        continue;
      }
      // --import: as bench:browser does after its other steps: /transactions through the menu, the
      // statement chosen until its preview (traced), tickers typed and confirmed, the dashboard reloaded (traced).
      await waitForSettled(tab.page, 0, { charts: true });
      await openTransactionsPage(tab.page);
      const { nowMs: before } = await readTimeline(tab.page);
      print(
        `run ${run}: import, file chosen → preview`,
        await traced(tab.page, before, async () => void (await chooseStatement(tab.page, statement))),
      );
      if (options.worker) {
        const { nowMs: beforeConfirm } = await readTimeline(tab.page);
        let figures = { confirmed: 0, derived: 0 };
        const trace = await traced(
          tab.page,
          beforeConfirm,
          async () => void (figures = await confirmStatement(tab.page, statement, tickers)),
        );
        const at = (ms: number) => (ms - beforeConfirm).toFixed(0);
        print(
          `run ${run}: import, tickers typed (from 0 ms), confirmed at ${at(figures.confirmed)} ms → stored and derived at ${at(figures.derived)} ms: ${(figures.derived - figures.confirmed).toFixed(0)} ms`,
          trace,
        );
      } else await confirmStatement(tab.page, statement, tickers);
      print(`run ${run}: load after the import`, await profileLoad(tab.page));
    } finally {
      await tab.close();
      if (statement) await user.reseed();
    }
  }
} finally {
  await browser.close();
  await server.close();
  market.remove();
  if (built) rmSync(built, { recursive: true, force: true });
}
