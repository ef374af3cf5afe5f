/**
 * True returns: time- and money-weighted per period for the whole portfolio, the cumulative TWR of the
 * checked tickers, and the benchmark ("the same money in …") beside the portfolio's value and as a TWR
 * line. A benchmark whose prices fail says why, with Retry; everything else stays.
 */
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { PERFORMANCE_PERIODS } from '../../model';
import { selectAccountSummary, selectDepositReturns } from '../../machines/account-selectors';
import {
  selectActiveSeries,
  selectBenchmark,
  selectPerformance,
  selectPortfolioStatus,
  selectPricesLoading,
  selectSettings,
} from '../../machines/selectors';
import { usePortfolioActor } from '../app-context';
import { PortfolioFailed } from '../components/portfolio-failed';
import { FiguresPending } from '../components/figures-pending';
import { LineChart } from '../holdings/line-chart';
import { useFormats } from '../locale-context';
import { PageHeading } from '../a11y/page-heading';
import { ScrollRegion } from '../components/scroll-region';

const PERIOD_NAMES: Record<(typeof PERFORMANCE_PERIODS)[number], string> = {
  '1M': '1 month',
  YTD: 'Year to date',
  '1Y': '1 year',
  '3Y': '3 years',
  '5Y': '5 years',
  MAX: 'Since the start',
};

/** The return on deposits (SEMANTICS.md, "Cash"), beside the securities' own, for a view that holds cash. */
const DEPOSIT_COLUMNS = [
  'On deposits, time-weighted',
  'On deposits, time-weighted, per year',
  'On deposits, money-weighted, per year',
] as const;

export function PerformancePage() {
  const portfolio = usePortfolioActor();
  const status = useSelector(portfolio, selectPortfolioStatus);
  const performance = useSelector(portfolio, selectPerformance);
  const active = useSelector(portfolio, selectActiveSeries);
  const benchmark = useSelector(portfolio, selectBenchmark);
  const deposits = useSelector(portfolio, selectDepositReturns);
  const account = useSelector(portfolio, selectAccountSummary);
  const settings = useSelector(portfolio, selectSettings);
  const pricesLoading = useSelector(portfolio, selectPricesLoading);
  const formats = useFormats();
  const percent = (value: number | null) => (value === null ? '—' : formats.signedPercent(value));
  const retry = () => portfolio.send({ type: 'portfolio.retry' });

  if (status === 'loadFailed' || status === 'deriveFailed') {
    return (
      <section className="performance" aria-labelledby="performance-heading">
        <PageHeading id="performance-heading" title="Performance">
          Performance
        </PageHeading>
        <PortfolioFailed />
      </section>
    );
  }
  if (!performance || !active) {
    return (
      <section className="performance" aria-labelledby="performance-heading">
        <PageHeading id="performance-heading" title="Performance">
          Performance
        </PageHeading>
        <p role="status">Loading your returns…</p>
      </section>
    );
  }
  const okBenchmark = benchmark?.ok ? benchmark : null;
  const benchmarkWaiting = benchmark && !benchmark.ok && pricesLoading;
  return (
    <section className="performance" aria-labelledby="performance-heading">
      <PageHeading id="performance-heading" title="Performance">
        Performance
      </PageHeading>
      <FiguresPending />
      <ScrollRegion label="Returns per period">
        <table className="returns-table">
          <caption>
            Returns per period, all tickers{deposits ? ', and on your deposits: the account with its cash' : ''}.
            Periods of a year or more also show the rate per year.
          </caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Time-weighted</th>
              <th scope="col">Time-weighted, per year</th>
              <th scope="col">Money-weighted, per year</th>
              {okBenchmark ? <th scope="col">{okBenchmark.symbol}, time-weighted</th> : null}
              {deposits
                ? DEPOSIT_COLUMNS.map((label) => (
                    <th key={label} scope="col">
                      {label}
                    </th>
                  ))
                : null}
            </tr>
          </thead>
          <tbody>
            {PERFORMANCE_PERIODS.map((period) => (
              <tr key={period} data-period={period}>
                <th scope="row">{PERIOD_NAMES[period]}</th>
                <td data-label="Time-weighted">{percent(performance.twr[period].cumulative)}</td>
                <td data-label="Time-weighted, per year">{percent(performance.twr[period].annualised)}</td>
                <td data-label="Money-weighted, per year">{percent(performance.mwr[period])}</td>
                {okBenchmark ? (
                  <td data-label={`${okBenchmark.symbol}, time-weighted`}>
                    {percent(okBenchmark.periods[period].cumulative)}
                  </td>
                ) : null}
                {deposits
                  ? [
                      deposits.periods[period].cumulative,
                      deposits.periods[period].annualised,
                      deposits.mwr[period],
                    ].map((value, k) => (
                      <td key={DEPOSIT_COLUMNS[k]} data-label={DEPOSIT_COLUMNS[k]} className="on-deposits">
                        {percent(value)}
                      </td>
                    ))
                  : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="hint">
        “—”: the history is shorter than the period, or no rate solves it. Time-weighted measures the investments;
        money-weighted what your own money earned, the timing of your buys and sells included.
        {deposits
          ? ' On deposits: the account’s value (securities and cash) against what you deposited and withdrew; trades, dividends, interest and fees stay inside the account.'
          : ''}
      </p>
      {account && !account.ok ? (
        <p className="hint account-unknown">The return on your deposits cannot be shown: {account.reason}.</p>
      ) : null}

      <section aria-labelledby="benchmark-heading" className="benchmark">
        <h2 id="benchmark-heading">Benchmark</h2>
        {!settings?.benchmark ? (
          <p className="hint">
            No benchmark chosen. <Link to="/settings">Choose one in Settings</Link> to see what the same money would
            have done in an index fund.
          </p>
        ) : benchmarkWaiting ? (
          <p role="status">Loading the prices of {settings.benchmark}…</p>
        ) : benchmark && !benchmark.ok ? (
          <p role="alert" className="error benchmark-error">
            The benchmark {benchmark.symbol} cannot be shown: {benchmark.error}.{' '}
            <button type="button" onClick={retry}>
              Retry
            </button>{' '}
            <Link to="/settings">Change the benchmark</Link>
          </p>
        ) : okBenchmark ? (
          <LineChart
            title={`Portfolio value and the same money in ${okBenchmark.symbol}`}
            unit="money"
            firstDay={active.firstDay}
            lastDay={active.lastDay}
            series={[
              // The benchmark mirrors every ticker's buys and sells, so it stands beside the value of all of them.
              { label: 'Portfolio value (all tickers)', values: performance.value, className: 'portfolio' },
              { label: `The same money in ${okBenchmark.symbol}`, values: okBenchmark.value, className: 'benchmark' },
            ]}
          />
        ) : null}
      </section>

      <LineChart
        title={`Cumulative time-weighted return of the checked tickers (${active.tickers.join(', ') || 'none'})${okBenchmark ? ` and of ${okBenchmark.symbol}` : ''}`}
        unit="percent"
        firstDay={active.firstDay}
        lastDay={active.lastDay}
        series={[
          { label: 'Checked tickers', values: active.twr, className: 'portfolio' },
          ...(okBenchmark ? [{ label: okBenchmark.symbol, values: okBenchmark.twr, className: 'benchmark' }] : []),
        ]}
      />
    </section>
  );
}
