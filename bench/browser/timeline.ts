/** Figures from a page timeline (page-probe.ts): long tasks in a window, and the marks that bound it. */
import { CHARTS_PAINTED, PORTFOLIO_DATA, type LongTask, type Mark, type Timeline, type UserInput } from './page-probe';

/** A long task blocks input for what it lasts beyond 50 ms (the total blocking time's definition). */
const BLOCKING_FROM_MS = 50;

export interface Blocking {
  /** ms; 0 when no task took longer than 50 ms. */
  longestTaskMs: number;
  /** ms: the sum over long tasks of their time beyond 50 ms. */
  totalBlockingMs: number;
  longTasks: number;
}

/** Long tasks that ran during `[fromMs, toMs]`, in part or whole: the task that handled the input counts too. */
export function blockingIn(tasks: readonly LongTask[], fromMs: number, toMs: number): Blocking {
  const inside = tasks.filter((task) => task.startMs + task.durationMs >= fromMs && task.startMs <= toMs);
  return {
    longestTaskMs: Math.max(0, ...inside.map((task) => task.durationMs)),
    totalBlockingMs: inside.reduce((sum, task) => sum + Math.max(0, task.durationMs - BLOCKING_FROM_MS), 0),
    longTasks: inside.length,
  };
}

export interface DataAndPaint {
  /** The last derivation (with prices) that reached the main thread after `sinceMs`. */
  data: Mark;
  /** The last `charts-painted` after it: every chart has drawn that data. */
  painted: Mark;
}

/** The last `portfolio-data` mark with prices after `sinceMs`: the main thread has the worker's answer. */
export function lastPricedData(timeline: Timeline, sinceMs: number): Mark {
  const data = timeline.marks
    .filter((mark) => mark.name === PORTFOLIO_DATA && mark.atMs >= sinceMs && !mark.detail?.pricesLoading)
    .at(-1);
  if (!data) throw new Error(`No priced portfolio data after ${sinceMs.toFixed(0)} ms`);
  return data;
}

/** The last priced `portfolio-data` mark after `sinceMs` and the last `charts-painted` after it. */
export function lastDataAndPaint(timeline: Timeline, sinceMs: number): DataAndPaint {
  const data = lastPricedData(timeline, sinceMs);
  const painted = timeline.marks.filter((mark) => mark.name === CHARTS_PAINTED && mark.atMs >= data.atMs).at(-1);
  if (!painted) throw new Error(`No charts-painted mark after the data at ${data.atMs.toFixed(0)} ms`);
  return { data, painted };
}

/** The first input of `type` at or after `sinceMs`: the moment a measured interaction started. */
export function inputAfter(timeline: Timeline, type: UserInput['type'], sinceMs: number): number {
  const input = timeline.inputs.find((entry) => entry.type === type && entry.atMs >= sinceMs);
  if (!input) throw new Error(`No ${type} event after ${sinceMs.toFixed(0)} ms`);
  return input.atMs;
}
