import { useSelector } from '@xstate/react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { selectHasCharts, selectPriceProblemsNotice, selectProvisionalHoldings } from '../../machines/dashboard-selectors';
import { selectPortfolioStatus, selectPricesFailed, selectPricesLoading, selectSummary } from '../../machines/selectors';
import { PageHeading } from '../a11y/page-heading';
import { usePortfolioActor } from '../app-context';
import { PortfolioFailed } from '../components/portfolio-failed';
import { DashboardCharts } from '../dashboard/dashboard-charts';
import { PriceProblems } from '../dashboard/price-problems';
import { SummaryBoxes } from '../dashboard/summary-boxes';
import { TickerPicker } from '../dashboard/ticker-picker';
import { useFormats } from '../locale-context';

export function DashboardPage() {
  const portfolio = usePortfolioActor();
  const status = useSelector(portfolio, selectPortfolioStatus);
  const summary = useSelector(portfolio, selectSummary);
  const hasCharts = useSelector(portfolio, selectHasCharts);
  // The task that brings the worker's first answer draws the summary (and the shell its returns banner);
  // the ticker checkboxes (one per ticker, hundreds) and the charts' section mount in a deferred render,
  // which React splits into short tasks, so that no single task creates them all.
  const chartsMounted = useDeferredValue(hasCharts, false);
  const pricesLoading = useSelector(portfolio, selectPricesLoading);
  const pricesFailed = useSelector(portfolio, selectPricesFailed);
  const priceProblems = useSelector(portfolio, selectPriceProblemsNotice);
  const provisional = useSelector(portfolio, selectProvisionalHoldings);
  const formats = useFormats();
  const retry = () => portfolio.send({ type: 'portfolio.retry' });

  const failed = status === 'loadFailed' || status === 'deriveFailed';
  // One heading for every state of the page: it takes the focus once, on arrival, not again when the data comes.
  return (
    <section className="dashboard" aria-labelledby="dashboard-heading">
      <PageHeading id="dashboard-heading" title="Dashboard">
        Dashboard
      </PageHeading>
      {failed ? (
        <PortfolioFailed />
      ) : !summary ? (
        <p role="status">Loading your portfolio…</p>
      ) : (
        <>
          {pricesLoading ? <p role="status">Loading prices…</p> : null}
          {pricesFailed ? <PortfolioFailed /> : null}
          {priceProblems && !pricesLoading ? <PriceProblems notice={priceProblems} onRetry={retry} /> : null}
          {provisional.noSource.length > 0 && !pricesLoading ? (
            <p className="notice provisional" role="status">
              Provisional value: no price source for {provisional.noSource.join(', ')} (imported under {provisional.noSource.length === 1 ? 'its ISIN' : 'their ISINs'}), valued at{' '}
              {provisional.noSource.length === 1 ? 'its' : 'their'} own trade prices until you <Link to="/holdings">pick a symbol on the Holdings page</Link>.
            </p>
          ) : null}
          {provisional.noPrices.length > 0 && !pricesLoading ? (
            <p className="notice provisional" role="status">
              Provisional value: no prices for {provisional.noPrices.join(', ')}, valued at {provisional.noPrices.length === 1 ? 'its' : 'their'} own trade prices.
            </p>
          ) : null}
          <SummaryBoxes summary={summary} />
          {hasCharts ? (
            chartsMounted ? (
              <>
                <TickerPicker />
                <DashboardCharts />
              </>
            ) : null
          ) : (
            <p className="hint">
              Nothing to chart yet: your portfolio is worth {formats.money(0)}. <Link to="/transactions">Add a transaction or upload a DEGIRO export</Link> to
              begin.
            </p>
          )}
        </>
      )}
    </section>
  );
}
