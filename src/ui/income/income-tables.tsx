import { useMemo, useState } from 'react';
import type { GrowthCell, HoldingIncomeRow, IncomeView } from '../../machines/income-view';
import type { Formats } from '../format';
import { useFormats } from '../locale-context';
import { ScrollRegion } from '../components/scroll-region';
import { WindowedTable, type Column } from '../components/windowed-table';

const percent = (formats: Formats, value: number): string => `${formats.number(value)} %`;

/** The twelve months ahead as numbers: what the calendar chart draws, readable without it. */
export function ForwardMonthsTable({ view }: { view: IncomeView }) {
  const formats = useFormats();
  return (
    <table className="income-months">
      <caption>Expected per month</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Income</th>
        </tr>
      </thead>
      <tbody>
        {view.months.map((month, k) => (
          <tr key={month}>
            <th scope="row">{formats.yearMonth(month)}</th>
            <td className="number">{formats.money(view.monthTotals[k]!)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Twelve months</th>
          <td className="number">{formats.money(view.forwardIncome)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * The per-holding tables are windowed (components/windowed-table.tsx): with 200 holdings only the rows near
 * the viewport are in the document, each a row of one height with the ticker as its row header.
 */
const holdingColumn = <Row extends { ticker: string }>(): Column<Row> => ({
  header: 'Holding',
  width: '8rem',
  rowHeader: true,
  cell: (row) => row.ticker,
});

export function HoldingYieldsTable({ view }: { view: IncomeView }) {
  const formats = useFormats();
  const columns = useMemo<Array<Column<HoldingIncomeRow>>>(
    () => [
      holdingColumn(),
      {
        header: 'Next 12 months',
        width: '10rem',
        className: 'number',
        cell: (holding) =>
          holding.forwardSource === 'received' ? (
            <>
              {formats.money(holding.forwardIncome)}
              <span aria-hidden="true"> *</span>
              <span className="visually-hidden"> (from your received dividends)</span>
            </>
          ) : (
            formats.money(holding.forwardIncome)
          ),
      },
      {
        header: 'Yield on cost',
        width: '8rem',
        className: 'number',
        cell: (holding) => percent(formats, holding.yieldOnCost),
      },
      {
        header: 'Forward yield',
        width: '8rem',
        className: 'number',
        cell: (holding) => percent(formats, holding.forwardYield),
      },
    ],
    [formats],
  );
  return <WindowedTable caption="Per holding" columns={columns} rows={view.holdings} />;
}

const MARKS: Record<GrowthCell['mark'], { symbol: string; word: string }> = {
  raise: { symbol: '▲', word: 'raise' },
  cut: { symbol: '▼', word: 'cut' },
  unchanged: { symbol: '=', word: 'unchanged' },
  none: { symbol: '', word: 'no dividend the year before' },
};

function growthCellText({ growth, mark }: GrowthCell, formats: Formats) {
  const { symbol, word } = MARKS[mark];
  if (growth === null) {
    return (
      <>
        –<span className="visually-hidden"> {word}</span>
      </>
    );
  }
  return (
    <>
      <span aria-hidden="true">{symbol} </span>
      {formats.signed(growth)} % <span className="growth-word">{word}</span>
    </>
  );
}

function growthCellTitle({ growth, mark, dividendPerShare }: GrowthCell, formats: Formats): string {
  const perShare = `Dividend per share ${formats.number(dividendPerShare)}`;
  return growth === null ? `${perShare}; ${MARKS[mark].word}` : perShare;
}

/** Years shown before "Show all years": the most recent complete ones. */
const RECENT_YEARS = 5;

export function DividendGrowthTable({ view }: { view: IncomeView }) {
  const formats = useFormats();
  const [allYears, setAllYears] = useState(false);
  const years = view.growthYears;
  const from = allYears ? 0 : Math.max(0, years.length - RECENT_YEARS);
  const payers = useMemo(
    () => view.holdings.filter((holding) => holding.growth.some((cell) => cell.dividendPerShare > 0)),
    [view.holdings],
  );
  const columns = useMemo<Array<Column<HoldingIncomeRow>>>(
    () => [
      holdingColumn(),
      ...years.slice(from).map((year, k): Column<HoldingIncomeRow> => {
        const at = from + k;
        return {
          header: year,
          width: '9.5rem',
          className: (holding) => `growth ${holding.growth[at]!.growth === null ? 'none' : holding.growth[at]!.mark}`,
          title: (holding) => growthCellTitle(holding.growth[at]!, formats),
          cell: (holding) => growthCellText(holding.growth[at]!, formats),
        };
      }),
    ],
    [formats, years, from],
  );
  if (years.length === 0 || payers.length === 0)
    return <p className="hint">No complete year of dividends yet: growth is shown once a year has ended.</p>;
  return (
    <>
      <ScrollRegion label="Dividend growth per holding">
        <WindowedTable
          caption="Dividend per share, change on the year before (▲ raise, ▼ cut, = unchanged)"
          columns={columns}
          rows={payers}
        />
      </ScrollRegion>
      {years.length > RECENT_YEARS ? (
        <button type="button" className="link" aria-pressed={allYears} onClick={() => setAllYears((all) => !all)}>
          {allYears ? `Show the last ${RECENT_YEARS} years` : `Show all ${years.length} years`}
        </button>
      ) : null}
    </>
  );
}

type ReceivedExpectedRow = IncomeView['receivedExpected'][number];

export function ReceivedExpectedTable({ view }: { view: IncomeView }) {
  const formats = useFormats();
  const [yearIndex, setYearIndex] = useState(view.years.length - 1);
  const k = Math.min(yearIndex, view.years.length - 1);
  const rows = useMemo(
    () => view.receivedExpected.filter((row) => row.received[k] !== 0 || row.expected[k] !== 0),
    [view.receivedExpected, k],
  );
  const columns = useMemo<Array<Column<ReceivedExpectedRow>>>(
    () => [
      holdingColumn(),
      { header: 'Received', width: '10rem', className: 'number', cell: (row) => formats.money(row.received[k]!) },
      { header: 'Expected', width: '10rem', className: 'number', cell: (row) => formats.money(row.expected[k]!) },
      {
        header: 'Difference',
        width: '10rem',
        className: (row) => (row.received[k]! - row.expected[k]! < 0 ? 'number negative' : 'number'),
        cell: (row) => formats.signedMoney(row.received[k]! - row.expected[k]!),
      },
    ],
    [formats, k],
  );
  return (
    <>
      <label className="year-choice">
        Year{' '}
        <select value={k} onChange={(event) => setYearIndex(Number(event.target.value))}>
          {view.years.map((year, index) => (
            <option key={year} value={index}>
              {year}
            </option>
          ))}
        </select>
      </label>
      {rows.length === 0 ? (
        <p className="hint">No dividends received or expected in {view.years[k]}.</p>
      ) : (
        <WindowedTable
          caption={`Received (gross) against expected from the market data, ${view.years[k]}`}
          columns={columns}
          rows={rows}
        />
      )}
    </>
  );
}

export function TaxPerYearTable({ view }: { view: IncomeView }) {
  const formats = useFormats();
  return (
    <table className="tax-per-year">
      <caption>Dividends per year, in {formats.currency}</caption>
      <thead>
        <tr>
          <th scope="col">Year</th>
          <th scope="col">Gross</th>
          <th scope="col">Tax withheld</th>
          <th scope="col">Net received</th>
        </tr>
      </thead>
      <tbody>
        {view.perYear.map((row) => (
          <tr key={row.year}>
            <th scope="row">{row.year}</th>
            <td className="number">{formats.money(row.gross)}</td>
            <td className="number">{formats.money(row.tax)}</td>
            <td className="number">{formats.money(row.net)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
