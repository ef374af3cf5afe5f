import { useMemo } from 'react';
import type uPlot from 'uplot';
import UplotReact from 'uplot-react';
import 'uplot/dist/uPlot.min.css';

export interface ChartProps {
  title: string;
  /** Options without size: the wrapper sizes the chart to its box. An instance lives as long as these options. */
  options: Omit<uPlot.Options, 'width' | 'height' | 'title'>;
  /** Columns, x first; changes go through `setData`, not re-creation. */
  data: uPlot.AlignedData;
  /** CSS px. */
  size?: number;
  note?: string;
}

export function Chart({ title, options, data, size = 400, note }: ChartProps) {
  const width = Math.min(size, typeof window === 'undefined' ? size : window.innerWidth - 48);
  const sized = useMemo(() => ({ ...options, width, height: width - 100 }), [options, width]);
  return (
    <figure className="chart" aria-label={title}>
      <figcaption>
        <h3>{title}</h3>
        {note ? <span className="chart-note">{note}</span> : null}
      </figcaption>
      <UplotReact options={sized} data={data} />
    </figure>
  );
}
