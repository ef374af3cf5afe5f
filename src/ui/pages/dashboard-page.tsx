import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type uPlot from 'uplot';
import {
  selectActiveSeries,
  selectPortfolioError,
  selectPortfolioStatus,
  selectPricesFailed,
  selectPricesLoading,
  selectSummary,
} from '../../machines/selectors';
import { usePortfolioActor } from '../app-context';
import { Chart } from '../charts/chart';
import { series, timeOptions } from '../charts/options';
import { formatNumber } from '../format';

const valueOptions = timeOptions([series('Portfolio value', 0)]);

export function DashboardPage() {
  const portfolio = usePortfolioActor();
  const status = useSelector(portfolio, selectPortfolioStatus);
  const error = useSelector(portfolio, selectPortfolioError);
  const summary = useSelector(portfolio, selectSummary);
  const active = useSelector(portfolio, selectActiveSeries);
  const pricesLoading = useSelector(portfolio, selectPricesLoading);
  const pricesFailed = useSelector(portfolio, selectPricesFailed);
  const valueData = useMemo<uPlot.AlignedData | null>(() => (active ? [active.days, active.value] : null), [active]);

  if (status === 'loadFailed' || status === 'deriveFailed') {
    return (
      <section className="dashboard">
        <h1>Dashboard</h1>
        <p role="alert" className="error">
          {error}
        </p>
        <button type="button" onClick={() => portfolio.send({ type: 'portfolio.retry' })}>
          Retry
        </button>
      </section>
    );
  }
  if (!summary) {
    return (
      <section className="dashboard">
        <h1>Dashboard</h1>
        <p role="status">Loading your portfolio…</p>
      </section>
    );
  }

  const boxes: Array<[string, number, boolean]> = [
    ['Portfolio value', summary.portfolioValue, false],
    ['Total Invested', summary.totalInvested, false],
    ['Profit (excl. commission)', summary.profitExclCommission, true],
    ['Profit (incl. commission)', summary.totalReturn.absolute, true],
    ['Total Dividend', summary.totalDividend, false],
    ['Total Commission', summary.totalCommission, false],
  ];

  return (
    <section className="dashboard">
      <h1>Dashboard</h1>
      {pricesLoading ? <p role="status">Loading prices…</p> : null}
      {pricesFailed ? (
        <p role="alert" className="error">
          {error}{' '}
          <button type="button" onClick={() => portfolio.send({ type: 'portfolio.retry' })}>
            Retry
          </button>
        </p>
      ) : null}
      <dl className="summary">
        {boxes.map(([label, value, signed]) => (
          <div key={label} className="summary-box">
            <dt>{label}</dt>
            <dd className={signed && value < 0 ? 'negative' : undefined}>{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {valueData && summary.portfolioValue > 0 ? (
        <section aria-label="Charts" className="charts">
          <Chart title="Portfolio value" options={valueOptions} data={valueData} />
        </section>
      ) : null}
    </section>
  );
}
