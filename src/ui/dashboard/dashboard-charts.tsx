import { useSelector } from '@xstate/react';
import { useDeferredValue, useMemo } from 'react';
import { chartsFor, selectChartsSource, type DashboardCharts as Charts } from '../../machines/dashboard-selectors';
import { usePortfolioActor } from '../app-context';
import { PaintTracker, PaintTrackerContext } from '../charts/paint-tracker';
import { ChartCard } from './chart-card';

const NOTHING_YET: Charts = { charts: [], noneChecked: false };

/** The 'Charts' section: every chart of the checked tickers, or a hint when none is checked. */
export function DashboardCharts() {
  const portfolio = usePortfolioActor();
  // The charts are built and rendered in a transition, not in the task that brought the worker's data:
  // React renders it in short slices, and the selectors keep unchanged charts' models (no re-render).
  const source = useDeferredValue(useSelector(portfolio, selectChartsSource), null);
  const { charts, noneChecked } = source ? chartsFor(source) : NOTHING_YET;
  // One tracker for the section's life: it marks `charts-painted` each time every chart has drawn its current data.
  const tracker = useMemo(() => new PaintTracker('charts-painted'), []);

  return (
    <section className="charts-section" aria-labelledby="charts-heading">
      <h2 id="charts-heading">Charts</h2>
      {noneChecked ? (
        <p className="hint">No ticker is checked. Check one or more tickers above to see their charts.</p>
      ) : (
        <PaintTrackerContext.Provider value={tracker}>
          <div className="charts">
            {charts.map((model) => (
              <ChartCard key={model.title} model={model} />
            ))}
          </div>
        </PaintTrackerContext.Provider>
      )}
    </section>
  );
}
