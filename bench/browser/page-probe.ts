/**
 * What the benchmark records inside the page, from the outside: the app carries no benchmark code. An init
 * script (it runs before the app's first script) observes long tasks and the times of user input, and
 * watches the messages between the page and its portfolio worker (the `Worker` named `portfolio`, which
 * Comlink drives): each answer to a `derive` or `combine` sets a `portfolio-data` mark at the moment it
 * reached the main thread, with the worker's compute time and whether prices were still loading (a
 * `loadQuotes` request followed it in the same task). `readTimeline` returns these with the app's own
 * `charts-painted` marks (every chart has drawn its current data); `timedDerive` sends the worker the
 * app's last derive again, as a Comlink call of its own, and times the round trip.
 */
import type { Page } from '@playwright/test';

export const CHARTS_PAINTED = 'charts-painted';
export const PORTFOLIO_DATA = 'portfolio-data';

/** Runs in the page before the app: long tasks (main thread), user input (`change`, `click`), the worker's answers; times in page ms. */
export const PROBE_SCRIPT = `(() => {
  const longTasks = [];
  const inputs = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ startMs: entry.startTime, durationMs: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  for (const type of ['change', 'click']) addEventListener(type, (event) => inputs.push({ type, atMs: event.timeStamp }), true);

  /** The app's portfolio worker, its own postMessage, and what the app last asked it to derive. */
  let worker = null;
  let post = null;
  let lastDerive = null;
  let quotesAsked = 0;
  let benchCalls = 0;
  /** Comlink message id → the method the app called. */
  const calls = new Map();
  const watch = (target) => {
    worker = target;
    post = target.postMessage.bind(target);
    target.postMessage = (message, transfer) => {
      if (message && message.type === 'APPLY' && Array.isArray(message.path)) {
        const method = message.path[message.path.length - 1];
        calls.set(message.id, method);
        if (method === 'loadQuotes') quotesAsked += 1;
        if (method === 'derive') lastDerive = message.argumentList.map((argument) => argument.value);
        if (method === 'combine' && lastDerive) lastDerive = [lastDerive[0], message.argumentList[0].value];
      }
      return post(message, transfer);
    };
    // Added before Comlink's own listener: it runs first, when the answer reaches the main thread.
    target.addEventListener('message', (event) => {
      const data = event.data;
      const method = data && calls.get(data.id);
      if (!method) return;
      calls.delete(data.id);
      if ((method !== 'derive' && method !== 'combine') || data.type !== 'RAW') return;
      const at = performance.now();
      const computeMs = typeof data.value?.computeMs === 'number' ? data.value.computeMs : null;
      const asked = quotesAsked;
      // The app takes the answer in this task's microtasks and asks for quotes at once if it still lacks some.
      setTimeout(() => performance.mark(${JSON.stringify(PORTFOLIO_DATA)}, { startTime: at, detail: { computeMs, pricesLoading: quotesAsked > asked } }), 0);
    });
  };
  const NativeWorker = globalThis.Worker;
  globalThis.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      if (options && options.name === 'portfolio') watch(this);
    }
  };

  const timedDerive = () =>
    new Promise((resolve, reject) => {
      if (!worker || !lastDerive) return reject(new Error('The app has not derived yet'));
      const id = 'bench-' + (benchCalls += 1);
      const started = performance.now();
      const answer = (event) => {
        if (!event.data || event.data.id !== id) return;
        worker.removeEventListener('message', answer);
        if (event.data.type !== 'RAW') return reject(new Error('The worker refused the derive'));
        resolve({ computeMs: event.data.value.computeMs, roundTripMs: performance.now() - started });
      };
      worker.addEventListener('message', answer);
      post({ id, type: 'APPLY', path: ['derive'], argumentList: lastDerive.map((value) => ({ type: 'RAW', value })) }, []);
    });
  Object.defineProperty(globalThis, '__perfProbe', { value: { longTasks, inputs, timedDerive } });
})();`;

export interface LongTask {
  startMs: number;
  durationMs: number;
}

export interface Mark {
  name: string;
  /** ms since navigation start. */
  atMs: number;
  detail: { computeMs?: number | null; pricesLoading?: boolean } | null;
}

export interface UserInput {
  type: 'change' | 'click';
  /** ms since navigation start: the event's time stamp. */
  atMs: number;
}

export interface Timeline {
  longTasks: LongTask[];
  marks: Mark[];
  inputs: UserInput[];
  /** The page's clock when the timeline was read. */
  nowMs: number;
}

export interface TimedRoundTrip {
  /** ms inside the worker. */
  computeMs: number;
  /** ms from the call on the main thread to its answer there: compute plus both messages. */
  roundTripMs: number;
}

interface ProbeGlobal {
  __perfProbe: { longTasks: LongTask[]; inputs: UserInput[]; timedDerive(): Promise<TimedRoundTrip> };
}

/** The app's last derive sent to its worker again, timed from the page: the worker's compute and the round trip. */
export function timedDerive(page: Page): Promise<TimedRoundTrip> {
  return page.evaluate(() => (globalThis as unknown as ProbeGlobal).__perfProbe.timedDerive());
}

export async function readTimeline(page: Page): Promise<Timeline> {
  return page.evaluate(
    ([painted, data]) => {
      const probe = (globalThis as unknown as ProbeGlobal).__perfProbe;
      const marks = [painted, data].flatMap((name) =>
        performance.getEntriesByName(name, 'mark').map((entry) => ({
          name,
          atMs: entry.startTime,
          detail: ((entry as { detail?: unknown }).detail ?? null) as Mark['detail'],
        })),
      );
      marks.sort((a, b) => a.atMs - b.atMs);
      return { longTasks: [...probe.longTasks], marks, inputs: [...probe.inputs], nowMs: performance.now() };
    },
    [CHARTS_PAINTED, PORTFOLIO_DATA] as const,
  );
}

/**
 * Asks the page every 100 ms (`settled`: a plain `page.evaluate`) until it answers true. Not
 * `page.waitForFunction`, which first evaluates Playwright's injected script in the page: a main-thread
 * task of 30–40 ms (thread time, in traces of the load on a loaded machine) that a wait begun right
 * after a navigation put inside the load it measures. An evaluate needs only Playwright's small utility script.
 */
async function pollInPage(settled: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await settled())) {
    if (Date.now() > deadline) throw new Error(`The page did not settle within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface SettleOptions {
  /** Wait for the charts to draw the data too (false where no chart is on the page). */
  charts: boolean;
  /** ms without any mark or long task that count as settled. */
  quietMs?: number;
  timeoutMs?: number;
}

/**
 * Waits until, after `sinceMs`, the portfolio's priced data has arrived, every chart has drawn it (with
 * `charts`), and nothing more happened (no mark, no long task) for `quietMs`.
 */
export async function waitForSettled(
  page: Page,
  sinceMs: number,
  { charts, quietMs = 750, timeoutMs = 120_000 }: SettleOptions,
): Promise<void> {
  const settled = () =>
    page.evaluate(
      ([since, quiet, withCharts, painted, data]) => {
        const probe = (globalThis as unknown as ProbeGlobal).__perfProbe;
        const priced = performance
          .getEntriesByName(data, 'mark')
          .filter(
            (entry) =>
              entry.startTime >= since && !((entry as { detail?: unknown }).detail as Mark['detail'])?.pricesLoading,
          );
        const lastData = priced.at(-1);
        if (!lastData) return false;
        const lastPaint = performance.getEntriesByName(painted, 'mark').at(-1);
        if (withCharts && (!lastPaint || lastPaint.startTime < lastData.startTime)) return false;
        const lastTask = probe.longTasks.at(-1);
        const lastActivity = Math.max(
          lastData.startTime,
          lastPaint?.startTime ?? 0,
          lastTask ? lastTask.startMs + lastTask.durationMs : 0,
        );
        return performance.now() - lastActivity >= quiet;
      },
      [sinceMs, quietMs, charts, CHARTS_PAINTED, PORTFOLIO_DATA] as const,
    );
  await pollInPage(settled, timeoutMs);
}

/** Waits until nothing (no mark, no long task) has happened in the page for `quietMs`. */
export async function waitForQuiet(page: Page, quietMs = 750, timeoutMs = 120_000): Promise<void> {
  const quietNow = () =>
    page.evaluate(
      ([quiet, painted, data]) => {
        const probe = (globalThis as unknown as ProbeGlobal).__perfProbe;
        const lastTask = probe.longTasks.at(-1);
        const lastMark = [painted, data].flatMap((name) =>
          performance.getEntriesByName(name, 'mark').map((entry) => entry.startTime),
        );
        const lastActivity = Math.max(0, ...lastMark, lastTask ? lastTask.startMs + lastTask.durationMs : 0);
        return performance.now() - lastActivity >= quiet;
      },
      [quietMs, CHARTS_PAINTED, PORTFOLIO_DATA] as const,
    );
  await pollInPage(quietNow, timeoutMs);
}
