import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { watchNearViewport } from './near-viewport';

/**
 * Windowing for long tables: only the rows near the viewport are in the document, the others are one
 * spacer row above and one below, as tall as the rows they stand for. A 30-year history of tens of
 * thousands of transactions then costs the page what a screenful costs, on opening and after an import.
 */

export interface RowRange {
  /** First row in the document. */
  start: number;
  /** One past the last row in the document. */
  end: number;
}

/**
 * The rows of a list of `count` rows of `rowHeight` px whose first row's top is at `top` (px, viewport
 * coordinates) that lie in the viewport of `viewportHeight` px widened by `overscan` px each side.
 */
export function rowsInView(
  top: number,
  rowHeight: number,
  count: number,
  viewportHeight: number,
  overscan: number,
): RowRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const start = Math.min(count, Math.max(0, Math.floor((-overscan - top) / rowHeight)));
  const end = Math.min(count, Math.max(start, Math.ceil((viewportHeight + overscan - top) / rowHeight)));
  return { start, end };
}

/** px: a row's height before one has been measured; styles.css gives rows this height. */
const ESTIMATED_ROW_HEIGHT = 34;
/** Every windowed table has the same rows (styles.css `.windowed`): one measurement serves them all. */
let measuredRowHeight = 0;

/** px: the height of a windowed table's row, as last measured (stacked rows on a narrow screen are taller). */
export function windowedRowHeight(): number {
  return measuredRowHeight || ESTIMATED_ROW_HEIGHT;
}

/**
 * Beyond the viewport, above and below, in which a table counts as near: a viewport's height, the rows'
 * own overscan. A table further away keeps the rows it has and measures nothing: on a page of 200
 * tickers' tables, a scroll or a change above them measures the few near the screen, not all 600.
 */
const TABLE_MARGIN = '100% 0px';

/** Tables to tell when the viewport moved or the page's layout changed; told once per frame. */
const listeners = new Set<() => void>();
let framePending = false;
let watching: (() => void) | null = null;

function tellAll(): void {
  framePending = false;
  for (const listener of listeners) listener();
}

function schedule(): void {
  if (framePending) return;
  framePending = true;
  requestAnimationFrame(tellAll);
}

function watchViewport(): () => void {
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
  // A table above grows or shrinks (an import, a deletion, the import preview): the rows below move.
  const observer = new ResizeObserver(schedule);
  observer.observe(document.body);
  return () => {
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
    observer.disconnect();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  watching ??= watchViewport();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      watching?.();
      watching = null;
    }
  };
}

export interface WindowedRows extends RowRange {
  /** px each row is drawn at (spacers are multiples of it). */
  rowHeight: number;
  /** For the `<tbody>` holding the rows: its top is the first row's top. */
  bodyRef: (body: HTMLTableSectionElement | null) => void;
}

/**
 * Which of `count` rows a `<tbody>` should hold now; the range follows scrolling, resizing and layout
 * changes while the table is within a viewport of the screen. Rows are measured once they are drawn.
 * A table that mounts holds none until the near-viewport observer first reports on it: that report comes
 * after the browser's own layout of the frame, so mounting a page of tables measures nothing in the task
 * that mounts it (a measurement there forced the whole new page's layout into that task: opening
 * /transactions from XL's dashboard), and the first rows follow a frame later.
 */
export function useWindowedRows(count: number): WindowedRows {
  const [range, setRange] = useState<RowRange>({ start: 0, end: 0 });
  const [rowHeight, setRowHeight] = useState(windowedRowHeight);
  const bodyRef = useRef<HTMLTableSectionElement | null>(null);
  const countRef = useRef(count);
  countRef.current = count;
  /** Near the viewport, as the observer last said; false until it first says. */
  const nearRef = useRef(false);

  const update = useCallback(() => {
    const body = bodyRef.current;
    if (!body || !nearRef.current) return;
    const drawn = body.querySelector<HTMLTableRowElement>('tr[aria-rowindex]');
    const drawnHeight = drawn?.getBoundingClientRect().height ?? 0;
    if (drawnHeight > 0 && Math.abs(drawnHeight - measuredRowHeight) > 0.5) measuredRowHeight = drawnHeight;
    const height = windowedRowHeight();
    // A viewport's worth of rows either side: a quick scroll or a Tab to the next row finds them there.
    const viewport = window.innerHeight;
    const next = rowsInView(body.getBoundingClientRect().top, height, countRef.current, viewport, viewport);
    setRowHeight((previous) => (previous === height ? previous : height));
    setRange((previous) => (previous.start === next.start && previous.end === next.end ? previous : next));
  }, []);

  useLayoutEffect(() => subscribe(update), [update]);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    return watchNearViewport(
      body,
      (near) => {
        nearRef.current = near;
        if (near) update();
      },
      TABLE_MARGIN,
    );
  }, [update]);
  // After every render: the count may have changed, or the rows were just drawn and can be measured.
  useLayoutEffect(update);

  const setBody = useCallback((body: HTMLTableSectionElement | null) => {
    bodyRef.current = body;
  }, []);
  const start = Math.min(range.start, count);
  return { start, end: Math.min(Math.max(range.end, start), count), rowHeight, bodyRef: setBody };
}
