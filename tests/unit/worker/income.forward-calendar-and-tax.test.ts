/**
 * Income (SEMANTICS.md, "Forward income" and "Withholding tax") worked out by hand: which events count
 * for the next twelve months and in which month, pence and USD, yield on cost after a sell, dividend
 * growth with a cut, and the per-year gross, tax and net of dividends with and without tax.
 */
import { describe, expect, it } from 'vitest';
import { PortfolioEngine } from '#src/worker/engine';
import { chart, dividend, stock, transactionSet } from '#helpers/worker/portfolio';

const usd = chart('EUR=X', {
  currency: 'EUR',
  timeZone: 'Europe/London',
  hourUtc: 0,
  bars: [
    ['2022-01-03', 0.9],
    ['2023-06-01', 0.8],
    ['2024-06-10', 0.95],
  ],
});

describe('forward income', () => {
  const engine = new PortfolioEngine();
  engine.setTransactions(
    transactionSet([stock('KO', '2022-01-03', 10, 500, 'USD'), stock('KO', '2023-09-01', 10, 550, 'USD')]),
  );
  engine.setQuotes([
    chart('KO', {
      currency: 'USD',
      timeZone: 'America/New_York',
      bars: [
        ['2022-01-03', 50],
        ['2024-06-10', 60],
      ],
      // 2023-06-14 is exactly 365 days before asOf: out of the window. 2024-06-14 is after asOf: ignored.
      dividends: [
        ['2022-03-14', 0.42],
        ['2022-11-30', 0.44],
        ['2023-06-14', 0.46],
        ['2023-09-14', 0.46],
        ['2023-11-30', 0.46],
        ['2024-03-14', 0.485],
        ['2024-06-14', 0.485],
      ],
    }),
    usd,
  ]);
  const d = engine.derive('2024-06-13', null);

  it('pays the past year’s events again on today’s 20 shares, at today’s rate', () => {
    const expected = (0.46 + 0.46 + 0.485) * 20 * 0.95;
    expect(d.income.forwardIncome).toBeCloseTo(expected, 10);
    expect(d.income.holdings.KO!.forwardIncome).toBeCloseTo(expected, 10);
  });

  it('lays them out over the twelve months after June 2024, each in its own calendar month', () => {
    expect(d.income.forwardByMonth.months).toEqual([
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
    ]);
    const values = d.income.forwardByMonth.values;
    expect(values[2]).toBeCloseTo(0.46 * 20 * 0.95, 10); // September
    expect(values[4]).toBeCloseTo(0.46 * 20 * 0.95, 10); // November
    expect(values[8]).toBeCloseTo(0.485 * 20 * 0.95, 10); // March
    expect(values.filter((_, k) => ![2, 4, 8].includes(k))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(values.reduce((sum, v) => sum + v, 0)).toBeCloseTo(d.income.forwardIncome, 10);
  });

  it('divides by the average cost and by today’s value', () => {
    const costBasis = 500 * 0.9 + 550 * 0.8;
    const ko = d.income.holdings.KO!;
    expect(ko.costBasis).toBeCloseTo(costBasis, 10);
    expect(ko.yieldOnCost).toBeCloseTo((d.income.forwardIncome / costBasis) * 100, 10);
    expect(ko.forwardYield).toBeCloseTo((d.income.forwardIncome / (20 * 60 * 0.95)) * 100, 10);
    expect(d.income.yieldOnCost).toBe(ko.yieldOnCost);
  });

  it('grows the dividend per share year on year, in the quote currency, for the complete years', () => {
    expect(d.income.holdings.KO!.dividendGrowth).toEqual({
      years: ['2022', '2023'],
      dividendPerShare: [0.86, expect.closeTo(1.38, 12)],
      growth: [null, expect.closeTo((1.38 / 0.86 - 1) * 100, 10)],
    });
  });
});

describe('an event in asOf’s own month', () => {
  it('counts in that month one year on, the last of the twelve', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet([stock('REP.MC', '2024-01-02', 100, 1400)]));
    engine.setQuotes([
      chart('REP.MC', {
        currency: 'EUR',
        bars: [
          ['2024-01-02', 14],
          ['2024-07-01', 15],
        ],
        dividends: [
          ['2024-07-02', 0.5],
          ['2024-01-09', 0.4],
        ],
      }),
    ]);
    const d = engine.derive('2024-07-20', null);
    expect(d.income.forwardByMonth.months.at(-1)).toBe('2025-07');
    expect(d.income.forwardByMonth.values.at(-1)).toBeCloseTo(50, 10);
    expect(d.income.forwardByMonth.values[5]).toBeCloseTo(40, 10); // January 2025
  });
});

describe('a dividend cut and a position sold out', () => {
  it('marks the cut as negative growth, and a sold-out holding has nothing ahead and no yield', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet([stock('T', '2021-01-04', 10, 300), stock('T', '2023-05-02', -10, -200)]));
    engine.setQuotes([
      chart('T', {
        currency: 'EUR',
        bars: [
          ['2021-01-04', 30],
          ['2024-03-01', 17],
        ],
        dividends: [
          ['2021-04-08', 0.52],
          ['2022-04-07', 0.52],
          ['2023-04-06', 0.2775],
          ['2024-01-08', 0.2775],
        ],
      }),
    ]);
    const d = engine.derive('2024-03-01', null);
    const t = d.income.holdings.T!;
    expect(t.dividendGrowth.years).toEqual(['2021', '2022', '2023']);
    expect(t.dividendGrowth.growth[0]).toBeNull(); // nothing in 2020 to compare with
    expect(t.dividendGrowth.growth[1]).toBeCloseTo(0, 12);
    expect(t.dividendGrowth.growth[2]).toBeCloseTo((0.2775 / 0.52 - 1) * 100, 10);
    expect(t.forwardIncome).toBe(0);
    expect(t.costBasis).toBe(0);
    expect(t.yieldOnCost).toBe(0);
    expect(t.forwardYield).toBe(0);
  });
});

describe('pence', () => {
  it('divides a GBp dividend by 100 before converting at asOf’s GBP rate', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet([stock('TSCO.L', '2023-01-03', 100, 290)]));
    engine.setQuotes([
      chart('TSCO.L', {
        currency: 'GBp',
        bars: [
          ['2023-01-03', 250],
          ['2023-12-29', 300],
        ],
        dividends: [
          ['2023-06-01', 7.05],
          ['2023-10-12', 3.85],
        ],
      }),
      chart('GBPEUR=X', {
        currency: 'EUR',
        hourUtc: 0,
        bars: [
          ['2023-01-02', 1.13],
          ['2023-12-29', 1.15],
        ],
      }),
    ]);
    const d = engine.derive('2023-12-31', null);
    expect(d.income.forwardIncome).toBeCloseTo(((7.05 + 3.85) / 100) * 100 * 1.15, 10);
  });
});

describe('withholding tax per year', () => {
  const engine = new PortfolioEngine();
  const taxed = (
    ticker: string,
    date: string,
    value: number,
    tax: number | undefined,
    currency: 'EUR' | 'USD' = 'EUR',
  ) => ({
    ...dividend(ticker, date, value, currency),
    ...(tax === undefined ? {} : { tax }),
  });
  const set = transactionSet([
    stock('KO', '2022-01-03', 10, 500, 'USD'),
    stock('REP.MC', '2022-01-03', 100, 1100),
    taxed('KO', '2022-12-15', 3.74, 0.66, 'USD'),
    taxed('KO', '2023-12-15', 3.91, 0.69, 'USD'),
    taxed('REP.MC', '2023-01-11', 26.4, 6.6),
    taxed('REP.MC', '2023-07-05', 30, undefined), // no tax recorded: tax 0
    taxed('REP.MC', '2023-12-31', 10, 0),
  ]);
  engine.setTransactions(set);
  engine.setQuotes([
    chart('KO', { currency: 'USD', bars: [['2022-01-03', 50]] }),
    chart('REP.MC', { currency: 'EUR', bars: [['2022-01-03', 11]] }),
    usd,
  ]);
  const d = engine.derive('2024-02-01', null);

  it('sums gross, tax and net per calendar year over all tickers, tax at the dividend’s own rate', () => {
    const { perYear } = d.income;
    expect(perYear.years).toEqual(['2022', '2023', '2024']);
    expect(perYear.tax[0]).toBeCloseTo(0.66 * 0.9, 12);
    expect(perYear.net[0]).toBeCloseTo(3.74 * 0.9, 12);
    expect(perYear.tax[1]).toBeCloseTo(0.69 * 0.8 + 6.6, 12);
    expect(perYear.net[1]).toBeCloseTo(3.91 * 0.8 + 26.4 + 30 + 10, 12);
    perYear.years.forEach((_, k) => expect(perYear.gross[k]).toBeCloseTo(perYear.net[k]! + perYear.tax[k]!, 12));
    expect(perYear.gross[2]).toBe(0);
  });

  it('keeps net equal to the dividends received that the dashboard shows', () => {
    expect(d.income.perYear.net.reduce((sum, v) => sum + v, 0)).toBeCloseTo(d.summary.totalDividend, 10);
  });

  it('recomputes a ticker when only a dividend’s tax changed', () => {
    const computed: string[] = [];
    const counting = new PortfolioEngine({ onTickerComputed: (ticker) => computed.push(ticker) });
    counting.setTransactions(set);
    counting.setQuotes([
      chart('KO', { currency: 'USD', bars: [['2022-01-03', 50]] }),
      chart('REP.MC', { currency: 'EUR', bars: [['2022-01-03', 11]] }),
      usd,
    ]);
    counting.derive('2024-02-01', null);
    computed.length = 0;
    counting.setTransactions({
      ...set,
      dividend: set.dividend.map((t) => (t.date === '2023-07-05' ? { ...t, tax: 7.5 } : t)),
    });
    const again = counting.derive('2024-02-01', null);
    expect(computed).toEqual(['REP.MC']);
    expect(again.income.perYear.tax[1]).toBeCloseTo(0.69 * 0.8 + 6.6 + 7.5, 12);
  });
});

describe('received against expected', () => {
  it('sets each year’s gross dividends beside what the market data expected on the shares held', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(
      transactionSet([
        stock('REP.MC', '2022-01-03', 100, 1100),
        { ...dividend('REP.MC', '2022-07-08', 25.5), tax: 4.5 },
      ]),
    );
    engine.setQuotes([
      chart('REP.MC', {
        currency: 'EUR',
        bars: [['2022-01-03', 11]],
        dividends: [
          ['2022-07-06', 0.3],
          ['2023-01-10', 0.33],
        ],
      }),
    ]);
    const d = engine.derive('2023-02-01', null);
    const rep = d.income.holdings['REP.MC']!;
    expect(d.income.perYear.years).toEqual(['2022', '2023']);
    expect(rep.receivedGross).toEqual([30, 0]);
    expect(rep.expected[0]).toBeCloseTo(30, 12);
    expect(rep.expected[1]).toBeCloseTo(33, 12);
  });
});
