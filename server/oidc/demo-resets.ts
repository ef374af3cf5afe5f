/**
 * Returns the demo account to its portfolio every `intervalMs` (DEMO_RESET_SECONDS, a day by default),
 * on a real timer: a reset that fails is logged and the next one tries again; resets never overlap.
 * Returns the cleanup that stops them (the server runs it on close).
 */
import type { Log } from '../log';

export function scheduleDemoResets(reset: () => Promise<unknown>, intervalMs: number, log: Log): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reset()
      .then((outcome) => log.info('demo account', { outcome }))
      .catch((error: unknown) => log.error('demo account reset failed', { error }))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
