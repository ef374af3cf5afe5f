import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { selectIncomeView, type IncomeView } from '../../machines/income-view';
import { selectPortfolioStatus } from '../../machines/selectors';
import {
  selectTaxReport,
  selectTaxReportBusy,
  selectTaxReportError,
  taxReportMachine,
} from '../../machines/tax-report-machine';
import { usePortfolioActor } from '../app-context';
import { PortfolioFailed } from '../components/portfolio-failed';
import { FiguresPending } from '../components/figures-pending';
import { SummaryList } from '../components/summary-list';
import { useFormats } from '../locale-context';
import { ForwardCalendarChart } from '../income/forward-calendar-chart';
import {
  DividendGrowthTable,
  ForwardMonthsTable,
  HoldingYieldsTable,
  ReceivedExpectedTable,
  TaxPerYearTable,
} from '../income/income-tables';
import { PageHeading } from '../a11y/page-heading';
import { ScrollRegion } from '../components/scroll-region';
import { useSectionsMounted } from '../components/sections-mounted';

function IncomeSummary({ view }: { view: IncomeView }) {
  const formats = useFormats();
  const boxes: Array<[label: string, text: string]> = [
    ['Income, next 12 months', formats.money(view.forwardIncome)],
    ['Per month, on average', formats.money(view.averagePerMonth)],
    ['Yield on cost', `${formats.number(view.yieldOnCost)} %`],
    ['Forward yield', `${formats.number(view.forwardYield)} %`],
  ];
  return <SummaryList figures={boxes} />;
}

/** Hands a CSV the worker built to the browser as a file download. */
function saveFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  // The download has its own copy once it started; the URL is only needed for the click.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function TaxReportDownload() {
  const taxReport = useActorRef(taxReportMachine);
  const report = useSelector(taxReport, selectTaxReport);
  const busy = useSelector(taxReport, selectTaxReportBusy);
  const error = useSelector(taxReport, selectTaxReportError);
  useEffect(() => {
    if (!report) return;
    saveFile(report.fileName, report.csv);
    taxReport.send({ type: 'taxReport.delivered' });
  }, [report, taxReport]);
  return (
    <p>
      <button type="button" disabled={busy} onClick={() => taxReport.send({ type: 'taxReport.request' })}>
        {busy ? 'Preparing the CSV…' : 'Download CSV for the tax return'}
      </button>{' '}
      <span className="hint">
        one line per dividend (gross, tax withheld, net, as recorded and in your base currency) and a total per year
      </span>
      {error ? (
        <span role="alert" className="error">
          {' '}
          The CSV could not be made: {error}
        </span>
      ) : null}
    </p>
  );
}

export function IncomePage() {
  const portfolio = usePortfolioActor();
  const status = useSelector(portfolio, selectPortfolioStatus);
  const view = useSelector(portfolio, selectIncomeView);

  const heading = (
    <PageHeading id="income-heading" title="Income">
      Income
    </PageHeading>
  );
  if (status === 'loadFailed' || status === 'deriveFailed') {
    return (
      <section className="income" aria-labelledby="income-heading">
        {heading}
        <PortfolioFailed />
      </section>
    );
  }
  if (!view) {
    return (
      <section className="income" aria-labelledby="income-heading">
        {heading}
        <p role="status">Loading your portfolio…</p>
      </section>
    );
  }
  const anyDividend = view.forwardIncome > 0 || view.perYear.some((row) => row.gross !== 0);
  if (!anyDividend) {
    return (
      <section className="income" aria-labelledby="income-heading">
        {heading}
        <p className="hint">
          No dividends yet, received or ahead. <Link to="/transactions">Add a dividend or upload a DEGIRO export</Link>;
          dividends ahead come from the market data of the shares you hold.
        </p>
      </section>
    );
  }
  return (
    <section className="income" aria-labelledby="income-heading">
      {heading}
      <FiguresPending />
      <IncomeSummary view={view} />

      <h2>The next twelve months</h2>
      <p className="hint">
        The dividends of the past twelve months, paid again on the shares you hold today, in the months they were paid.
      </p>
      {view.fromReceived && (
        <p className="hint">
          * From your received dividends: the market data has no dividends of these holdings, so theirs are the
          dividends you received (before tax), scaled to the shares you hold today.
        </p>
      )}
      <div className="income-calendar">
        {view.forwardIncome > 0 ? (
          <ForwardCalendarChart view={view} />
        ) : (
          <p className="hint">None of your holdings paid a dividend in the past twelve months.</p>
        )}
        <ForwardMonthsTable view={view} />
      </div>
      <IncomeSections view={view} />
    </section>
  );
}

/** The sections below the calendar, in order; the page's first commit holds none of them. */
const SECTIONS = 4;

/**
 * The tables below the calendar, one section per task after the page's first commit (sections-mounted.ts):
 * opening the page from the dashboard, that commit also takes the dashboard down, and each per-holding
 * table measures where it is (windowed rows) in a task of its own instead of all of it in one long task.
 */
function IncomeSections({ view }: { view: IncomeView }) {
  const mounted = useSectionsMounted(SECTIONS, 1, 0);
  return (
    <>
      {mounted >= 1 ? (
        <ScrollRegion label="Yield per holding">
          <HoldingYieldsTable view={view} />
        </ScrollRegion>
      ) : null}

      {mounted >= 2 ? (
        <>
          <h2>Dividend growth</h2>
          <DividendGrowthTable view={view} />
        </>
      ) : null}

      {mounted >= 3 ? (
        <>
          <h2>Received and expected</h2>
          <ScrollRegion label="Dividends received and expected">
            <ReceivedExpectedTable view={view} />
          </ScrollRegion>
        </>
      ) : null}

      {mounted >= 4 ? (
        <>
          <h2>Dividends and withholding tax per year</h2>
          <ScrollRegion label="Dividends and withholding tax per year">
            <TaxPerYearTable view={view} />
          </ScrollRegion>
          <TaxReportDownload />
        </>
      ) : null}
    </>
  );
}
