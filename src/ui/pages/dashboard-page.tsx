import { useSelector } from '@xstate/react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { selectAccountSummary } from '../../machines/account-selectors';
import { selectHasCharts, selectPriceNotice } from '../../machines/dashboard-selectors';
import {
  selectPortfolioStatus,
  selectPricesFailed,
  selectPricesLoading,
  selectSummary,
} from '../../machines/selectors';
import { PageHeading } from '../a11y/page-heading';
import { usePortfolioActor } from '../app-context';
import { PortfolioFailed } from '../components/portfolio-failed';
import { FiguresPending } from '../components/figures-pending';
import { DashboardCharts } from '../dashboard/dashboard-charts';
import { PriceNotice } from '../dashboard/price-notice';
import { SummaryBoxes } from '../dashboard/summary-boxes';
import { TickerPicker } from '../dashboard/ticker-picker';
import { useFormats } from '../locale-context';

export function DashboardPage() {
  const portfolio = usePortfolioActor();
  const status = useSelector(portfolio, selectPortfolioStatus);
  const summary = useSelector(portfolio, selectSummary);
  const account = useSelector(portfolio, selectAccountSummary);
  const hasCharts = useSelector(portfolio, selectHasCharts);
  // The task that brings the worker's first answer draws the summary (and the shell its returns banner);
  // the ticker checkboxes (one per ticker, hundreds) and the charts' section mount in a deferred render,
  // which React splits into short tasks, so that no single task creates them all.
  const chartsMounted = useDeferredValue(hasCharts, false);
  const pricesLoading = useSelector(portfolio, selectPricesLoading);
  const pricesFailed = useSelector(portfolio, selectPricesFailed);
  const priceNotice = useSelector(portfolio, selectPriceNotice);
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
          <FiguresPending />
          {pricesFailed ? <PortfolioFailed /> : null}
          {priceNotice && !pricesLoading ? <PriceNotice notice={priceNotice} onRetry={retry} /> : null}
          <SummaryBoxes summary={summary} account={account} />
          {hasCharts ? (
            chartsMounted ? (
              <>
                <TickerPicker />
                <DashboardCharts />
              </>
            ) : null
          ) : (
            <p className="hint">
              Nothing to chart yet: your portfolio is worth {formats.money(0)}.{' '}
              <Link to="/transactions">Add a transaction or upload a DEGIRO export</Link> to begin.
            </p>
          )}
        </>
      )}
    </section>
  );
}
