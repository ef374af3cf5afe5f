import { useId, useMemo, useState } from 'react';
import type uPlot from 'uplot';
import type { ChartOptions } from './chart';
import { chartSummary, chartTable } from './chart-text';

/** Swatch of a series in its legend button: its colour, and its dash for lines. */
function Swatch({ series }: { series: uPlot.Series }) {
  const color = typeof series.stroke === 'string' ? series.stroke : '#000';
  const dash = series.dash?.join(' ');
  return (
    <svg className="legend-swatch" width="22" height="10" aria-hidden="true" focusable="false">
      {series.width === 0 && series.paths ? (
        <rect
          x="4"
          y="1"
          width="14"
          height="8"
          fill={typeof series.fill === 'string' ? series.fill : color}
          stroke={color}
          strokeWidth="1.5"
        />
      ) : (
        <line x1="1" y1="5" x2="21" y2="5" stroke={color} strokeWidth="2.5" strokeDasharray={dash} />
      )}
    </svg>
  );
}

/**
 * A chart's series as buttons (`aria-pressed`: shown or hidden), operable by keyboard; uPlot's own legend
 * stays as the mouse's live readout.
 */
export function ChartLegend({
  options,
  shown,
  onToggle,
}: {
  options: ChartOptions;
  shown: readonly boolean[];
  onToggle: (index: number) => void;
}) {
  const ys = options.series.slice(1);
  if (ys.length === 0) return null;
  return (
    <ul className="chart-legend" aria-label="Series">
      {ys.map((series, i) => (
        <li key={i}>
          <button
            type="button"
            className="legend-button"
            aria-pressed={shown[i + 1] !== false}
            onClick={() => onToggle(i + 1)}
          >
            <Swatch series={series} />
            {String(series.label ?? `Series ${i + 1}`)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The one-line summary under a chart's title: `text` when the chart's caller gives it, else each series' latest value and its change over the period. */
export function ChartSummary({
  options,
  data,
  id,
  text: given,
}: {
  options: ChartOptions;
  data: uPlot.AlignedData;
  id: string;
  text?: string;
}) {
  const text = useMemo(() => given ?? chartSummary(options, data), [given, options, data]);
  return (
    <p id={id} className="chart-summary">
      {text}
    </p>
  );
}

/** 'Show the data': the chart's points as a table, built only while it is open (dozens of charts, thousands of points). */
export function ChartDataTable({
  title,
  options,
  data,
}: {
  title: string;
  options: ChartOptions;
  data: uPlot.AlignedData;
}) {
  const [open, setOpen] = useState(false);
  const captionId = useId();
  const table = useMemo(() => (open ? chartTable(options, data) : null), [open, options, data]);
  return (
    <details className="chart-data" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Show the data</summary>
      {table ? (
        // It scrolls (hundreds of rows): a Tab stop of its own, so a keyboard can scroll it.
        <div className="chart-data-body" tabIndex={0} role="region" aria-labelledby={captionId}>
          <table aria-labelledby={captionId}>
            <caption id={captionId}>{title}: the data</caption>
            <thead>
              <tr>
                {table.headers.map((header, k) => (
                  <th key={k} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, k) =>
                    k === 0 ? (
                      <th key={k} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={k}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {table.note ? <p className="hint">{table.note}</p> : null}
        </div>
      ) : null}
    </details>
  );
}
