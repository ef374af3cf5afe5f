/**
 * A plain SVG line chart over the grid's days: a few series, at most ~600 points each (min and max of
 * each bucket kept, so no peak is lost), an axis label at each end, and a legend naming every line.
 */
import { useFormats } from '../locale-context';

export interface LineSeries {
  label: string;
  values: Float64Array;
  className: string;
}

const WIDTH = 600;
const HEIGHT = 220;
const BUCKETS = 300;

function points(values: Float64Array, low: number, high: number): string {
  const n = values.length;
  const step = Math.max(1, Math.ceil(n / BUCKETS));
  const x = (i: number) => (n <= 1 ? 0 : (i / (n - 1)) * WIDTH);
  const y = (v: number) => (high === low ? HEIGHT / 2 : HEIGHT - ((v - low) / (high - low)) * HEIGHT);
  const out: string[] = [];
  for (let start = 0; start < n; start += step) {
    let minIndex = -1;
    let maxIndex = -1;
    for (let i = start; i < Math.min(n, start + step); i += 1) {
      const v = values[i];
      if (Number.isNaN(v)) continue;
      if (minIndex < 0 || v < values[minIndex]) minIndex = i;
      if (maxIndex < 0 || v > values[maxIndex]) maxIndex = i;
    }
    if (minIndex < 0) continue;
    for (const i of minIndex <= maxIndex ? [minIndex, maxIndex] : [maxIndex, minIndex])
      out.push(`${x(i).toFixed(1)},${y(values[i]).toFixed(1)}`);
  }
  return out.join(' ');
}

export function LineChart({
  title,
  series,
  unit,
  firstDay,
  lastDay,
}: {
  title: string;
  series: readonly LineSeries[];
  unit: 'percent' | 'money';
  firstDay: string;
  lastDay: string;
}) {
  const formats = useFormats();
  let low = Infinity;
  let high = -Infinity;
  for (const { values } of series) {
    for (const v of values) {
      if (Number.isNaN(v)) continue;
      if (v < low) low = v;
      if (v > high) high = v;
    }
  }
  if (low === Infinity) {
    low = 0;
    high = 0;
  }
  const label = (v: number) => (unit === 'percent' ? `${formats.number(v)} %` : formats.money(v));
  return (
    <figure className="line-chart">
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={`${title}, from ${formats.date(firstDay)} to ${formats.date(lastDay)}, between ${label(low)} and ${label(high)}`}
      >
        {series.map((line) => (
          <polyline
            key={line.label}
            points={points(line.values, low, high)}
            className={`line ${line.className}`}
            fill="none"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      <p className="axis">
        <span>{formats.date(firstDay)}</span>{' '}
        <span>
          {label(low)} … {label(high)}
        </span>{' '}
        <span>{formats.date(lastDay)}</span>
      </p>
      <ul className="legend">
        {series.map((line) => (
          <li key={line.label}>
            <span className={`swatch ${line.className}`} aria-hidden="true" /> {line.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
