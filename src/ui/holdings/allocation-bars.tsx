/** Allocation as plain SVG bars: one per slice, its share of the whole written beside it (not colour alone). */
import { useFormats } from '../locale-context';

export interface AllocationSlice {
  label: string;
  weight: number;
  value: number;
}

export function AllocationBars({ title, slices }: { title: string; slices: readonly AllocationSlice[] }) {
  const formats = useFormats();
  const rowHeight = 26;
  const height = Math.max(rowHeight * slices.length, rowHeight);
  return (
    <figure className="allocation">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" role="img" aria-label={`${title}: ${slices.map((s) => `${s.label} ${formats.number(s.weight)} %`).join(', ')}`} height={height} width="100%">
        {slices.map((slice, k) => (
          <rect key={slice.label} x={0} y={k * rowHeight + 4} width={Math.max(0, Math.min(100, slice.weight))} height={rowHeight - 8} className="allocation-bar" />
        ))}
      </svg>
      <ul className="allocation-legend">
        {slices.map((slice) => (
          <li key={slice.label}>
            <span className="allocation-label">{slice.label}</span> {formats.number(slice.weight)} % · {formats.money(slice.value)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
