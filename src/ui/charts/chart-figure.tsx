import type { ReactNode, Ref } from 'react';

export interface ChartFigureProps {
  title: string;
  /** Short labels beside the title: 'Sample prices', 'Offline prices', … */
  notes?: readonly string[];
  children: ReactNode;
  /** The id of the chart's summary line, read with the figure's name. */
  describedBy?: string;
  /** The figure element, for the chart that watches whether it is near the viewport. */
  figureRef?: Ref<HTMLElement>;
}

/** The frame every chart sits in: a figure named by its title, with notes about its data. */
export function ChartFigure({ title, notes = [], children, describedBy, figureRef }: ChartFigureProps) {
  return (
    <figure ref={figureRef} className="chart" aria-label={title} aria-describedby={describedBy}>
      <figcaption>
        <h3>{title}</h3>
        {notes.map((note) => (
          <span key={note} className="chart-note">
            {note}
          </span>
        ))}
      </figcaption>
      {children}
    </figure>
  );
}
