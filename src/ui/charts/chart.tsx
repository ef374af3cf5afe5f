import { useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ChartFigure } from './chart-figure';
import { queueChartWork } from './chart-queue';
import { ChartDataTable, ChartLegend, ChartSummary } from './chart-words';
import { zoomedRange, ZOOM_KEYS_HELP } from './keyboard-zoom';
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
}

/** CSS px: the plot's side, as wide as its box (`boxWidth`, CSS px) allows up to `size`. */
const fit = (boxWidth: number, size: number): number => Math.max(120, Math.min(size, Math.floor(boxWidth) || size));

/**
 * The one uPlot wrapper. Once the resize observer has reported its box, the chart is created in a coming
 * task of the chart queue (many charts never block the page in one task); it lives until its options
 * change, takes new data through `setData`, follows its box's width with `setSize`, and tells the
 * surrounding paint tracker when it has drawn its data. Around the canvas, the chart in words: a summary
 * line, its series as toggle buttons, and 'Show the data' (a table); uPlot's own legend is the mouse's
 * live readout and is hidden from screen readers, which get the same through these. The plot's area is a
 * Tab stop: +, −, the left and right arrows and Home zoom and move the x range (keyboard-zoom.ts).
 */
export function Chart({ title, options, data, size = 400, note, notes = [] }: ChartProps) {
  const id = useId();
  const tracker = useContext(PaintTrackerContext);
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  /** The newest data from props; a chart created later starts with it. */
  const latestRef = useRef(data);
  /** The data the plot holds. */
  const givenRef = useRef<uPlot.AlignedData | null>(null);
  /** Which series are shown, x first: the legend buttons' `aria-pressed`. */
  const initialShown = useCallback(() => options.series.map((series) => series.show !== false), [options]);
  const [shown, setShown] = useState(initialShown);
  const summaryId = `${id}-summary`;

  // Declared before the creating effect: when options and data change together, the new plot starts with the new data.
  useEffect(() => {
    latestRef.current = data;
    if (givenRef.current === data) return;
    tracker?.expect(id, data);
    const plot = plotRef.current;
    if (!plot) return;
    return queueChartWork(() => {
      givenRef.current = data;
      // In batch, uPlot draws now, inside the queue's budget, rather than in a microtask after it was checked.
      plot.batch(() => plot.setData(data));
    });
  }, [data, tracker, id]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    tracker?.expect(id, latestRef.current);
    let plot: uPlot | null = null;
    let cancelCreate: (() => void) | null = null;
    /** CSS px, from the resize observer: it reports the box after the browser's own layout, where reading it here would force one. */
    let side = size;
    const reportDrawn = () => tracker?.drawn(id, givenRef.current);
    // A click in uPlot's legend toggles a series too: the buttons follow.
    const followSeries = (u: uPlot) => setShown(u.series.map((series) => series.show !== false));
    setShown(initialShown());
    const create = () => {
      givenRef.current = latestRef.current;
      plot = new uPlot(
        { ...options, width: side, height: side, hooks: { ...options.hooks, draw: [...(options.hooks?.draw ?? []), reportDrawn], setSeries: [...(options.hooks?.setSeries ?? []), followSeries] } },
        givenRef.current,
        // Drawn in this task, inside the queue's budget (uPlot would otherwise draw in a microtask after it).
        (created, init) => {
          created.root.querySelector('.u-legend')?.setAttribute('aria-hidden', 'true');
          host.appendChild(created.root);
          created.batch(init);
        },
      );
      plotRef.current = plot;
    };
    const observer = new ResizeObserver(([entry]) => {
      side = fit(entry?.contentRect.width ?? 0, size);
      if (plot && side !== plot.width) plot.setSize({ width: side, height: side });
      // The first report (there always is one after `observe`) queues the plot's creation.
      cancelCreate ??= queueChartWork(create);
    });
    observer.observe(host);
    return () => {
      cancelCreate?.();
      observer.disconnect();
      plot?.destroy();
      plotRef.current = null;
      givenRef.current = null;
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
    <ChartFigure title={title} notes={note ? [note, ...notes] : notes} describedBy={summaryId}>
      <ChartSummary id={summaryId} options={options} data={data} />
      <ChartLegend options={options} shown={shown} onToggle={toggle} />
      <div className="chart-keys" role="group" tabIndex={0} aria-label={`${title}, zoom: ${ZOOM_KEYS_HELP}`} onKeyDown={onKey}>
        <div ref={hostRef} className="chart-plot" aria-hidden="true" />
      </div>
      <ChartDataTable title={title} options={options} data={data} />
    </ChartFigure>
  );
}
