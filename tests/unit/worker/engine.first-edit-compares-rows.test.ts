/**
 * The first set a view takes is copied (set-snapshot.ts), so the first edit after a load compares rows
 * with that copy instead of grouping the whole set per ticker again; and the copy is a copy: a row
 * object changed in place after the engine took it is still seen as an edit.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Transaction, TransactionSetWithCash } from '#src/model';
import { PortfolioEngine } from '#src/worker/engine';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';

const grouped = vi.hoisted(() => ({ count: 0 }));
vi.mock('#src/model', async (importOriginal) => {
  const model = await importOriginal<typeof import('#src/model')>();
  return {
    ...model,
    groupByTicker: ((set: Parameters<typeof model.groupByTicker>[0]) => {
      grouped.count += 1;
      return model.groupByTicker(set);
    }) as typeof model.groupByTicker,
  };
});

const quotes = [
  chart('AAA', {
    currency: 'EUR',
    bars: [
      ['2024-01-02', 10],
      ['2024-06-03', 11],
    ],
  }),
  chart('BBB', {
    currency: 'EUR',
    bars: [
      ['2024-01-02', 20],
      ['2024-06-03', 22],
    ],
  }),
];

const setOf = (stock: Transaction[]): TransactionSetWithCash => ({ ...transactionSet(stock), cash: [] });

function engineWith(set: TransactionSetWithCash, computed: string[]): PortfolioEngine {
  const engine = new PortfolioEngine({ onTickerComputed: (ticker) => computed.push(ticker) });
  engine.setTransactions(set);
  engine.setQuotes(quotes);
  engine.derive('2024-06-28', null);
  return engine;
}

const rows = () => [
  stock('AAA', '2024-01-03', 5, 50),
  stock('BBB', '2024-01-04', 2, 40),
  stock('AAA', '2024-02-01', 1, 11),
];

describe('the first edit after the first set', () => {
  it('compares rows with the first set’s copy: the set is not grouped again, one ticker is recomputed', () => {
    const computed: string[] = [];
    const first = rows();
    const engine = engineWith(setOf(first), computed);
    grouped.count = 0;
    computed.length = 0;
    engine.setTransactions(setOf(first.map((row, k) => (k === 1 ? { ...row, value: 42 } : { ...row }))));
    const derivation = engine.derive('2024-06-28', null);
    expect(grouped.count).toBe(0);
    expect(computed).toEqual(['BBB']);
    expect(derivation.summary).toEqual(
      engineWith(setOf(first.map((row, k) => (k === 1 ? { ...row, value: 42 } : row))), []).derive('2024-06-28', null)
        .summary,
    );
  });

  it('sees a row changed in place after the engine took it', () => {
    const computed: string[] = [];
    const first = rows();
    const engine = engineWith(setOf(first), computed);
    computed.length = 0;
    first[2].amount = 3;
    engine.setTransactions(setOf([...first]));
    expect(computed).toEqual([]);
    const derivation = engine.derive('2024-06-28', null);
    expect(computed).toEqual(['AAA']);
    expect(derivation).toEqual(
      engineWith(setOf(rows().map((row, k) => (k === 2 ? { ...row, amount: 3 } : row))), []).derive('2024-06-28', null),
    );
  });
});
