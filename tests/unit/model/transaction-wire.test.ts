import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupByTicker, TRANSACTION_TYPES, type TickerGroups, type Transaction, type TransactionSet } from '#src/model';
import { CURRENCIES } from '#src/model/currencies';
import {
  packedBuffers,
  packListing,
  packTransactions,
  transactionUnpacker,
  unpackListing,
  unpackTransactions,
} from '#src/model/transaction-wire';

/** Through a structured clone with the buffers transferred, as a worker message goes. */
function throughMessage(set: TransactionSet): TransactionSet {
  const packed = packTransactions(set);
  const received = structuredClone(packed, { transfer: packedBuffers(packed) });
  expect(packed.refs.byteLength, 'the buffers were transferred, not copied').toBe(0);
  return unpackTransactions(received);
}

const transaction = (type: Transaction['type']) =>
  fc.record(
    {
      ticker: fc.constantFrom('VWCE.DE', 'AAPL', 'BRK-B', '^GSPC', 'IBE.MC', 'Ünï'),
      type: fc.constant(type),
      date: fc
        .date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      amount: fc.double({ noNaN: true }),
      value: fc.double({ noNaN: true }),
      currency: fc.constantFrom(...CURRENCIES),
      importId: fc.string({ maxLength: 40 }),
      // Only dividends carry a withheld tax; 0 and −0 are taxes too, distinct from none.
      ...(type === 'dividend' ? { tax: fc.oneof(fc.constantFrom(0, -0), fc.double({ noNaN: true, min: 0 })) } : {}),
      // Only trades carry the product name their import saw.
      ...(type === 'stock'
        ? {
            product: fc.oneof(
              fc.constantFrom('VANGUARD FTSE ALL-WORLD UCITS ETF', 'VWCE.DE', ''),
              fc.string({ maxLength: 30 }),
            ),
          }
        : {}),
    },
    { requiredKeys: ['ticker', 'type', 'date', 'amount', 'value', 'currency'], noNullPrototype: true },
  );

const set = fc.record(
  {
    stock: fc.array(transaction('stock'), { maxLength: 40 }),
    dividend: fc.array(transaction('dividend'), { maxLength: 40 }),
    commission: fc.array(transaction('commission'), { maxLength: 40 }),
  },
  { noNullPrototype: true },
);

describe('packed transaction sets (page ↔ worker messages)', () => {
  it('arrive as the same set: every field, every order, an import id only where there was one', () => {
    fc.assert(
      fc.property(set, (original) => {
        const received = throughMessage(original);
        expect(received).toStrictEqual(original);
        for (const type of TRANSACTION_TYPES) {
          received[type].forEach((t, i) => {
            expect('importId' in t).toBe('importId' in original[type][i]!);
            expect('tax' in t).toBe('tax' in original[type][i]!);
            expect('product' in t).toBe('product' in original[type][i]!);
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keep −0, infinities, empty strings and the same string shared by many transactions', () => {
    const t = (importId: string | undefined, amount: number): Transaction => ({
      ticker: 'X',
      type: 'stock',
      date: '2024-01-02',
      amount,
      value: -0,
      currency: 'EUR',
      ...(importId === undefined ? {} : { importId }),
    });
    const original: TransactionSet = {
      stock: [t('', Infinity), t(undefined, -Infinity), t('X', 1), t('2024-01-02', 0)],
      dividend: [],
      commission: [],
    };
    const received = throughMessage(original);
    expect(received).toStrictEqual(original);
    expect(Object.is(received.stock[0]!.value, -0)).toBe(true);
    expect(packTransactions(original).text).toBe('X2024-01-02EUR');
  });

  it("keep a dividend's tax of 0 apart from a dividend without one, each on its own dividend", () => {
    const d = (tax: number | undefined): Transaction => ({
      ticker: 'KO',
      type: 'dividend',
      date: '2024-01-02',
      amount: 1,
      value: 0.37,
      currency: 'USD',
      ...(tax === undefined ? {} : { tax }),
    });
    const original: TransactionSet = { stock: [], dividend: [d(0), d(undefined), d(0.07), d(1e12)], commission: [] };
    const received = throughMessage(original);
    expect(received).toStrictEqual(original);
    expect(received.dividend.map((t) => t.tax)).toEqual([0, undefined, 0.07, 1e12]);
    expect('tax' in received.dividend[1]!).toBe(false);
  });

  it('an empty set is an empty set', () => {
    expect(throughMessage({ stock: [], dividend: [], commission: [] })).toStrictEqual({
      stock: [],
      dividend: [],
      commission: [],
    });
  });
});

describe('unpacking a slice at a time', () => {
  it('builds the same set as one go, in order, whatever the slices: a listing with each id', () => {
    fc.assert(
      fc.property(set, fc.integer({ min: 1, max: 7 }), (original, slice) => {
        const count = original.stock.length + original.dividend.length + original.commission.length;
        const ids = Uint32Array.from({ length: count }, (_, i) => 1000 + i);
        const unpacker = transactionUnpacker(packTransactions(original), ids);
        let calls = 1;
        while (!unpacker.next(slice)) calls += 1;
        expect(calls).toBe(Math.max(1, Math.ceil(count / slice)));
        expect(unpacker.set).toEqual(unpackListing(packListing(original, ids)));
        const listed = [...unpacker.set.stock, ...unpacker.set.dividend, ...unpacker.set.commission] as Array<
          Transaction & { id: number }
        >;
        expect(listed.map((t) => t.id)).toEqual([...ids]);
        expect(listed.map(({ id: _id, ...t }) => t)).toEqual([
          ...original.stock,
          ...original.dividend,
          ...original.commission,
        ]);
      }),
      { numRuns: 60 },
    );
  });

  it('groups by ticker as it builds: the groups groupByTicker gives, holding the very objects of the set', () => {
    fc.assert(
      fc.property(set, fc.integer({ min: 1, max: 7 }), (original, slice) => {
        const groups: TickerGroups<Transaction> = new Map();
        const unpacker = transactionUnpacker(packTransactions(original), undefined, groups);
        while (!unpacker.next(slice));
        const expected = groupByTicker(unpacker.set);
        expect([...groups.keys()]).toEqual([...expected.keys()]);
        for (const [ticker, group] of expected)
          for (const type of TRANSACTION_TYPES)
            group[type].forEach((t, i) => expect(groups.get(ticker)![type][i]).toBe(t));
        expect(
          [...groups.values()].reduce(
            (n, group) => n + group.stock.length + group.dividend.length + group.commission.length,
            0,
          ),
        ).toBe(original.stock.length + original.dividend.length + original.commission.length);
      }),
      { numRuns: 60 },
    );
  });

  it('builds nothing on next(0) and stops where the count says', () => {
    const one = (type: Transaction['type'], date: string): Transaction => ({
      ticker: 'AAPL',
      type,
      date,
      amount: 1,
      value: 10,
      currency: 'USD',
    });
    const unpacker = transactionUnpacker(
      packTransactions({
        stock: [one('stock', '2024-01-02'), one('stock', '2024-01-03')],
        dividend: [one('dividend', '2024-02-01')],
        commission: [],
      }),
    );
    expect(unpacker.next(0)).toBe(false);
    expect(unpacker.set.stock.filter(Boolean)).toHaveLength(0);
    expect(unpacker.next(2)).toBe(false);
    expect(unpacker.set.stock.map((t) => t.date)).toEqual(['2024-01-02', '2024-01-03']);
    expect(unpacker.set.dividend.filter(Boolean)).toHaveLength(0);
    expect(unpacker.next(2)).toBe(true);
    expect(unpacker.set.dividend.map((t) => t.date)).toEqual(['2024-02-01']);
  });
});
