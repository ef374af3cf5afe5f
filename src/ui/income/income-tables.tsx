import { useState } from 'react';
import type { GrowthCell, IncomeView } from '../../machines/income-view';
import type { Formats } from '../format';
import { useFormats } from '../locale-context';
import { ScrollRegion } from '../components/scroll-region';

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

export function HoldingYieldsTable({ view }: { view: IncomeView }) {
  const formats = useFormats();
  return (
    <table>
      <caption>Per holding</caption>
      <thead>
        <tr>
          <th scope="col">Holding</th>
          <th scope="col">Next 12 months</th>
          <th scope="col">Yield on cost</th>
          <th scope="col">Forward yield</th>
        </tr>
      </thead>
      <tbody>
        {view.holdings.map((holding) => (
          <tr key={holding.ticker}>
            <th scope="row">{holding.ticker}</th>
            <td className="number">{formats.money(holding.forwardIncome)}</td>
            <td className="number">{percent(formats, holding.yieldOnCost)}</td>
            <td className="number">{percent(formats, holding.forwardYield)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const MARKS: Record<GrowthCell['mark'], { symbol: string; word: string }> = {
  raise: { symbol: '▲', word: 'raise' },
  cut: { symbol: '▼', word: 'cut' },
  unchanged: { symbol: '=', word: 'unchanged' },
  none: { symbol: '', word: 'no dividend the year before' },
};

function GrowthCellView({ cell, formats }: { cell: GrowthCell; formats: Formats }) {
  const { symbol, word } = MARKS[cell.mark];
  if (cell.growth === null) {
    return (
      <td className="growth none" title={`Dividend per share ${formats.number(cell.dividendPerShare)}; ${word}`}>
        –<span className="visually-hidden"> {word}</span>
      </td>
    );
  }
  return (
    <td className={`growth ${cell.mark}`} title={`Dividend per share ${formats.number(cell.dividendPerShare)}`}>
      <span aria-hidden="true">{symbol} </span>
      {formats.signed(cell.growth)} % <span className="growth-word">{word}</span>
    </td>
  );
}

/** Years shown before "Show all years": the most recent complete ones. */
const RECENT_YEARS = 5;

export function DividendGrowthTable({ view }: { view: IncomeView }) {
  const formats = useFormats();
  const [allYears, setAllYears] = useState(false);
  const years = view.growthYears;
  const from = allYears ? 0 : Math.max(0, years.length - RECENT_YEARS);
  const payers = view.holdings.filter((holding) => holding.growth.some((cell) => cell.dividendPerShare > 0));
  if (years.length === 0 || payers.length === 0) return <p className="hint">No complete year of dividends yet: growth is shown once a year has ended.</p>;
  return (
    <>
      <ScrollRegion label="Dividend growth per holding">
        <table className="dividend-growth">
          <caption>Dividend per share, change on the year before (▲ raise, ▼ cut, = unchanged)</caption>
          <thead>
            <tr>
              <th scope="col">Holding</th>
              {years.slice(from).map((year) => (
                <th key={year} scope="col">
                  {year}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {payers.map((holding) => (
              <tr key={holding.ticker}>
                <th scope="row">{holding.ticker}</th>
                {holding.growth.slice(from).map((cell) => (
                  <GrowthCellView key={cell.year} cell={cell} formats={formats} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {years.length > RECENT_YEARS ? (
        <button type="button" className="link" aria-pressed={allYears} onClick={() => setAllYears((all) => !all)}>
          {allYears ? `Show the last ${RECENT_YEARS} years` : `Show all ${years.length} years`}
        </button>
      ) : null}
    </>
  );
}

export function ReceivedExpectedTable({ view }: { view: IncomeView }) {
  const formats = useFormats();
  const [yearIndex, setYearIndex] = useState(view.years.length - 1);
  const k = Math.min(yearIndex, view.years.length - 1);
  const rows = view.receivedExpected.filter((row) => row.received[k] !== 0 || row.expected[k] !== 0);
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
        <table>
          <caption>Received (gross) against expected from the market data, {view.years[k]}</caption>
          <thead>
            <tr>
              <th scope="col">Holding</th>
              <th scope="col">Received</th>
              <th scope="col">Expected</th>
              <th scope="col">Difference</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const difference = row.received[k]! - row.expected[k]!;
              return (
                <tr key={row.ticker}>
                  <th scope="row">{row.ticker}</th>
                  <td className="number">{formats.money(row.received[k]!)}</td>
                  <td className="number">{formats.money(row.expected[k]!)}</td>
                  <td className={`number${difference < 0 ? ' negative' : ''}`}>{formats.signedMoney(difference)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}

export function TaxPerYearTable({ view }: { view: IncomeView }) {
  const formats = useFormats();
  return (
    <table className="tax-per-year">
      <caption>Dividends per year, in EUR</caption>
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
