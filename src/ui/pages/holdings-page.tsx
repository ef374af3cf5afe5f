/**
 * What I own: one row per ticker, sortable by every column (aria-sort on the header), a totals row, closed
 * positions apart, and the allocation by holding and by quote currency. On a narrow screen each row is a card.
 */
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { selectDerivation, selectPortfolioStatus } from '../../machines/selectors';
import { usePortfolioActor } from '../app-context';
import { PortfolioFailed } from '../components/portfolio-failed';
import { FiguresPending } from '../components/figures-pending';
import { AllocationBars } from '../holdings/allocation-bars';
import {
  HOLDING_COLUMNS,
  allocationByCurrency,
  holdingRows,
  holdingTotals,
  holdingPath,
  sortHoldingRows,
  holdingCell as cell,
  type HoldingColumn,
  type HoldingRow,
  type HoldingSort,
  type NoPositionRow,
} from '../holdings/holding-rows';
import { useFormats } from '../locale-context';
import { PageHeading } from '../a11y/page-heading';
import { UnpricedProducts } from '../holdings/unpriced-products';
import { OVERSOLD_MARK, OversoldNote } from '../holdings/oversold-note';

function HoldingsTable({
  caption,
  rows,
  sort,
  onSort,
  totals,
}: {
  caption: string;
  rows: HoldingRow[];
  sort: HoldingSort;
  onSort: (column: HoldingColumn) => void;
  totals: boolean;
}) {
  const formats = useFormats();
  const sum = holdingTotals(rows);
  return (
    <table className="holdings-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {HOLDING_COLUMNS.map(({ key, label }) => (
            <th key={key} scope="col" aria-sort={sort.column === key ? sort.direction : 'none'}>
              <button type="button" className="sort" onClick={() => onSort(key)}>
                {label}
                <span aria-hidden="true">
                  {sort.column === key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}
                </span>
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.ticker} className={row.excluded ? 'excluded' : undefined}>
            {HOLDING_COLUMNS.map(({ key, label }) =>
              key === 'ticker' ? (
                <th key={key} scope="row" data-label={label}>
                  <Link to={holdingPath(row.ticker)}>{row.ticker}</Link>
                  {row.excluded ? <span className="hint"> (exchange rate missing: left out of the totals)</span> : null}
                  {row.oversold ? (
                    <span className="hint oversold">
                      {' '}
                      <span aria-hidden="true">⚠ </span>({OVERSOLD_MARK})
                    </span>
                  ) : null}
                </th>
              ) : (
                <td key={key} data-label={label} data-column={key}>
                  {cell(row, key, formats)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
      {totals ? (
        <tfoot>
          <tr className="totals">
            <th scope="row" data-label="Ticker">
              Total
            </th>
            <td data-label="Product" />
            <td data-label="Shares" />
            <td data-label="Cost basis" data-column="costBasis">
              cost basis {formats.money(sum.costBasis)}
            </td>
            <td data-label="Price" />
            <td data-label="Value" data-column="value">
              {formats.money(sum.value)}
            </td>
            <td data-label="Weight">{rows.length > 0 ? `${formats.number(100)} %` : ''}</td>
            <td data-label="Unrealised" data-column="unrealised">
              {formats.signedMoney(sum.unrealised)}
            </td>
            <td data-label="Unrealised %">
              {sum.costBasis > 0 ? formats.signedPercent((sum.unrealised / sum.costBasis) * 100) : '—'}
            </td>
            <td data-label="Realised" data-column="realised">
              {formats.signedMoney(sum.realised)}
            </td>
            <td data-label="Dividends" data-column="dividends">
              {formats.money(sum.dividends)}
            </td>
            <td data-label="Traded in" />
            <td data-label="Quoted in" />
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

/**
 * Tickers with no buys or sells: DEGIRO's account costs (connection fees and the like, under
 * DEGIRO-COSTS), or dividends whose shares were bought before the transactions begin. They hold nothing,
 * so they are not positions; their costs and dividends count in the dashboard's summary.
 */
function NoPositionTable({ rows }: { rows: readonly NoPositionRow[] }) {
  const formats = useFormats();
  const amount = (value: number) => (Number.isNaN(value) ? '—' : formats.money(value));
  return (
    <table className="holdings-table no-position">
      <caption>
        Without buys or sells
        <span className="hint">
          {' '}
          — costs and dividends that belong to no position; the dashboard’s summary counts them
        </span>
      </caption>
      <thead>
        <tr>
          <th scope="col">Ticker</th>
          <th scope="col">Costs</th>
          <th scope="col">Dividends</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.ticker} className={row.excluded ? 'excluded' : undefined}>
            <th scope="row" data-label="Ticker">
              {row.ticker}
              {row.excluded ? <span className="hint"> (exchange rate missing: left out of the totals)</span> : null}
            </th>
            <td data-label="Costs" data-column="commission">
              {amount(row.commission)}
            </td>
            <td data-label="Dividends" data-column="dividends">
              {amount(row.dividends)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function HoldingsPage() {
  const portfolio = usePortfolioActor();
  const status = useSelector(portfolio, selectPortfolioStatus);
  const derivation = useSelector(portfolio, selectDerivation);
  const [sort, setSort] = useState<HoldingSort>({ column: 'value', direction: 'descending' });
  const rows = useMemo(() => (derivation ? holdingRows(derivation.tickers, derivation.holdings) : null), [derivation]);
  const onSort = (column: HoldingColumn) =>
    setSort((current) =>
      current.column === column
        ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : {
            column,
            direction:
              column === 'ticker' || column === 'product' || column === 'tradeCurrency' || column === 'quoteCurrency'
                ? 'ascending'
                : 'descending',
          },
    );

  let body;
  if (status === 'loadFailed' || status === 'deriveFailed') {
    body = <PortfolioFailed />;
  } else if (!rows) {
    body = <p role="status">Loading your holdings…</p>;
  } else if (rows.open.length === 0 && rows.closed.length === 0 && rows.noPosition.length === 0) {
    body = <p className="hint">No holdings yet: add a buy on the Transactions page, or import a DEGIRO export.</p>;
  } else {
    const open = sortHoldingRows(rows.open, sort);
    const byHolding = open
      .filter((row) => !row.excluded)
      .map((row) => ({ label: row.ticker, weight: row.weight, value: row.value }));
    body = (
      <>
        <FiguresPending />
        <UnpricedProducts />
        <OversoldNote rows={open} />
        <HoldingsTable
          caption="Open positions (sorted by the column whose header you choose)"
          rows={open}
          sort={sort}
          onSort={onSort}
          totals
        />
        {rows.closed.length > 0 ? (
          <HoldingsTable
            caption="Closed positions"
            rows={sortHoldingRows(rows.closed, sort)}
            sort={sort}
            onSort={onSort}
            totals={false}
          />
        ) : null}
        {rows.noPosition.length > 0 ? <NoPositionTable rows={rows.noPosition} /> : null}
        <section aria-labelledby="allocation-heading" className="allocations">
          <h2 id="allocation-heading">Allocation</h2>
          <AllocationBars title="By holding" slices={byHolding} />
          <AllocationBars title="By quote currency" slices={allocationByCurrency(open)} />
        </section>
      </>
    );
  }
  return (
    <section className="holdings" aria-labelledby="holdings-heading">
      <PageHeading id="holdings-heading" title="Holdings">
        Holdings
      </PageHeading>
      {body}
    </section>
  );
}
