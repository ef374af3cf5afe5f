/**
 * setQuotes carries each series' bars onto calendar days once (market-series.ts): a ticker's close on
 * the grid is then a view of those daily closes, not a new series per grid, and it reads exactly what
 * carrying the bars forward onto the grid gives, wherever the grid starts and ends against the bars.
 */
import { describe, expect, it } from 'vitest';
import { PortfolioEngine } from '#src/worker/engine';
import { carryForward, makeGrid } from '#src/worker/engine/grid';
import { closeOnGrid, DAYS_AFTER_LAST_BAR, parseQuoteEntry, rateOnGrid } from '#src/worker/engine/market-series';
import type { QuoteColumnsEntry } from '#src/model';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';

const closeOf = (prices: Array<{ symbol: string; close: Float64Array }>, symbol: string) =>
  prices.find((price) => price.symbol === symbol)!.close;

describe('closes on the grid from the daily closes', () => {
  it('a later as-of reads the same memory: the close on the grid is a view of the quote, not a copy', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet([stock('A', '2024-01-02', 1, 100)]));
    engine.setQuotes([
      chart('A', {
        currency: 'EUR',
        bars: [
          ['2024-01-02', 101],
          ['2024-01-05', 105],
        ],
      }),
    ]);
    const before = closeOf(engine.derive('2024-01-10', null).active.prices, 'A');
    const later = closeOf(engine.derive('2024-01-11', null).active.prices, 'A');
    expect(later.length).toBe(before.length + 1);
    expect(later.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(later.buffer).toBe(before.buffer);
    expect(Array.from(later)).toEqual([Number.NaN, 101, 101, 101, 105, 105, 105, 105, 105, 105, 105]);
  });

  it('reads what the bars carried forward give, for any grid against the bars (seeded)', () => {
    let seed = 35;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let run = 0; run < 300; run += 1) {
      const count = Math.floor(random() * 12);
      const first = 19_000 + Math.floor(random() * 40);
      // Ascending days with repeats (a later bar of the same day wins), sometimes handed over out of order.
      const days: number[] = [];
      for (let k = 0, day = first; k < count; k += 1, day += Math.floor(random() * 4)) days.push(day);
      const closes = days.map(() => Math.round(random() * 10_000) / 100);
      const order = days.map((_, k) => k);
      if (random() < 0.3) order.sort(() => random() - 0.5);
      const entry: QuoteColumnsEntry = {
        symbol: 'X',
        meta: { currency: 'EUR', exchangeTimezoneName: 'UTC', dataSource: 'sample' },
        days: order.map((k) => days[k]!),
        closes: order.map((k) => closes[k]!),
        dividends: { days: [], amounts: [] },
        splits: { days: [], numerators: [], denominators: [] },
      };
      const gridFirst = first - 20 + Math.floor(random() * 60);
      const gridLast = gridFirst + Math.floor(random() * (60 + DAYS_AFTER_LAST_BAR));
      const parsed = parseQuoteEntry(entry, random() < 0.5 ? undefined : gridFirst - Math.floor(random() * 5));
      if (!parsed.ok) throw new Error(parsed.error);
      const grid = makeGrid(gridFirst + 1, gridLast);
      const { barDays, closes: barCloses } = parsed.series;
      const context = `run ${run}: bars ${entry.days.join(',')}, grid ${grid.firstDay}..${grid.lastDay}`;
      expect(Array.from(closeOnGrid(grid, parsed.series)), context).toEqual(
        Array.from(carryForward(grid, barDays, barCloses, 'nan')),
      );
      expect(Array.from(rateOnGrid(grid, parsed.series)), context).toEqual(
        Array.from(carryForward(grid, barDays, barCloses, 'first')),
      );
    }
  });
});
