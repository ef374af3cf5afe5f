/** The Income page's view of the worker's income figures: stacked calendar bands, holdings by income, raises and cuts named. */
import { describe, expect, it } from 'vitest';
import { CALENDAR_HOLDINGS, incomeView, OTHER_HOLDINGS } from '#src/machines/income-view';
import type { HoldingIncome, IncomeFigures } from '#src/worker/engine';

const MONTHS = [
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
];

function holding(forwardByMonth: number[], growth: Array<number | null> = []): HoldingIncome {
  const forwardIncome = forwardByMonth.reduce((sum, v) => sum + v, 0);
  return {
    forwardIncome,
    forwardByMonth,
    forwardSource: 'market',
    yieldOnCost: forwardIncome / 10,
    forwardYield: forwardIncome / 20,
    costBasis: 1000,
    value: 2000,
    dividendGrowth: { years: growth.map((_, k) => String(2021 + k)), dividendPerShare: growth.map(() => 1), growth },
    receivedGross: [1, 2],
    expected: [1, 2.5],
  };
}

function figures(holdings: Record<string, HoldingIncome>): IncomeFigures {
  const values = MONTHS.map((_, k) => Object.values(holdings).reduce((sum, h) => sum + h.forwardByMonth[k]!, 0));
  return {
    forwardIncome: values.reduce((sum, v) => sum + v, 0),
    yieldOnCost: 4,
    forwardYield: 3,
    forwardByMonth: { months: MONTHS, values },
    perYear: { years: ['2024', '2025'], gross: [10, 12], tax: [1.5, 1.8], net: [8.5, 10.2] },
    holdings,
  };
}

const month = (k: number, value: number) => MONTHS.map((_, i) => (i === k ? value : 0));

describe('the calendar', () => {
  it('stacks the holdings paying most at the bottom, each band ending at the running sum', () => {
    const view = incomeView(
      figures({ KO: holding(month(0, 10)), JNJ: holding(month(0, 30)), MSFT: holding(month(2, 5)) }),
    );
    expect(view.bands.map((band) => band.label)).toEqual(['JNJ', 'KO', 'MSFT']);
    expect(view.bands.map((band) => band.stacked[0])).toEqual([30, 40, 40]);
    expect(view.bands.map((band) => band.stacked[2])).toEqual([0, 0, 5]);
    expect(view.bands.map((band) => band.own[0])).toEqual([30, 10, 0]);
    // The top band ends at the month's total.
    expect(view.bands.at(-1)!.stacked).toEqual(view.monthTotals);
    // The months as `YYYY-MM`: the page names them in the user's locale (ui/format.ts).
    expect(view.months[0]).toBe('2025-07');
  });

  it(`names the ${CALENDAR_HOLDINGS} holdings paying most and puts the rest in one band`, () => {
    const many = Object.fromEntries(
      Array.from({ length: 11 }, (_, k) => [`T${String(k).padStart(2, '0')}`, holding(month(k % 12, 100 - k))]),
    );
    const view = incomeView(figures(many));
    expect(view.bands).toHaveLength(CALENDAR_HOLDINGS + 1);
    expect(view.bands.at(-1)!.label).toBe(OTHER_HOLDINGS);
    expect(view.bands.at(-1)!.own.reduce((sum, v) => sum + v, 0)).toBe(100 - 8 + 100 - 9 + 100 - 10);
    expect(view.bands.at(-1)!.stacked).toEqual(view.monthTotals);
  });

  it('leaves a holding that pays nothing ahead out of the calendar but in the tables', () => {
    const view = incomeView(figures({ KO: holding(month(1, 10)), SOLD: holding(MONTHS.map(() => 0)) }));
    expect(view.bands.map((band) => band.label)).toEqual(['KO']);
    expect(view.holdings.map((h) => h.ticker)).toEqual(['KO', 'SOLD']);
  });
});

describe('dividend growth', () => {
  it('names each year a raise, a cut, unchanged or without a year before', () => {
    const view = incomeView(figures({ T: holding(month(0, 1), [null, 5.2, 0, -46.6, 0.001]) }));
    expect(view.holdings[0]!.growth.map((cell) => cell.mark)).toEqual([
      'none',
      'raise',
      'unchanged',
      'cut',
      'unchanged',
    ]);
    expect(view.growthYears).toEqual(['2021', '2022', '2023', '2024', '2025']);
  });
});

describe('tables', () => {
  it('lists the per-year gross, tax and net and received against expected per holding', () => {
    const view = incomeView(figures({ KO: holding(month(0, 12)) }));
    expect(view.perYear).toEqual([
      { year: '2024', gross: 10, tax: 1.5, net: 8.5 },
      { year: '2025', gross: 12, tax: 1.8, net: 10.2 },
    ]);
    expect(view.receivedExpected).toEqual([{ ticker: 'KO', received: [1, 2], expected: [1, 2.5] }]);
    expect(view.averagePerMonth).toBe(1);
  });
});
