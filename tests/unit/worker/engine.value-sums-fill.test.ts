/**
 * The tickers' value is summed without a value series kept per ticker (value-sums.ts, ticker-value.ts):
 * each member of a block writes its value into the sums' own array when its block is summed, the sum is
 * the plain one, and a toggle writes again only the members of the block it touches. A ticker's own
 * `value` is made when first read, and is what the sums added.
 */
import { describe, expect, it } from 'vitest';
import { groupByTicker, epochDayFromIso } from '#src/model';
import { PortfolioEngine } from '#src/worker/engine';
import { gridPeriods } from '#src/worker/engine/calendar-periods';
import { FxRates } from '#src/worker/engine/fx-rates';
import { makeGrid } from '#src/worker/engine/grid';
import { parseQuoteEntry } from '#src/worker/engine/market-series';
import type { GridEntries } from '#src/worker/engine/ticker-series';
import { computeTickerState } from '#src/worker/engine/ticker-state';
import { prepareTicker } from '#src/worker/engine/ticker-transactions';
import { ValueSums, type ValueSource } from '#src/worker/engine/value-sums';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';
import { makeWorkload } from '#bench/workloads/make-workload';

const LENGTH = 40;

/** A ticker's value per day that counts its writes and has no array of its own to read. */
function source(seed: number, writes: number[]): ValueSource {
  return {
    fillValue(out) {
      writes[seed] = (writes[seed] ?? 0) + 1;
      for (let i = 0; i < out.length; i += 1) out[i] = (((seed + 1) * (i + 3)) % 17) + seed / 8;
      return out;
    },
  };
}

describe('value sums from each ticker writing its value', () => {
  it('sum what the tickers write, and write again only the block a toggle touches', () => {
    const writes: number[] = [];
    const names = Array.from({ length: 20 }, (_, k) => `T${String(k).padStart(2, '0')}`);
    const sources = names.map((_, k) => source(k, writes));
    const sums = new ValueSums();
    const all = sums.sum(LENGTH, names, sources, names);
    const expected = new Float64Array(LENGTH);
    const one = new Float64Array(LENGTH);
    // Blocks of eight in name order, each summed from zeros, then the blocks added in order.
    for (let start = 0; start < names.length; start += 8) {
      const block = new Float64Array(LENGTH);
      for (let k = start; k < Math.min(start + 8, names.length); k += 1) {
        sources[k].fillValue(one);
        for (let i = 0; i < LENGTH; i += 1) block[i] += one[i];
      }
      for (let i = 0; i < LENGTH; i += 1) expected[i] = start === 0 ? block[i] : expected[i] + block[i];
    }
    expect(Array.from(all)).toEqual(Array.from(expected));

    writes.length = 0;
    const without = names.filter((_, k) => k !== 9);
    sums.sum(
      LENGTH,
      without,
      sources.filter((_, k) => k !== 9),
      names,
    );
    // T09 is in the second block (T08–T15): only its other seven members write again.
    expect(writes.flatMap((count, k) => (count ? [k] : []))).toEqual([8, 10, 11, 12, 13, 14, 15]);
  });

  it('gives a holding the value the sums added', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet([stock('A', '2024-01-02', 2, 200), stock('B', '2024-01-03', 3, 300)]));
    engine.setQuotes([
      chart('A', {
        currency: 'EUR',
        bars: [
          ['2024-01-02', 101],
          ['2024-01-05', 105],
        ],
      }),
      chart('B', { currency: 'EUR', bars: [['2024-01-03', 99]] }),
    ]);
    const derivation = engine.derive('2024-01-10', null);
    const a = engine.holdingSeries('A')!;
    const b = engine.holdingSeries('B')!;
    // A's days start the day before its trade (the grid's first), B's a day later.
    const summed = Array.from(a.value, (value, i) => value + (i === 0 ? 0 : b.value[i - 1]!));
    expect(Array.from(derivation.active.value)).toEqual(summed);
    expect(derivation.active.value[derivation.active.value.length - 1]).toBe(2 * 105 + 3 * 99);
  });

  it("reads a ticker's totals off the value the sums add: the same value on asOf and 1, 7 and 30 days before", () => {
    const workload = makeWorkload('M');
    const asOf = epochDayFromIso(workload.asOf);
    // Beside the workload's: a ticker traded on asOf, one whose grid is shorter than 30 days, one without quotes.
    const extra = [
      stock(workload.quotes[0].symbol, workload.asOf, 3, 333),
      stock('NOQUOTE', '2024-12-20', 4, 400),
      stock('NOQUOTE', '2024-12-30', -1, -120),
    ];
    const rows = { ...workload.transactions, stock: [...workload.transactions.stock, ...extra] };
    const market = new Map(workload.quotes.map((entry) => [entry.symbol, parseQuoteEntry(entry)]));
    const sumThrough = (entries: GridEntries, index: number) => {
      let sum = 0;
      for (let k = 0; k < entries.dayIndex.length && entries.dayIndex[k] <= index; k += 1) sum += entries.valueEur[k];
      return sum;
    };
    const checked = [...groupByTicker(rows)].map(([ticker, tickerRows]) => {
      const transactions = prepareTicker(ticker, tickerRows);
      // A grid of each ticker's own, so a short one is checked too.
      const grid = makeGrid(transactions.firstDay, asOf);
      const state = computeTickerState(grid, gridPeriods(grid), transactions, market, new FxRates(), 'EUR');
      const { totals, series } = state;
      if (!totals || !series) return ticker;
      const last = grid.length - 1;
      const { value } = series;
      expect(Object.is(totals.valueEur, value[last]), `${ticker}: value on asOf`).toBe(true);
      expect(totals.profitEur, `${ticker}: profit`).toBe(value[last] - totals.investedEur - totals.commissionEur);
      for (const daysAgo of [1, 7, 30] as const) {
        const index = last - daysAgo;
        const profit =
          index < 0
            ? 0
            : value[index] - sumThrough(series.entries.stock, index) - sumThrough(series.entries.commission, index);
        expect(totals.profitDaysAgo[daysAgo], `${ticker}: profit ${daysAgo} days before`).toBe(profit);
      }
      return ticker;
    });
    expect(checked).toContain('NOQUOTE');
    expect(checked.length).toBe(21);
  });
});
