import { useCallback, useContext, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ChartFigure } from './chart-figure';
import { queueChartWork } from './chart-queue';
import { ChartDataTable, ChartLegend, ChartSummary } from './chart-words';
import { zoomedRange, ZOOM_KEYS_HELP } from './keyboard-zoom';
import { watchNearViewport } from '../components/near-viewport';
import { PaintTrackerContext } from './paint-tracker';

/** Options without size: the wrapper sizes the chart to its box. */
export type ChartOptions = Omit<uPlot.Options, 'width' | 'height' | 'title'>;

export interface ChartProps {
  title: string;
  /** An instance lives as long as these options (by identity): keep them stable. */
  options: ChartOptions;
  /** Columns, x first; a new array goes through `setData`, not re-creation. */
  data: uPlot.AlignedData;
  /** CSS px: the largest width and height of the plot; smaller when its box is narrower. */
  size?: number;
  note?: string;
  notes?: readonly string[];
  /** The one-line summary, when the caller says it better than the columns do: bars of amounts per period (chart-text.ts `periodsSummary`). */
  summary?: string;
}

/** CSS px: the plot's side, as wide as its box (`boxWidth`, CSS px) allows up to `size`. */
const fit = (boxWidth: number, size: number): number => Math.max(120, Math.min(size, Math.floor(boxWidth) || size));

/** What the creating effect offers the data effect: a new data set to draw when the chart is near. */
interface PlotControl {
  dataChanged(): void;
}

/**
 * The one uPlot wrapper. A chart is drawn only near the viewport (components/near-viewport.ts): once the resize
 * observer has reported its box and the chart is on screen or within half a viewport of it, the chart is
 * created in a coming task of the chart queue (many charts never block the page in one task). It lives
 * until its options change, takes new data through `setData` (a chart away from the viewport takes it
 * when it comes near again), follows its box's width with `setSize`, and tells the surrounding paint
 * tracker when it has drawn its data; a chart that is not near tells the tracker not to wait for it.
 * Around the canvas, the chart in words, whether drawn or not: a summary line, its series as toggle
 * buttons, and 'Show the data' (a table); uPlot's own legend is the mouse's live readout and is hidden
 * from screen readers, which get the same through these. The plot's area is a Tab stop: +, −, the left
 * and right arrows and Home zoom and move the x range (keyboard-zoom.ts).
 */
export function Chart({ title, options, data, size = 400, note, notes = [], summary }: ChartProps) {
  const id = useId();
  const tracker = useContext(PaintTrackerContext);
  const figureRef = useRef<HTMLElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const controlRef = useRef<PlotControl | null>(null);
  /** The newest data from props; a chart created later starts with it. */
  const latestRef = useRef(data);
  /** The data the plot holds. */
  const givenRef = useRef<uPlot.AlignedData | null>(null);
  /** Which series are shown, x first: the legend buttons' `aria-pressed`. */
  const initialShown = useCallback(() => options.series.map((series) => series.show !== false), [options]);
  const [shown, setShown] = useState(initialShown);
  const summaryId = `${id}-summary`;

  // Declared before the creating effect: when options and data change together, the old plot's control
  // is gone (effects are cleaned up before any runs again) and the new plot starts with the new data.
  useEffect(() => {
    latestRef.current = data;
    if (givenRef.current !== data) controlRef.current?.dataChanged();
  }, [data]);

  useEffect(() => {
    const figure = figureRef.current;
    const host = hostRef.current;
    if (!figure || !host) return;
    let plot: uPlot | null = null;
    /** The queued creation or data change, if any. */
    let cancelQueued: (() => void) | null = null;
    /** Near the viewport: null until the observer first says. */
    let near: boolean | null = null;
    /** CSS px, from the resize observer: it reports the box after the browser's own layout, where reading it here would force one. */
    let side: number | null = null;
    // Until the observer says where it is, the chart may be on screen: the tracker waits for it.
    tracker?.expect(id, latestRef.current);
    const reportDrawn = () => tracker?.drawn(id, givenRef.current);
    // A click in uPlot's legend toggles a series too: the buttons follow.
    const followSeries = (u: uPlot) => setShown(u.series.map((series) => series.show !== false));
    setShown(initialShown());
    /** Made (its elements and series set up) but not yet given its data: its first draw is the queue's next piece. */
    let made: { plot: uPlot; init: () => void } | null = null;
    /**
     * Two pieces of the queue: uPlot's set-up (elements, series, legend), then its first data and draw.
     * Together they made one task of up to 50 ms of thread time on XL in the trace; uPlot's own `init`
     * callback lets the second wait, and the plot enters the page only with its data, as before.
     */
    const create = (width: number) => {
      givenRef.current = latestRef.current;
      const setUp: { init?: () => void } = {};
      const plot = new uPlot(
        {
          ...options,
          width,
          height: width,
          hooks: {
            ...options.hooks,
            draw: [...(options.hooks?.draw ?? []), reportDrawn],
            setSeries: [...(options.hooks?.setSeries ?? []), followSeries],
          },
        },
        givenRef.current,
        // Not drawn yet: `start`, the next piece, adds it to the page and draws.
        (_, init) => {
          setUp.init = init as () => void;
        },
      );
      made = { plot, init: setUp.init! };
    };
    const start = () => {
      const { plot: created, init } = made!;
      made = null;
      created.root.querySelector('.u-legend')?.setAttribute('aria-hidden', 'true');
      // Drawn in this task, inside the queue's budget (uPlot would otherwise draw in a microtask after it),
      // and before it enters the page: a canvas in the page resolves its font (uPlot's axes set one) from
      // its computed style, which made the first chart of a load recompute the style of the whole page
      // React had just changed, inside this task (36 ms of its 88 on L at 2 x CPU). Out of the page, the
      // canvas reads the font as written (absolute sizes: the same glyphs), and the browser computes the
      // page's style in its own next frame. uPlot reads its position only at the pointer's first move.
      created.batch(() => {
        init();
        if (side !== null && side !== created.width) created.setSize({ width: side, height: side });
      });
      host.appendChild(created.root);
      plot = created;
      plotRef.current = plot;
    };
    const feed = (target: uPlot) => {
      const next = latestRef.current;
      givenRef.current = next;
      // In batch, uPlot draws now, inside the queue's budget, rather than in a microtask after it was checked.
      target.batch(() => target.setData(next));
    };
    /** Queues what the chart needs to show its newest data, when it is near and sized and nothing is queued yet. */
    const schedule = () => {
      if (!near || side === null || cancelQueued) return;
      const width = side;
      if (!plot && !made) {
        cancelQueued = queueChartWork(() => {
          cancelQueued = null;
          create(width);
          schedule();
        });
      } else if (!plot) {
        cancelQueued = queueChartWork(() => {
          cancelQueued = null;
          start();
          // Data that came while it waited.
          schedule();
        });
      } else if (givenRef.current !== latestRef.current) {
        const target = plot;
        cancelQueued = queueChartWork(() => {
          cancelQueued = null;
          feed(target);
        });
      }
    };
    controlRef.current = {
      dataChanged: () => {
        if (near !== false) tracker?.expect(id, latestRef.current);
        schedule();
      },
    };
    const stopWatching = watchNearViewport(figure, (isNear) => {
      near = isNear;
      if (!isNear) {
        // Scrolled away before it was drawn: nothing to wait for until it comes near again.
        cancelQueued?.();
        cancelQueued = null;
        tracker?.forget(id);
        return;
      }
      if (!plot || givenRef.current !== latestRef.current) tracker?.expect(id, latestRef.current);
      schedule();
    });
    const observer = new ResizeObserver(([entry]) => {
      side = fit(entry?.contentRect.width ?? 0, size);
      if (plot && side !== plot.width) plot.setSize({ width: side, height: side });
      // The first report (there always is one after `observe`, once the box is laid out) lets a near chart be created.
      schedule();
    });
    observer.observe(host);
    return () => {
      cancelQueued?.();
      stopWatching();
      observer.disconnect();
      made?.plot.destroy();
      plot?.destroy();
      plotRef.current = null;
      givenRef.current = null;
      controlRef.current = null;
      tracker?.forget(id);
    };
  }, [options, size, tracker, id, initialShown]);

  const toggle = (index: number) => {
    const show = !(shown[index] !== false);
    const plot = plotRef.current;
    if (plot) plot.setSeries(index, { show });
    else setShown((now) => now.map((value, i) => (i === index ? show : value)));
  };

  // The plot's area takes the focus: +, −, the arrows and Home zoom and move its x range (keyboard-zoom.ts).
  const onKey = (event: React.KeyboardEvent) => {
    const plot = plotRef.current;
    const xs = givenRef.current?.[0];
    if (!plot || !xs || xs.length < 2 || event.altKey || event.ctrlKey || event.metaKey) return;
    const full = { min: xs[0]!, max: xs[xs.length - 1]! };
    const { min, max } = plot.scales.x!;
    const next = zoomedRange(event.key, { min: min ?? full.min, max: max ?? full.max }, full);
    if (!next) return;
    event.preventDefault();
    plot.setScale('x', next);
  };

  return (
    <ChartFigure figureRef={figureRef} title={title} notes={note ? [note, ...notes] : notes} describedBy={summaryId}>
      <ChartSummary id={summaryId} options={options} data={data} text={summary} />
      <ChartLegend options={options} shown={shown} onToggle={toggle} />
      <div
        className="chart-keys"
        role="group"
        tabIndex={0}
        aria-label={`${title}, zoom: ${ZOOM_KEYS_HELP}`}
        onKeyDown={onKey}
      >
        <div
          ref={hostRef}
          className="chart-plot"
          aria-hidden="true"
          style={{ '--plot-size': `${size}px` } as CSSProperties}
        />
      </div>
      <ChartDataTable title={title} options={options} data={data} />
    </ChartFigure>
  );
}
