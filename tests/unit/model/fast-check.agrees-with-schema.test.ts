/**
 * The fast checks in front of the two large answers' schemas (model/fast-check.ts) accept only what the
 * schema accepts, as it is: every value they accept, zod accepts and gives back equal. They accept the
 * real shapes (Yahoo's recorded charts, the benchmark's sets and charts), so the fast path is the one taken.
 * Every field of a sample answer replaced by each wrong kind of value: whatever the fast check still
 * accepts, zod accepts too; what it refuses goes to zod, which names the problem (services.unexpected-answer).
 */
import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { makeWorkload } from '#bench/workloads/make-workload';
import type { FastChecked } from '#src/model/fast-check';
import { quoteEntries } from '#src/model/quotes-schema';
import { storedTransactionsBody } from '#src/model/stored-transactions-schema';
import { recordedChart } from '#helpers/quotes/harness';
import { columnsFromChart } from '#server/quotes/quote-columns';

/** Through JSON, as an answer arrives. */
const asAnswer = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

function agrees<T>(checked: FastChecked<T>, value: unknown): boolean {
  const accepted = checked.accepts(value);
  if (accepted) {
    const result = safeParse(checked.schema, value);
    expect(result.success).toBe(true);
    expect(value).toEqual(result.data);
  }
  return accepted;
}

const WRONG: unknown[] = [
  undefined,
  null,
  'x',
  '',
  0,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  [],
  {},
  [1],
  { a: 1 },
];

/** Each copy of `value` with one node (an object's field, an array's item, at any depth) replaced by one of WRONG; undefined deletes. */
function* mutations(value: unknown, path: Array<string | number> = []): Generator<{ path: string; value: unknown }> {
  if (typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) {
    for (const wrong of WRONG) {
      const copy = structuredClone(value) as Record<string, unknown>;
      if (wrong === undefined) delete copy[key];
      else copy[key] = wrong;
      yield { path: [...path, key].join('.'), value: copy };
    }
    for (const inner of mutations((value as Record<string, unknown>)[key], [...path, key])) {
      const copy = structuredClone(value) as Record<string, unknown>;
      copy[key] = inner.value;
      yield { path: inner.path, value: copy };
    }
  }
}

const trade = {
  ticker: 'VWCE.DE',
  type: 'stock',
  date: '2024-01-02',
  amount: 10,
  value: 1000,
  currency: 'EUR',
  importId: 'a1',
  product: 'VANGUARD FTSE ALL-WORLD',
};
const dividend = {
  ticker: 'MSFT',
  type: 'dividend',
  date: '2024-03-14',
  amount: 0,
  value: 7.5,
  currency: 'USD',
  tax: 1.13,
};
const sampleSet = { transactions: { stock: [trade], dividend: [dividend], commission: [] } };

/** A recorded chart as the quotes service answers it. */
const entry = (symbol: string, file: string) => columnsFromChart(symbol, recordedChart(file), 'yahoo');
const recorded = [
  entry('AAPL', 'AAPL-dividend-split.recorded.json'),
  entry('MSFT', 'MSFT-1y-dividends.recorded.json'),
  entry('EURUSD=X', 'EURUSD-fx.recorded.json'),
  entry('OCDO.L', 'OCDO.L-pence.recorded.json'),
  entry('MUV2.DE', 'MUV2.DE-null-close.json'),
  { symbol: 'NOPE', error: 'No data found, symbol may be delisted' },
];

describe('the fast checks take the real shapes', () => {
  it('accepts the benchmark set and charts of workload M as zod does, equal', () => {
    const workload = makeWorkload('M');
    expect(agrees(storedTransactionsBody, asAnswer({ transactions: workload.transactions }))).toBe(true);
    expect(agrees(quoteEntries, asAnswer(workload.quotes))).toBe(true);
  });

  it("accepts Yahoo's recorded charts as columns (null closes, pence, splits, FX) and an error entry", () => {
    expect(agrees(quoteEntries, asAnswer(recorded))).toBe(true);
  });

  it('accepts a stored field it does not name, as the schema passes it on', () => {
    expect(
      agrees(
        storedTransactionsBody,
        asAnswer({ transactions: { stock: [{ ...trade, note: 'kept' }], dividend: [], commission: [] } }),
      ),
    ).toBe(true);
  });
});

describe('the fast checks accept nothing the schema refuses', () => {
  it('a set with any one field of any transaction wrong', () => {
    let refused = 0;
    for (const mutation of mutations(sampleSet)) if (!agrees(storedTransactionsBody, mutation.value)) refused += 1;
    // Most of the wrong values are refused (then zod decides): the check does look at every field.
    expect(refused).toBeGreaterThan(100);
  });

  it("an answer with any one field of a symbol's columns wrong", () => {
    // Short series keep the mutations few: the FX chart's three bars, and the error entry.
    const short = asAnswer(recorded.filter((e) => e.symbol === 'EURUSD=X' || e.symbol === 'NOPE'));
    let refused = 0;
    for (const mutation of mutations(short)) if (!agrees(quoteEntries, mutation.value)) refused += 1;
    expect(refused).toBeGreaterThan(100);
  });

  it('an entry with both an error and columns goes to the schema (which keeps the error only)', () => {
    const both = [{ ...entry('AAPL', 'EURUSD-fx.recorded.json'), error: 'stale' }];
    expect(quoteEntries.accepts(both)).toBe(false);
    expect(safeParse(quoteEntries.schema, both).data).toEqual([{ symbol: 'AAPL', error: 'stale' }]);
  });
});
