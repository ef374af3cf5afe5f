import { useSelector } from '@xstate/react';
import { useDeferredValue, useMemo } from 'react';
import { selectDashboardCharts } from '../../machines/dashboard-selectors';
import { usePortfolioActor } from '../app-context';
import { PaintTracker, PaintTrackerContext } from '../charts/paint-tracker';
import { ChartCard } from './chart-card';

/** The 'Charts' section: every chart of the checked tickers, or a hint when none is checked. */
export function DashboardCharts() {
  const portfolio = usePortfolioActor();
  // New charts render in a transition, which React splits into short tasks; the selectors keep unchanged charts' models.
  const { charts, noneChecked } = useDeferredValue(useSelector(portfolio, selectDashboardCharts));
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
