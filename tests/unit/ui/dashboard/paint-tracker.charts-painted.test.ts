import { afterEach, describe, expect, it } from 'vitest';
import { PaintTracker } from '#src/ui/charts/paint-tracker';

const marks = () => performance.getEntriesByName('test-charts-painted', 'mark').length;

describe("the 'charts-painted' mark", () => {
  afterEach(() => performance.clearMarks('test-charts-painted'));

  it('is set once the last chart has drawn the data it was given', () => {
    const tracker = new PaintTracker('test-charts-painted');
    const [a, b] = [{}, {}];
    tracker.expect('value', a);
    tracker.expect('profit', b);
    tracker.drawn('value', a);
    expect(marks()).toBe(0);
    tracker.drawn('profit', b);
    expect(marks()).toBe(1);
  });

  it('waits for the newest data: a draw of older data does not count', () => {
    const tracker = new PaintTracker('test-charts-painted');
    const [old, fresh] = [{}, {}];
    tracker.expect('value', old);
    tracker.expect('value', fresh);
    tracker.drawn('value', old);
    expect(marks()).toBe(0);
    tracker.drawn('value', fresh);
    expect(marks()).toBe(1);
  });

  it('stops waiting for a chart that went away, and ignores redraws after the mark', () => {
    const tracker = new PaintTracker('test-charts-painted');
    const [a, b] = [{}, {}];
    tracker.expect('value', a);
    tracker.expect('gone', b);
    tracker.drawn('value', a);
    tracker.forget('gone');
    expect(marks()).toBe(1);
    tracker.drawn('value', a);
    tracker.forget('value');
    expect(marks()).toBe(1);
  });

  it('marks at once a render whose changes only charts away from the viewport show (none has anything to draw)', () => {
    const tracker = new PaintTracker('test-charts-painted');
    const [a, b] = [{}, {}];
    tracker.expect('on-screen', a);
    tracker.expect('far', b);
    // The far chart learns it is away from the viewport: it will not draw now.
    tracker.forget('far');
    tracker.rendered();
    expect(marks()).toBe(0);
    tracker.drawn('on-screen', a);
    expect(marks()).toBe(1);
    // New data for the far chart only: nothing near the viewport to wait for.
    tracker.rendered();
    expect(marks()).toBe(2);
  });
});
