import { describe, expect, it } from 'vitest';
import { createChartModels, type ChartModel } from '#src/machines/chart-models';
import { periodsSummary } from '#src/ui/charts/chart-text';
import { perPeriodSummary } from '#src/ui/dashboard/period-summary';
import { formatsFor } from '#src/ui/format';
import { DashboardCharts } from '#src/worker/dashboard-charts';
import { derive, quote, setOf, tx } from '#helpers/ui/dashboard-portfolio';

const en = formatsFor('en-US');
const nl = formatsFor('nl-NL');
const months = [
  '2026-12',
  '2027-01',
  '2027-02',
  '2027-03',
  '2027-04',
  '2027-05',
  '2027-06',
  '2027-07',
  '2027-08',
  '2027-09',
  '2027-10',
  '2027-11',
];

describe('a bar chart of amounts per period in words', () => {
  it('gives each holding of the income calendar its total over the twelve months and its largest month, not the last month paying nothing', () => {
    const ibe = [0, 0, 0, 0, 0, 0, 0, 80, 0, 0, 0, 0];
    const asml = [0, 0, 15, 0, 0, 45, 0, 0, 15, 0, 0, 15];
    const text = periodsSummary(
      months.map((month) => en.yearMonth(month)),
      [
        { label: 'ASML.AS', values: asml },
        { label: 'IBE.MC', values: ibe },
      ],
      (v) => en.money(v),
    );
    expect(text).toBe(
      `${en.yearMonth('2026-12')} to ${en.yearMonth('2027-11')}: ASML.AS €90.00 in total, most in ${en.yearMonth('2027-05')} (€45.00); IBE.MC €80.00 in total, most in ${en.yearMonth('2027-07')} (€80.00).`,
    );
    expect(text).not.toContain('no change');
  });

  it('writes the months and the money in the user locale', () => {
    const text = periodsSummary(
      months.slice(0, 3).map((month) => nl.yearMonth(month)),
      [{ label: 'IBE.MC', values: [0, 1234.5, 0] }],
      (v) => nl.money(v),
    );
    expect(text).toBe(
      `${nl.yearMonth('2026-12')} to ${nl.yearMonth('2027-02')}: IBE.MC ${nl.money(1234.5)} in total, most in ${nl.yearMonth('2027-01')} (${nl.money(1234.5)}).`,
    );
  });

  it('says a series that pays nothing, and one without values, as such', () => {
    expect(
      periodsSummary(
        ['Q1', 'Q2'],
        [
          { label: 'Expected', values: [0, 0] },
          { label: 'Received', values: [null, null] },
        ],
        (v) => en.money(v),
      ),
    ).toBe('Q1 to Q2: Expected €0.00, nothing in any period; Received: no values.');
  });
});

describe('the dashboard charts of dividends per quarter in words', () => {
  const result = derive(
    setOf(
      tx('IBE.MC', 'stock', '2022-11-10', 100, 1000),
      tx('IBE.MC', 'dividend', '2023-02-15', 1, 90),
      tx('IBE.MC', 'dividend', '2023-08-15', 1, 40),
    ),
    [
      quote('IBE.MC', 'EUR', [
        ['2022-11-09', 10],
        ['2023-12-29', 11],
      ]),
    ],
    '2023-12-31',
  );
  const charts = createChartModels().build(new DashboardCharts().derived(result, ['IBE.MC']).charts, {
    pricesLoading: false,
    priceErrors: {},
  });
  const chart = (title: string): ChartModel => charts.find((c) => c.title === title)!;
  const summaryOf = (title: string) => perPeriodSummary(chart(title).shape, chart(title).columns, en);

  it('give each year its total and largest quarter', () => {
    expect(summaryOf('Dividend per quarter by year')).toBe(
      'Q1 to Q4: 2022 €0.00, nothing in any period; 2023 €130.00 in total, most in Q1 (€90.00).',
    );
  });

  it('give received and expected their totals and largest quarters', () => {
    expect(summaryOf('Dividend per quarter')).toMatch(
      /^\S+ to \S+: Received €130\.00 in total, most in \S+ \(€90\.00\); Expected /,
    );
  });

  it('leave a trailing sum and a yield to the chart own summary: they do not add up over the periods', () => {
    expect(summaryOf('TTM dividend per quarter')).toBeUndefined();
    expect(summaryOf('Yield per year')).toBeUndefined();
    expect(summaryOf('Portfolio value')).toBeUndefined();
  });
});
