/**
 * Chart work (creating a uPlot, handing it new data) queued into short tasks of its own, so a dashboard
 * of many charts never blocks the main thread in one long task. Each task runs the oldest piece of work,
 * then more while its budget lasts, and leaves the rest to the next task.
 *
 * Tasks, not animation frames: in a frame, the work would share its task with style, layout, paint and
 * the compositor's commit (on a machine without a GPU, often 20–60 ms alone), and every frame would wait
 * for that commit before the next piece of work could start. Between frames, several pieces of work run,
 * and the browser draws them together in its next frame. A MessageChannel message is a task with no
 * clamping (unlike `setTimeout`), and input and frames still come between two of them.
 */

/**
 * ms of chart work per task. The task lasts longer: one more piece may start before the budget is up,
 * and without a GPU the canvas rasters what uPlot drew when the task ends (up to twice the drawing's
 * own time for thousands of points), so a small budget keeps the task under 50 ms.
 */
const TASK_BUDGET_MS = 8;

const queue: Array<() => void> = [];
let taskPosted = false;
let channel: MessageChannel | null = null;

function runTask(): void {
  taskPosted = false;
  const started = performance.now();
  try {
    do {
      queue.shift()?.();
    } while (queue.length > 0 && performance.now() - started < TASK_BUDGET_MS);
  } finally {
    // A piece of work that throws is reported as uncaught; the charts after it still get their turn.
    if (queue.length > 0) postTask();
  }
}

function postTask(): void {
  if (taskPosted) return;
  taskPosted = true;
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = runTask;
  }
  channel.port2.postMessage(null);
}

/** Runs `work` in a coming task, after the work queued before it; returns a function that cancels it. */
export function queueChartWork(work: () => void): () => void {
  const entry = () => work();
  queue.push(entry);
  postTask();
  return () => {
    const at = queue.indexOf(entry);
    if (at >= 0) queue.splice(at, 1);
  };
}
