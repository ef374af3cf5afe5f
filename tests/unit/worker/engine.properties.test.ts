/** Invariants of the engine on random portfolios (fast-check): the figures agree with each other. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  epochDayFromIso,
  isoFromEpochDay,
  type Currency,
  type QuoteEntry,
  type Transaction,
  type TransactionType,
} from '#src/model';
import { toExpected } from '#scripts/to-expected';
import { PortfolioEngine, type Derivation } from '#src/worker/engine';
import { figureDifferences } from '#helpers/worker/compare-figures';
import { chart, transactionSet } from '#helpers/worker/portfolio';

const START_DAY = epochDayFromIso('2023-01-01');
const TICKERS = ['AAA', 'BBB', 'CCC'] as const;
const dateAt = (offset: number): string => isoFromEpochDay(START_DAY + offset);
const GBP_OVER_USD = 0.3;

interface Portfolio {
  rows: Transaction[];
  quotes: QuoteEntry[];
  asOf: string;
  /** The EUR=X bars, `[date, EUR per USD]` ascending; GBPEUR=X is the same + 0.3. */
  eurPerUsd: Array<readonly [string, number]>;
}

const money = fc.double({ min: -5000, max: 5000, noNaN: true, noDefaultInfinity: true });
const price = fc.double({ min: 1, max: 500, noNaN: true, noDefaultInfinity: true });

const transactionArb = fc.record({
  ticker: fc.constantFrom(...TICKERS),
  type: fc.constantFrom<TransactionType>('stock', 'stock', 'dividend', 'commission'),
  offset: fc.integer({ min: 0, max: 400 }),
  amount: fc.integer({ min: -20, max: 40 }).filter((amount) => amount !== 0),
  value: money,
  currency: fc.constantFrom<Currency>('EUR', 'USD'),
});

const barsArb = fc.uniqueArray(
  fc.record({ offset: fc.integer({ min: -30, max: 420 }), close: fc.option(price, { freq: 8 }) }),
  {
    selector: (bar) => bar.offset,
    maxLength: 60,
  },
);

const portfolioArb: fc.Arbitrary<Portfolio> = fc
  .record({
    transactions: fc.array(transactionArb, { minLength: 1, maxLength: 40 }),
    bars: fc.tuple(barsArb, barsArb, barsArb),
    quoteCurrencies: fc.tuple(...TICKERS.map(() => fc.constantFrom('EUR', 'USD', 'GBp'))),
    split: fc.option(fc.record({ offset: fc.integer({ min: 0, max: 420 }), ratio: fc.constantFrom(2, 3, 10) })),
    fxBars: fc.uniqueArray(
      fc.record({ offset: fc.integer({ min: -10, max: 420 }), close: fc.double({ min: 0.7, max: 1.3, noNaN: true }) }),
      {
        selector: (bar) => bar.offset,
        minLength: 1,
        maxLength: 30,
      },
    ),
    asOfOffset: fc.integer({ min: 0, max: 420 }),
  })
  .map(({ transactions, bars, quoteCurrencies, split, fxBars, asOfOffset }) => {
    const rows: Transaction[] = transactions.map(({ ticker, type, offset, amount, value, currency }) => ({
      ticker,
      type,
      date: dateAt(offset),
      amount: type === 'stock' ? amount : 1,
      value,
      currency,
    }));
    const byOffset = <T extends { offset: number }>(list: T[]): T[] => [...list].sort((a, b) => a.offset - b.offset);
    const quotes: QuoteEntry[] = TICKERS.map((ticker, k) =>
      chart(ticker, {
        currency: quoteCurrencies[k],
        timeZone: 'Europe/Berlin',
        hourUtc: 8,
        bars: byOffset(bars[k]).map(({ offset, close }) => [dateAt(offset), close] as const),
        splits: k === 0 && split ? [[dateAt(split.offset), split.ratio, 1]] : [],
        dividends: [
          [dateAt(100), 0.5],
          [dateAt(300), 0.7],
        ],
      }),
    );
    const eurPerUsd = byOffset(fxBars).map(({ offset, close }) => [dateAt(offset), close] as const);
    quotes.push(chart('EUR=X', { currency: 'EUR', timeZone: 'Europe/London', hourUtc: 0, bars: eurPerUsd }));
    quotes.push(
      chart('GBPEUR=X', {
        currency: 'EUR',
        timeZone: 'Europe/London',
        hourUtc: 0,
        bars: eurPerUsd.map(([date, close]) => [date, close + GBP_OVER_USD] as const),
      }),
    );
    return { rows, quotes, asOf: dateAt(asOfOffset), eurPerUsd };
  });

function engineFor(portfolio: Portfolio): PortfolioEngine {
  const engine = new PortfolioEngine();
  engine.setTransactions(transactionSet(portfolio.rows));
  engine.setQuotes(portfolio.quotes);
  return engine;
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

function tickersOf(d: Derivation): string[] {
  return Object.keys(d.tickers);
}

/** EUR per USD on a day, straight from SEMANTICS.md: the latest bar on or before it, else the first bar. */
function eurPerUsdOn(portfolio: Portfolio, date: string): number {
  let rate = portfolio.eurPerUsd[0][1];
  for (const [barDate, close] of portfolio.eurPerUsd) if (barDate <= date) rate = close;
  return rate;
}

function eurPer(portfolio: Portfolio, quoteCurrency: string, date: string): number {
  if (quoteCurrency === 'USD') return eurPerUsdOn(portfolio, date);
  if (quoteCurrency === 'GBp') return (eurPerUsdOn(portfolio, date) + GBP_OVER_USD) / 100;
  return 1;
}

const runs = { numRuns: 150 };

describe('engine invariants on random portfolios', () => {
  it('value = shares × price on every day a market price exists', () => {
    fc.assert(
      fc.property(portfolioArb, (portfolio) => {
        const engine = engineFor(portfolio);
        const d = engine.derive(portfolio.asOf, null);
        for (const ticker of tickersOf(d)) {
          const one = engine.combine([ticker]);
          const quoted = one.prices.find((series) => series.symbol === ticker);
          if (!quoted) continue;
          const shares = one.transactions.stock.aggregatedAmounts;
          quoted.close.forEach((closeToday, i) => {
            if (Number.isNaN(closeToday)) return;
            const priceEur =
              closeToday *
              eurPer(portfolio, quoted.currency as string, isoFromEpochDay(epochDayFromIso(one.firstDay) + i));
            expect(close(one.value[i], shares[i] * priceEur)).toBe(true);
          });
        }
      }),
      runs,
    );
  });

  it('aggregated series are the running sums of the per-day series', () => {
    fc.assert(
      fc.property(portfolioArb, (portfolio) => {
        const { active } = engineFor(portfolio).derive(portfolio.asOf, null);
        for (const series of Object.values(active.transactions)) {
          let valueSum = 0;
          let amountSum = 0;
          series.values.forEach((value, i) => {
            if (!Number.isNaN(value)) {
              valueSum += value;
              amountSum += series.amounts[i];
            }
            expect(close(series.aggregatedValues[i], valueSum)).toBe(true);
            expect(close(series.aggregatedAmounts[i], amountSum)).toBe(true);
          });
        }
        expect(Array.from(active.invested)).toEqual(Array.from(active.transactions.stock.aggregatedValues));
        expect(Array.from(active.dividend)).toEqual(Array.from(active.transactions.dividend.aggregatedValues));
      }),
      runs,
    );
  });

  it('TTM is the sum of the last four quarters, and the quarters sum to the dividends received', () => {
    fc.assert(
      fc.property(portfolioArb, (portfolio) => {
        const { active } = engineFor(portfolio).derive(portfolio.asOf, null);
        const quarters = active.dividendPerQuarter.values;
        active.ttmDividendPerQuarter.values.forEach((ttm, k) => {
          const lastFour = quarters.slice(Math.max(0, k - 3), k + 1).reduce((sum, value) => sum + value, 0);
          expect(close(ttm, lastFour)).toBe(true);
        });
        const received = quarters.reduce((sum, value) => sum + value, 0);
        expect(close(received, active.dividend[active.dividend.length - 1])).toBe(true);
      }),
      runs,
    );
  });

  it('the active sum equals the sum of the per-ticker series', () => {
    fc.assert(
      fc.property(portfolioArb, (portfolio) => {
        const engine = engineFor(portfolio);
        const all = engine.derive(portfolio.asOf, null).active;
        const singles = all.tickers.map((ticker) => engine.combine([ticker]));
        for (const key of ['value', 'invested', 'profit', 'commission', 'dividend'] as const) {
          all[key].forEach((total, i) => {
            expect(
              close(
                total,
                singles.reduce((sum, single) => sum + single[key][i], 0),
              ),
            ).toBe(true);
          });
        }
        const expectedSum = singles.reduce((sum, single) => sum + single.expectedDividend, 0);
        expect(close(all.expectedDividend, expectedSum)).toBe(true);
      }),
      runs,
    );
  });

  it('the summary reads the all-tickers series on asOf', () => {
    fc.assert(
      fc.property(portfolioArb, (portfolio) => {
        const { summary, active } = engineFor(portfolio).derive(portfolio.asOf, null);
        const last = active.value.length - 1;
        const profitBack = (days: number): number => (last - days >= 0 ? active.profit[last - days] : 0);
        expect(close(summary.portfolioValue, active.value[last])).toBe(true);
        expect(close(summary.totalInvested, active.invested[last])).toBe(true);
        expect(close(summary.totalReturn.absolute, active.profit[last])).toBe(true);
        expect(close(summary.dailyReturn.absolute, active.profit[last] - profitBack(1))).toBe(true);
        expect(close(summary.monthlyReturn.absolute, active.profit[last] - profitBack(30))).toBe(true);
      }),
      runs,
    );
  });

  it('realised + unrealised gain = value − invested, per ticker (SEMANTICS.md, "Holdings")', () => {
    fc.assert(
      fc.property(portfolioArb, (portfolio) => {
        const d = engineFor(portfolio).derive(portfolio.asOf, null);
        for (const ticker of tickersOf(d)) {
          const figures = d.tickers[ticker];
          if (figures.excluded) continue;
          const { realisedGain, unrealisedGain } = d.holdings[ticker];
          const scale = 1 + Math.abs(realisedGain) + Math.abs(unrealisedGain) + Math.abs(figures.totalInvested);
          expect(
            Math.abs(realisedGain + unrealisedGain - (figures.portfolioValue - figures.totalInvested)),
          ).toBeLessThanOrEqual(1e-9 * scale);
        }
      }),
      runs,
    );
  });

  it('an engine updated with one ticker’s change derives what a fresh engine derives', () => {
    fc.assert(
      fc.property(portfolioArb, fc.nat(), money, (portfolio, pick, newValue) => {
        const engine = engineFor(portfolio);
        engine.derive(portfolio.asOf, null);
        const changed = portfolio.rows.map((row, k) =>
          k === pick % portfolio.rows.length ? { ...row, value: newValue } : row,
        );
        engine.setTransactions(transactionSet(changed));
        const updated = toExpected(engine.derive(portfolio.asOf, null));
        const fresh = toExpected(engineFor({ ...portfolio, rows: changed }).derive(portfolio.asOf, null));
        expect(figureDifferences(updated, fresh, 0)).toEqual([]);
      }),
      runs,
    );
  });
});
