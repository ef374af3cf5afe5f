/**
 * Allocation as labelled bars: one row per slice, its name, a bar as long as its share and the share and
 * value written beside it, so each bar carries its own label (not colour or a paragraph below alone).
 * A list in a figure: a screen reader reads each row as "VWCE.DE 12.50 % · €1,234.00".
 */
import { useFormats } from '../locale-context';

export interface AllocationSlice {
  label: string;
  weight: number;
  value: number;
}

export function AllocationBars({ title, slices }: { title: string; slices: readonly AllocationSlice[] }) {
  const formats = useFormats();
  return (
    <figure className="allocation">
      <figcaption>{title}</figcaption>
      <ul className="allocation-rows">
        {slices.map((slice) => (
          <li key={slice.label} className="allocation-row">
            <span className="allocation-label">{slice.label}</span>
            <span className="allocation-track" aria-hidden="true">
              <span className="allocation-bar" style={{ width: `${Math.max(0, Math.min(100, slice.weight))}%` }} />
            </span>
            <span className="allocation-figures">
              {formats.number(slice.weight)} % · {formats.money(slice.value)}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
