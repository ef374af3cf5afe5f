import { memo, useMemo } from 'react';
import { PRICES_LOADING, type ChartModel } from '../../machines/chart-models';
import { Chart } from '../charts/chart';
import { useFormats } from '../locale-context';
import { ChartFigure } from '../charts/chart-figure';
import { useChartOptions } from './chart-options';
import { perPeriodSummary } from './period-summary';

/**
 * One dashboard chart: the plot when its data is there, otherwise what it waits for or why it is empty.
 * Rendered again only for a new model: the selectors keep an unchanged chart's model.
 */
export const ChartCard = memo(function ChartCard({ model }: { model: ChartModel }) {
  const { title, shape, columns, notes, status } = model;
  const formats = useFormats();
  const options = useChartOptions(shape, formats);
  const summary = useMemo(() => perPeriodSummary(shape, columns, formats), [shape, columns, formats]);
  if (status.kind === 'ready')
    return <Chart title={title} options={options} data={columns} notes={notes} summary={summary} />;
  return (
    <ChartFigure title={title} notes={notes}>
      {status.kind === 'loading' ? (
        <p className="chart-status" role="status">
          {PRICES_LOADING}
        </p>
      ) : (
        <p className="chart-status">{status.message}</p>
      )}
    </ChartFigure>
  );
});
