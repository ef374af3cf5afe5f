import { createContext } from 'react';

/**
 * Knows which charts still have to draw the data they were given, and sets a performance mark when the
 * last of them has (`charts-painted`: the moment a dashboard's data is fully on screen).
 */
export class PaintTracker {
  private readonly pending = new Map<string, unknown>();

  constructor(private readonly markName: string) {}

  /** The chart `id` will draw `data`. */
  expect(id: string, data: unknown): void {
    this.pending.set(id, data);
  }

  /** The chart `id` has drawn `data`; an older data set it drew no longer counts. */
  drawn(id: string, data: unknown): void {
    if (!this.pending.has(id) || this.pending.get(id) !== data) return;
    this.pending.delete(id);
    this.settle();
  }

  /** The chart `id` is gone: nothing to wait for. */
  forget(id: string): void {
    if (this.pending.delete(id)) this.settle();
  }

  private settle(): void {
    if (this.pending.size === 0) performance.mark(this.markName);
  }
}

/** The tracker of the charts below; charts outside a tracker (the landing page's) report to nobody. */
export const PaintTrackerContext = createContext<PaintTracker | null>(null);
