/**
 * The tickers' value is summed without a value series kept per ticker (value-sums.ts, ticker-value.ts):
 * each block of tickers adds their values per quote currency before any rate, converts each currency's sum
 * at its rate, and adds the days without a close at the provisional price; a toggle adds again only the
 * members of the block it touches, a base change none. A ticker's own `value` is made when first read, and
 * the sums add up to the tickers' own values.
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

/** A ticker's value in parts (a currency's before its rate, the provisional rest) that counts its local writes. */
function source(
  seed: number,
  currency: string | null,
  rate: Float64Array,
  localOf: ValueSource['localOf'],
  writes: number[],
): ValueSource {
  return {
    currency,
    rate,
    localOf,
    addLocal(local) {
      writes[seed] = (writes[seed] ?? 0) + 1;
      for (let i = 0; i < local.length; i += 1) local[i] += (((seed + 1) * (i + 3)) % 17) + seed / 8;
    },
    // The first days of a ticker without a close yet: what it paid per share.
    addProvisional(sum) {
      for (let i = 0; i < Math.min(seed, sum.length); i += 1) sum[i] += seed * 1.5;
    },
  };
}

const ones = new Float64Array(LENGTH).fill(1);
const perDay = (f: (i: number) => number) => Float64Array.from({ length: LENGTH }, (_, i) => f(i));

describe('value sums from each ticker’s value in parts', () => {
  const names = Array.from({ length: 20 }, (_, k) => `T${String(k).padStart(2, '0')}`);
  const currencies = names.map((_, k) => (k % 5 === 4 ? null : k % 3 === 0 ? 'USD' : 'EUR'));
  const localOf = names.map(
    () => [new Float64Array(LENGTH), new Int32Array(0), new Float64Array(0)] as ValueSource['localOf'],
  );
  /** The tickers in one base: EUR at ones, USD at `usd`, none for a ticker without market data. */
  const inBase = (usd: Float64Array, writes: number[]) =>
    names.map((_, k) => source(k, currencies[k], currencies[k] === 'USD' ? usd : ones, localOf[k], writes));
  /** What the sums promise: per block of eight, each currency's local sum at its rate (EUR, then USD), then the provisional days; the blocks added in order. */
  const expectedSum = (sources: readonly ValueSource[], members: readonly number[]) => {
    const expected = new Float64Array(LENGTH);
    for (let start = 0; start < 20; start += 8) {
      const inBlock = members.filter((k) => k >= start && k < start + 8);
      if (inBlock.length === 0) continue;
      const block = new Float64Array(LENGTH);
      for (const currency of ['EUR', 'USD']) {
        const local = new Float64Array(LENGTH);
        const of = inBlock.filter((k) => currencies[k] === currency);
        for (const k of of) source(k, null, ones, localOf[k], []).addLocal(local);
        if (of.length > 0) for (let i = 0; i < LENGTH; i += 1) block[i] += local[i] * sources[of[0]!]!.rate[i]!;
      }
      for (const k of inBlock) sources[k]!.addProvisional(block);
      for (let i = 0; i < LENGTH; i += 1) expected[i] += block[i]!;
    }
    return Array.from(expected);
  };

  it('sum each block’s currencies at their rates and its provisional days, and add again only the block a toggle touches', () => {
    const writes: number[] = [];
    const usd = perDay((i) => 0.9 + i / 1000);
    const sources = inBase(usd, writes);
    const sums = new ValueSums();
    const everyone = names.map((_, k) => k);
    expect(Array.from(sums.sum(LENGTH, names, sources, names))).toEqual(expectedSum(sources, everyone));

    writes.length = 0;
    const without = everyone.filter((k) => k !== 9);
    const toggled = sums.sum(
      LENGTH,
      without.map((k) => names[k]!),
      without.map((k) => sources[k]!),
      names,
    );
    expect(Array.from(toggled)).toEqual(expectedSum(sources, without));
    // T09 is in the second block (T08–T15): only its other members with market data add again.
    expect(writes.flatMap((count, k) => (count ? [k] : []))).toEqual([8, 10, 11, 12, 13, 15]);
  });

  it('convert the sums before any rate again after a base change, adding no ticker’s value again', () => {
    const writes: number[] = [];
    const sums = new ValueSums();
    const everyone = names.map((_, k) => k);
    sums.sum(
      LENGTH,
      names,
      inBase(
        perDay((i) => 0.9 + i / 1000),
        writes,
      ),
      names,
    );
    writes.length = 0;
    // Another base: new sources made of the same arrays, at other rates (and the base's own ones).
    const inPounds = inBase(
      perDay((i) => 0.75 + i / 2000),
      writes,
    ).map((one) => ({ ...one, rate: one.currency === 'EUR' ? perDay(() => 0.85) : one.rate }));
    expect(Array.from(sums.sum(LENGTH, names, inPounds, names))).toEqual(expectedSum(inPounds, everyone));
    expect(writes.filter(Boolean)).toEqual([]);
    // A ticker’s rows changed (its arrays are new): of its block (T00–T07), the members in its currency (EUR) alone add again.
    localOf[2] = [new Float64Array(LENGTH), new Int32Array(0), new Float64Array(0)];
    const edited = inPounds.map((one, k) => (k === 2 ? { ...one, localOf: localOf[2]! } : one));
    expect(Array.from(sums.sum(LENGTH, names, edited, names))).toEqual(expectedSum(edited, everyone));
    expect(writes.flatMap((count, k) => (count ? [k] : []))).toEqual([1, 2, 5, 7]);
  });

  it('count a day without a rate as nothing of that currency, as a ticker’s own value counts it 0', () => {
    const usd = perDay((i) => (i < 5 ? Number.NaN : 1.1));
    const sources = inBase(usd, []);
    const summed = new ValueSums().sum(LENGTH, names, sources, names);
    expect(summed.every((value) => Number.isFinite(value))).toBe(true);
    expect(Array.from(summed)).toEqual(
      expectedSum(
        sources.map((one) => (one.currency === 'USD' ? { ...one, rate: perDay((i) => (i < 5 ? 0 : 1.1)) } : one)),
        names.map((_, k) => k),
      ),
    );
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

  it('add up to the tickers’ own values, to 1e-12, with quotes in other currencies, in minor units and none yet', () => {
    // Workload M in GBP: quotes in EUR, USD, GBp and CHF at their rates to GBP; beside it a ticker bought
    // before its quote's first bar and one without quotes (their days at the provisional price).
    const workload = makeWorkload('M');
    const first = workload.quotes[0]!;
    const engine = new PortfolioEngine();
    engine.setBaseCurrency('GBP');
    engine.setTransactions({
      ...workload.transactions,
      stock: [
        ...workload.transactions.stock,
        stock('EARLY', '2012-03-01', 5, 500),
        stock('NOQUOTE', '2015-06-01', 4, 400),
        stock('NOQUOTE', '2020-06-01', -1, -120),
      ],
    });
    engine.setQuotes([
      ...workload.quotes,
      ...workload.toGbp.quotes,
      chart('EARLY', {
        currency: 'EUR',
        bars: [
          ['2013-01-02', 120],
          ['2024-01-02', 140],
        ],
      }),
    ]);
    const { active } = engine.derive(workload.asOf, null);
    expect(active.tickers).toEqual(expect.arrayContaining(['EARLY', 'NOQUOTE', first.symbol]));
    const own = new Float64Array(active.value.length);
    for (const ticker of active.tickers) {
      const holding = engine.holdingSeries(ticker)!;
      const offset = active.value.length - holding.value.length;
      holding.value.forEach((value, i) => (own[offset + i] += value));
    }
    let worst = 0;
    active.value.forEach(
      (value, i) => (worst = Math.max(worst, Math.abs(value - own[i]!) / Math.max(1, Math.abs(own[i]!)))),
    );
    expect(worst).toBeLessThan(1e-12);
    // The provisional days are in: from EARLY's buy to its quote's first bar (307 days) it is worth what it paid.
    const early = Array.from(engine.holdingSeries('EARLY')!.value).filter((value) => value !== 0);
    expect(early[0]).toBeGreaterThan(0);
    expect(early.slice(0, 307).every((value) => value === early[0])).toBe(true);
    expect(early[307]).not.toBe(early[0]);
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
