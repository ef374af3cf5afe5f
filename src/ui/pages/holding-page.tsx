/**
 * One holding's own view (`/holdings/:ticker`): its figures, its price per day with its buys and sells
 * marked at the price per share each paid or got, and its value against its cost basis. The worker
 * computes the series (holding-machine.ts); this page only draws them, with the charts in words.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { sourceNote, type ChartShape } from '../../machines/chart-models';
import {
  holdingMachine,
  selectHoldingBusy,
  selectHoldingError,
  selectHoldingView,
  type HoldingView,
} from '../../machines/holding-machine';
import { selectDerivation, selectPortfolioStatus } from '../../machines/selectors';
import { PageHeading } from '../a11y/page-heading';
import { usePortfolioActor } from '../app-context';
import { PortfolioFailed } from '../components/portfolio-failed';
import { FiguresPending } from '../components/figures-pending';
import { SummaryList } from '../components/summary-list';
import { Chart } from '../charts/chart';
import { createChartOptions } from '../dashboard/chart-options';
import { OversoldNote } from '../holdings/oversold-note';
import {
  holdingCell,
  holdingRows,
  HOLDING_COLUMNS,
  type HoldingColumn,
  type HoldingRow,
} from '../holdings/holding-rows';
import { useFormats } from '../locale-context';
import type { TickerFigures } from '../../worker';

/** The price chart's shape: every series in the base currency `base`. */
const priceShape = (base: string): ChartShape => ({
  key: `holding-price-${base}`,
  x: { kind: 'days' },
  series: [
    { label: 'Price per share', suffix: ` ${base}`, style: 'line', scale: 'left' },
    { label: 'Buys', suffix: ` ${base}`, style: 'points', scale: 'left' },
    { label: 'Sells', suffix: ` ${base}`, style: 'points', scale: 'left' },
  ],
});

const valueShape = (base: string): ChartShape => ({
  key: `holding-value-${base}`,
  x: { kind: 'days' },
  series: [
    { label: 'Value', suffix: ` ${base}`, style: 'line', scale: 'left' },
    { label: 'Cost basis', suffix: ` ${base}`, style: 'line', scale: 'left' },
  ],
});

/** The figures of the holdings table, one box each; cost basis beside them. */
const FIGURES: HoldingColumn[] = [
  'shares',
  'averageCost',
  'price',
  'value',
  'weight',
  'unrealised',
  'unrealisedPercent',
  'realised',
  'dividends',
  'tradeCurrency',
  'quoteCurrency',
];
const labelOf = (column: HoldingColumn) => HOLDING_COLUMNS.find((c) => c.key === column)!.label;

function HoldingFigures({ row }: { row: HoldingRow }) {
  const formats = useFormats();
  const boxes: Array<[string, string]> = FIGURES.map((column) => [labelOf(column), holdingCell(row, column, formats)]);
  boxes.splice(4, 0, ['Cost basis', holdingCell({ ...row, value: row.costBasis }, 'value', formats)]);
  return <SummaryList figures={boxes} className="holding-figures" />;
}

function HoldingCharts({ view, dataSource }: { view: HoldingView; dataSource: TickerFigures['dataSource'] }) {
  const formats = useFormats();
  // The two charts' options, kept while the page shows this holding.
  const optionsFor = useMemo(createChartOptions, []);
  const { ticker } = view;
  const source = sourceNote(dataSource);
  const notes = source ? [`In ${formats.currency}`, source] : [`In ${formats.currency}`];
  return (
    <>
      <div className="charts">
        <Chart
          title={`${ticker}: price per share, with its buys and sells`}
          options={optionsFor(priceShape(formats.currency), formats)}
          data={view.priceColumns}
          notes={notes}
        />
        <Chart
          title={`${ticker}: value against cost basis`}
          options={optionsFor(valueShape(formats.currency), formats)}
          data={view.valueColumns}
          notes={notes}
        />
      </div>
      <table className="returns-table holding-trades">
        <caption>
          Buys and sells marked on the price chart ({formats.currency} per share, a day’s trades pooled)
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Trade</th>
            <th scope="col">Per share</th>
          </tr>
        </thead>
        <tbody>
          {view.trades.map((trade) => (
            <tr key={`${trade.day}-${trade.kind}`}>
              <th scope="row">{formats.epochDay(trade.day)}</th>
              <td data-label="Trade">{trade.kind}</td>
              <td data-label="Per share">{formats.money(trade.pricePerShare)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** 'No exchange rate CHFGBP=X in the market data', naming each missing rate. */
const missingRatesText = (symbols: readonly string[]): string =>
  symbols.length === 0
    ? 'An exchange rate it needs has no prices'
    : `No exchange rate ${symbols.join(', ')} in the market data`;

export function HoldingPage() {
  const { ticker = '' } = useParams();
  const portfolio = usePortfolioActor();
  const status = useSelector(portfolio, selectPortfolioStatus);
  const derivation = useSelector(portfolio, selectDerivation);
  const holding = useActorRef(holdingMachine);
  const view = useSelector(holding, selectHoldingView);
  const error = useSelector(holding, selectHoldingError);
  const busy = useSelector(holding, selectHoldingBusy);
  const tickers = derivation?.tickers;
  const known = tickers !== undefined && Object.hasOwn(tickers, ticker);
  const row = useMemo(() => {
    if (!derivation || !known) return null;
    const { open, closed } = holdingRows(derivation.tickers, derivation.holdings);
    return [...open, ...closed].find((r) => r.ticker === ticker) ?? null;
  }, [derivation, known, ticker]);

  // New figures (prices arrived, a transaction changed) or another ticker: the worker draws again.
  useEffect(() => {
    if (tickers && Object.hasOwn(tickers, ticker)) holding.send({ type: 'holding.show', ticker });
  }, [tickers, ticker, holding]);

  let body;
  if (status === 'loadFailed' || status === 'deriveFailed') {
    body = <PortfolioFailed />;
  } else if (!derivation) {
    body = <p role="status">Loading your holdings…</p>;
  } else if (!row && known) {
    body = (
      <p className="hint">
        {ticker} has no buys or sells, only costs or dividends: it is no position.{' '}
        <Link to="/holdings">All holdings</Link> lists what it cost and paid.
      </p>
    );
  } else if (!row) {
    body = <p className="hint">You hold no {ticker}: it is in none of your transactions.</p>;
  } else {
    body = (
      <>
        <FiguresPending />
        {row.excluded ? (
          <p role="alert" className="error">
            {missingRatesText(derivation.tickers[ticker]!.missingSymbols)}: the figures of {ticker} in{' '}
            {derivation.baseCurrency} are unknown until it has prices.{' '}
            <button type="button" onClick={() => portfolio.send({ type: 'portfolio.retry' })}>
              Retry
            </button>
          </p>
        ) : null}
        <OversoldNote rows={[row]} />
        <HoldingFigures row={row} />
        {error ? (
          <p role="alert" className="error">
            {error}{' '}
            <button type="button" onClick={() => holding.send({ type: 'holding.show', ticker })}>
              Retry
            </button>
          </p>
        ) : view && view.ticker === ticker ? (
          <HoldingCharts view={view} dataSource={derivation.tickers[ticker]!.dataSource} />
        ) : busy ? (
          <p role="status">Drawing {ticker}…</p>
        ) : null}
      </>
    );
  }
  return (
    <section className="holding" aria-labelledby="holding-heading">
      <p>
        <Link to="/holdings">← All holdings</Link>
      </p>
      <PageHeading id="holding-heading" title={`${ticker} · Holdings`}>
        {ticker}
      </PageHeading>
      {row?.product ? <p className="holding-product">{row.product}</p> : null}
      {body}
    </section>
  );
}
