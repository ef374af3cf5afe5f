/** One figure of a page's summary: its label, its text, and whether it is a loss (drawn red). */
export type SummaryFigure = [label: string, text: string, negative?: boolean];

/** A page's summary figures, one box each (the dashboard's, a holding's, the income's). */
export function SummaryList({ figures, className }: { figures: readonly SummaryFigure[]; className?: string }) {
  return (
    <dl className={className ? `summary ${className}` : 'summary'}>
      {figures.map(([label, text, negative]) => (
        <div key={label} className="summary-box">
          <dt>{label}</dt>
          <dd className={negative ? 'negative' : undefined}>{text}</dd>
        </div>
      ))}
    </dl>
  );
}
