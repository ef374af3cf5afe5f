/**
 * Chart work (creating a uPlot, handing it new data) queued into animation frames, so a dashboard of
 * many charts never blocks the main thread in one long task. Each frame runs the oldest task, then more
 * while the frame's budget lasts; what is left waits for the next frame.
 */

/** ms of chart work per frame, leaving room for layout and paint in a 16.7 ms frame. */
const FRAME_BUDGET_MS = 8;

const tasks: Array<() => void> = [];
let frameRequested = false;

function runFrame(): void {
  frameRequested = false;
  const started = performance.now();
  try {
    do {
      tasks.shift()?.();
    } while (tasks.length > 0 && performance.now() - started < FRAME_BUDGET_MS);
  } finally {
    // A task that throws is reported as uncaught; the charts after it still get their frames.
    if (tasks.length > 0) requestFrame();
  }
}

function requestFrame(): void {
  if (frameRequested) return;
  frameRequested = true;
  requestAnimationFrame(runFrame);
}

/** Runs `task` in a coming animation frame, after the tasks queued before it; returns a cancel function. */
export function inComingFrame(task: () => void): () => void {
  const entry = () => task();
  tasks.push(entry);
  requestFrame();
  return () => {
    const at = tasks.indexOf(entry);
    if (at >= 0) tasks.splice(at, 1);
  };
}
