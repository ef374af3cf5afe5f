import { createContext } from 'react';

/**
 * Knows which charts still have to draw the data they were given, and sets a performance mark when the
 * last of them has (`charts-painted`: the moment a dashboard's data is on screen). Charts are drawn only
 * near the viewport (components/near-viewport.ts): a chart waits for its turn in the tracker until it knows it is
 * far from the viewport, and one scrolled to later is waited for again, so the mark means every chart
 * on screen or within half a viewport of it has drawn its current data.
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

  /**
   * The charts have been rendered with new data: if none of them has anything to draw (every changed
   * chart is away from the viewport), that data is on screen now.
   */
  rendered(): void {
    this.settle();
  }

  private settle(): void {
    if (this.pending.size === 0) performance.mark(this.markName);
  }
}

/** The tracker of the charts below; charts outside a tracker (the landing page's) report to nobody. */
export const PaintTrackerContext = createContext<PaintTracker | null>(null);
