/** A holding's own view: its price in EUR, its buys and sells at what they paid per share, its value against its average-cost basis. */
import { describe, expect, it } from 'vitest';
import { epochDayFromIso, SECONDS_PER_DAY, type QuoteEntry, type Transaction } from '#src/model';
import { PortfolioEngine } from '#src/worker/engine';
import type { HoldingSeries } from '#src/worker/engine';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';

const rows = [
  stock('OTHER', '2024-02-20', 1, 50),
  stock('ASML.AS', '2024-03-01', 10, 1000),
  stock('ASML.AS', '2024-03-05', 4, 460),
  stock('ASML.AS', '2024-03-05', 6, 740),
  stock('ASML.AS', '2024-03-07', -5, -700),
];
const quotes = [
  chart('OTHER', { currency: 'EUR', bars: [['2024-02-20', 50]] }),
  chart('ASML.AS', {
    currency: 'EUR',
    timeZone: 'Europe/Amsterdam',
    hourUtc: 8,
    bars: [
      ['2024-03-01', 100],
      ['2024-03-04', 110],
      ['2024-03-05', 120],
      ['2024-03-06', 115],
      ['2024-03-07', 140],
      ['2024-03-08', 130],
    ],
  }),
];

function engineWith(transactions: readonly Transaction[], entries: QuoteEntry[], asOf: string) {
  const engine = new PortfolioEngine();
  engine.setTransactions(transactionSet(transactions));
  engine.setQuotes(entries);
  const derivation = engine.derive(asOf, null);
  return { engine, derivation };
}

const at = (view: HoldingSeries, series: Float64Array, date: string) =>
  series[view.days.indexOf(epochDayFromIso(date) * SECONDS_PER_DAY)];

describe('a holding’s series', () => {
  const { engine, derivation } = engineWith(rows, quotes, '2024-03-10');
  const view = engine.holdingSeries('ASML.AS')!;

  it('starts the day before its first trade and ends on asOf', () => {
    expect(view.days[0]).toBe(epochDayFromIso('2024-02-29') * SECONDS_PER_DAY);
    expect(view.days.at(-1)).toBe(epochDayFromIso('2024-03-10') * SECONDS_PER_DAY);
    for (const series of [view.priceEur, view.buyPriceEur, view.sellPriceEur, view.value, view.costBasis])
      expect(series.length).toBe(view.days.length);
  });

  it('holds value against the average-cost basis at known dates', () => {
    const dates = ['2024-02-29', '2024-03-01', '2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07', '2024-03-10'];
    expect(dates.map((date) => at(view, view.value, date))).toEqual([0, 1000, 1100, 2400, 2300, 2100, 1950]);
    // 1000, then + 460 + 740, then a sell of 5 of 20 shares removes a quarter of 2200.
    expect(dates.map((date) => at(view, view.costBasis, date))).toEqual([0, 1000, 1000, 2200, 2200, 1650, 1650]);
  });

  it('ends where the holdings table does', () => {
    expect(view.value.at(-1)).toBe(derivation.tickers['ASML.AS']!.portfolioValue);
    expect(view.costBasis.at(-1)).toBeCloseTo(derivation.holdings['ASML.AS']!.costBasis, 9);
    expect(view.value.at(-1)! - view.costBasis.at(-1)!).toBeCloseTo(derivation.holdings['ASML.AS']!.unrealisedGain, 9);
  });

  it('marks each trade day at the price per share paid or got, a day’s buys pooled', () => {
    expect(at(view, view.buyPriceEur, '2024-03-01')).toBe(100);
    expect(at(view, view.buyPriceEur, '2024-03-05')).toBe(120);
    expect(at(view, view.sellPriceEur, '2024-03-07')).toBe(140);
    expect([...view.buyPriceEur].filter((v) => !Number.isNaN(v))).toHaveLength(2);
    expect([...view.sellPriceEur].filter((v) => !Number.isNaN(v))).toHaveLength(1);
    expect({ buys: view.buys, sells: view.sells }).toEqual({ buys: 3, sells: 1 });
    expect(at(view, view.priceEur, '2024-03-06')).toBe(115);
    expect(Number.isNaN(at(view, view.priceEur, '2024-02-29'))).toBe(true);
  });

  it('hands out fresh arrays: changing one leaves the engine’s figures alone', () => {
    view.value.fill(0);
    view.priceEur.fill(0);
    const again = engine.holdingSeries('ASML.AS')!;
    expect(at(again, again.value, '2024-03-10')).toBe(1950);
    expect(at(again, again.priceEur, '2024-03-10')).toBe(130);
  });

  it('is null for a ticker it does not know', () => {
    expect(engine.holdingSeries('NOPE')).toBeNull();
  });
});

describe('a holding quoted in USD', () => {
  const usd = [stock('MSFT', '2024-03-01', 2, 200, 'USD')];
  const msft = chart('MSFT', {
    currency: 'USD',
    bars: [
      ['2024-03-01', 100],
      ['2024-03-04', 110],
    ],
  });
  const eur = chart('EUR=X', {
    currency: 'EUR',
    bars: [
      ['2024-02-29', 0.9],
      ['2024-03-04', 0.8],
    ],
  });

  it('shows its price, value and cost in EUR at each day’s rate', () => {
    const { engine } = engineWith(usd, [msft, eur], '2024-03-05');
    const view = engine.holdingSeries('MSFT')!;
    expect(at(view, view.priceEur, '2024-03-01')).toBeCloseTo(90, 12);
    expect(at(view, view.priceEur, '2024-03-04')).toBeCloseTo(88, 12);
    expect(at(view, view.buyPriceEur, '2024-03-01')).toBeCloseTo(90, 12);
    expect(at(view, view.costBasis, '2024-03-05')).toBeCloseTo(180, 12);
    expect(at(view, view.value, '2024-03-05')).toBeCloseTo(176, 12);
  });

  it('is null while its exchange rate is missing (the ticker is left out, never converted at a guess)', () => {
    const { engine } = engineWith(usd, [msft], '2024-03-05');
    expect(engine.holdingSeries('MSFT')).toBeNull();
  });
});
