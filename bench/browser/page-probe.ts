/**
 * What the benchmark records inside the page. An init script (it runs before the app's first script)
 * observes long tasks and the times of user input; `readTimeline` returns them with the app's marks:
 * `charts-painted` (every chart has drawn its current data) and, with `?bench`, `portfolio-data` (the
 * worker's derivation reached the main thread; src/ui/dashboard/bench-probe.ts).
 */
import type { Page } from '@playwright/test';

export const CHARTS_PAINTED = 'charts-painted';
export const PORTFOLIO_DATA = 'portfolio-data';

/** Runs in the page before the app: long tasks (main thread) and user input (`change`, `click`), in page ms. */
export const PROBE_SCRIPT = `(() => {
  const longTasks = [];
  const inputs = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ startMs: entry.startTime, durationMs: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  for (const type of ['change', 'click']) addEventListener(type, (event) => inputs.push({ type, atMs: event.timeStamp }), true);
  Object.defineProperty(globalThis, '__perfProbe', { value: { longTasks, inputs } });
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

interface ProbeGlobal {
  __perfProbe: { longTasks: LongTask[]; inputs: UserInput[] };
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
export async function waitForSettled(page: Page, sinceMs: number, { charts, quietMs = 750, timeoutMs = 120_000 }: SettleOptions): Promise<void> {
  await page.waitForFunction(
    ([since, quiet, withCharts, painted, data]) => {
      const probe = (globalThis as unknown as ProbeGlobal).__perfProbe;
      const priced = performance
        .getEntriesByName(data, 'mark')
        .filter((entry) => entry.startTime >= since && !((entry as { detail?: unknown }).detail as Mark['detail'])?.pricesLoading);
      const lastData = priced.at(-1);
      if (!lastData) return false;
      const lastPaint = performance.getEntriesByName(painted, 'mark').at(-1);
      if (withCharts && (!lastPaint || lastPaint.startTime < lastData.startTime)) return false;
      const lastTask = probe.longTasks.at(-1);
      const lastActivity = Math.max(lastData.startTime, lastPaint?.startTime ?? 0, lastTask ? lastTask.startMs + lastTask.durationMs : 0);
      return performance.now() - lastActivity >= quiet;
    },
    [sinceMs, quietMs, charts, CHARTS_PAINTED, PORTFOLIO_DATA] as const,
    { timeout: timeoutMs, polling: 100 },
  );
}

/** Waits until nothing (no mark, no long task) has happened in the page for `quietMs`. */
export async function waitForQuiet(page: Page, quietMs = 750, timeoutMs = 120_000): Promise<void> {
  await page.waitForFunction(
    ([quiet, painted, data]) => {
      const probe = (globalThis as unknown as ProbeGlobal).__perfProbe;
      const lastTask = probe.longTasks.at(-1);
      const lastMark = [painted, data].flatMap((name) => performance.getEntriesByName(name, 'mark').map((entry) => entry.startTime));
      const lastActivity = Math.max(0, ...lastMark, lastTask ? lastTask.startMs + lastTask.durationMs : 0);
      return performance.now() - lastActivity >= quiet;
    },
    [quietMs, CHARTS_PAINTED, PORTFOLIO_DATA] as const,
    { timeout: timeoutMs, polling: 100 },
  );
}
