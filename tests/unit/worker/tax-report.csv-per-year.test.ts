/**
 * The tax report CSV built in the worker: one line per dividend, a total per year in the base currency equal
 * to the Income page's table; its columns name the base, and amounts have the base's digits (JPY none).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '#scripts/scenario';
import { PortfolioEngine } from '#src/worker/engine';
import { taxReportCsv } from '#src/worker/tax-report-csv';

const TAX_REPORT_HEADER = 'year,date,ticker,currency,gross,tax,net,gross_eur,tax_eur,net_eur';
import { chart, dividend, stock, transactionSet } from '#helpers/worker/portfolio';

describe('the tax report of the golden scenario with withheld tax', () => {
  const json = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../golden/dividend-tax-and-forward-income.json'), 'utf8'),
  ) as unknown;
  const parsed = parseScenario(json);
  if (!parsed.ok) throw new Error(parsed.error);
  const { scenario } = parsed;
  const engine = new PortfolioEngine();
  engine.setTransactions(scenario.transactions);
  engine.setQuotes(scenario.quotes);
  const derivation = engine.derive(scenario.asOf, null);
  const lines = taxReportCsv(engine.dividendRecords()).trimEnd().split('\n');
  const rows = lines.slice(1).map((line) => line.split(','));
  const totals = rows.filter((row) => row[2] === 'Total');

  it('lists every dividend once, oldest first, under the header', () => {
    expect(lines[0]).toBe(TAX_REPORT_HEADER);
    const dividends = rows.filter((row) => row[2] !== 'Total');
    expect(dividends).toHaveLength(scenario.transactions.dividend.length);
    expect(dividends.map((row) => row[1])).toEqual(scenario.transactions.dividend.map((t) => t.date).sort());
  });

  it('writes each dividend as recorded: gross = net + tax in its currency', () => {
    const first = scenario.transactions.dividend[0]!;
    const row = rows.find((r) => r[1] === first.date && r[2] === first.ticker)!;
    expect(row.slice(3, 7)).toEqual([
      first.currency,
      String(first.value + first.tax!),
      String(first.tax),
      String(first.value),
    ]);
  });

  it('closes each year with EUR totals equal to the per-year gross, tax and net, to the cent', () => {
    const { perYear } = derivation.income;
    const withDividends = perYear.years.filter((_, k) => perYear.gross[k] !== 0);
    expect(totals.map((row) => row[0])).toEqual(withDividends);
    for (const row of totals) {
      const k = perYear.years.indexOf(row[0]!);
      expect(row.slice(7).map(Number)).toEqual(
        [perYear.gross[k], perYear.tax[k], perYear.net[k]].map((eur) => Math.round(eur! * 100) / 100),
      );
    }
  });
});

describe('a USD dividend', () => {
  it('turns into EUR at the rate of its day, with a tax of 0 where none is recorded', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(
      transactionSet([
        stock('KO', '2023-01-03', 10, 600, 'USD'),
        { ...dividend('KO', '2023-04-03', 3.74, 'USD'), tax: 0.66 },
        dividend('KO', '2023-07-03', 4.6, 'USD'),
      ]),
    );
    engine.setQuotes([
      chart('KO', { currency: 'USD', bars: [['2023-01-03', 60]] }),
      chart('EUR=X', {
        currency: 'EUR',
        hourUtc: 0,
        bars: [
          ['2023-01-02', 0.94],
          ['2023-04-03', 0.92],
          ['2023-07-03', 0.9],
        ],
      }),
    ]);
    engine.derive('2023-12-31', null);
    expect(taxReportCsv(engine.dividendRecords())).toBe(
      [
        TAX_REPORT_HEADER,
        '2023,2023-04-03,KO,USD,4.4,0.66,3.74,4.05,0.61,3.44',
        '2023,2023-07-03,KO,USD,4.6,0,4.6,4.14,0.00,4.14',
        '2023,,Total,EUR,,,,8.19,0.61,7.58',
        '',
      ].join('\n'),
    );
  });

  it('is an empty report, header only, without dividends', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet([stock('KO', '2023-01-03', 10, 600)]));
    engine.derive('2023-12-31', null);
    expect(taxReportCsv(engine.dividendRecords())).toBe(`${TAX_REPORT_HEADER}\n`);
  });

  it('turns into the base currency when it is another: JPY whole yen, the columns and totals named JPY', () => {
    const engine = new PortfolioEngine();
    engine.setBaseCurrency('JPY');
    engine.setTransactions(
      transactionSet([
        stock('KO', '2023-01-03', 10, 600, 'USD'),
        { ...dividend('KO', '2023-04-03', 3.74, 'USD'), tax: 0.66 },
        dividend('KO', '2023-07-03', 4.6, 'USD'),
      ]),
    );
    // Yahoo's JPY=X: yen per dollar.
    engine.setQuotes([
      chart('KO', { currency: 'USD', bars: [['2023-01-03', 60]] }),
      chart('JPY=X', {
        currency: 'JPY',
        hourUtc: 0,
        bars: [
          ['2023-01-02', 130],
          ['2023-04-03', 132.5],
          ['2023-07-03', 144],
        ],
      }),
    ]);
    engine.derive('2023-12-31', null);
    // 4.4 × 132.5 = 583, 0.66 × 132.5 = 87.45, 3.74 × 132.5 = 495.55; 4.6 × 144 = 662.4.
    expect(taxReportCsv(engine.dividendRecords(), 'JPY')).toBe(
      [
        'year,date,ticker,currency,gross,tax,net,gross_jpy,tax_jpy,net_jpy',
        '2023,2023-04-03,KO,USD,4.4,0.66,3.74,583,87,496',
        '2023,2023-07-03,KO,USD,4.6,0,4.6,662,0,662',
        '2023,,Total,JPY,,,,1245,87,1158',
        '',
      ].join('\n'),
    );
  });
});
