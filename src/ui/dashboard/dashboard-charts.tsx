import { useSelector } from '@xstate/react';
import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { chartsFor, selectChartsSource, type DashboardCharts as Charts } from '../../machines/dashboard-selectors';
import { usePortfolioActor } from '../app-context';
import { PaintTracker, PaintTrackerContext } from '../charts/paint-tracker';
import { ChartCard } from './chart-card';
import { ChartOptionsContext, createChartOptions } from './chart-options';

const NOTHING_YET: Charts = { charts: [], unpriced: [], noneChecked: false };

/**
 * The symbols drawn without a price chart, in one collapsed note: with a statement's fifty products most
 * have no quotes, and an empty card each would bury the charts there are. Closed by default; the summary
 * says how many, the list says why each.
 */
function UnpricedNote({ unpriced }: { unpriced: Charts['unpriced'] }) {
  if (unpriced.length === 0) return null;
  const count = unpriced.length;
  return (
    <details className="unpriced-note">
      <summary>
        No price chart for {count} {count === 1 ? 'symbol' : 'symbols'} without prices
      </summary>
      <ul>
        {unpriced.map(({ symbol, message }) => (
          <li key={symbol}>
            {symbol}: {message}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The 'Charts' section: every chart of the checked tickers, or a hint when none is checked. */
export function DashboardCharts() {
  const portfolio = usePortfolioActor();
  const source = useSelector(portfolio, selectChartsSource);
  // A new derivation (the first, the prices' arrival, a changed transaction set) may mount dozens of
  // plots: those charts are built and rendered in a transition, which React splits into short tasks,
  // not in the task that brought the worker's data. A recombination (a toggle) changes about a dozen
  // charts, whose models the selectors keep when unchanged: rendered at once, it is on screen sooner.
  const deferred = useDeferredValue(source, null);
  const shown =
    deferred &&
    deferred.derivation?.tickers === source.derivation?.tickers &&
    deferred.pricesLoading === source.pricesLoading
      ? source
      : deferred;
  // The section mounts empty, with the ticker checkboxes above it; its charts follow in a transition of
  // their own, after that commit: the browser lays out the checkboxes and the chart frames in two frames,
  // not in one long task.
  const [opened, setOpened] = useState(false);
  useEffect(() => startTransition(() => setOpened(true)), []);
  const { charts, unpriced, noneChecked } = opened && shown ? chartsFor(shown) : NOTHING_YET;
  // One tracker for the section's life: it marks `charts-painted` each time every chart near the viewport has drawn its current data.
  const tracker = useMemo(() => new PaintTracker('charts-painted'), []);
  // The charts' options, kept for the section's life (it ends with the session: signing out leaves the page).
  const optionsFor = useMemo(createChartOptions, []);
  // After the charts' own effects (children's run first): new data that only charts away from the viewport show is on screen at once.
  useEffect(() => {
    if (charts.length > 0) tracker.rendered();
  }, [tracker, charts]);

  return (
    <section className="charts-section" aria-labelledby="charts-heading">
      <h2 id="charts-heading">Charts</h2>
      {noneChecked ? (
        <p className="hint">No ticker is checked. Check one or more tickers above to see their charts.</p>
      ) : (
        <>
          <UnpricedNote unpriced={unpriced} />
          <PaintTrackerContext.Provider value={tracker}>
            <ChartOptionsContext.Provider value={optionsFor}>
              <div className="charts">
                {charts.map((model) => (
                  <ChartCard key={model.title} model={model} />
                ))}
              </div>
            </ChartOptionsContext.Provider>
          </PaintTrackerContext.Provider>
        </>
      )}
    </section>
  );
}
