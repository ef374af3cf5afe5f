/**
 * A stored body's text cut into the set's text, its cash and its accounts without parsing the set
 * (`storedBodyParts`, what a GET and a PUT's read of the stored cash use on SQLite): the cut gives what
 * parsing the body gives, whatever the strings hold; a body laid out otherwise gives undefined (the database
 * then takes it apart), never a wrong cut.
 */
import { describe, expect, it } from 'vitest';
import type { Account, CashTransaction } from '#src/model/cash';
import type { TransactionSet } from '#src/model/transaction';
import { storedBodyJson, storedBodyParts, storedBodyTail } from '#server/storage/transaction-body';

const cash: CashTransaction[] = [
  { type: 'cash', kind: 'deposit', date: '2020-01-02', value: 1000, currency: 'EUR', account: 'main' },
  { type: 'cash', kind: 'withdrawal', date: '2021-03-04', value: -25.5, currency: 'EUR' },
];
// Names that hold the very keys the cut looks for: inside a string every quote is escaped.
const accounts: Account[] = [
  { id: 'main', name: 'My ,"accounts":[] account' },
  { id: 'b', name: 'Broker ,"cash":[1]} "quoted" \\ ]}' },
];
const set: TransactionSet = {
  stock: [
    {
      ticker: 'VWCE.DE',
      type: 'stock',
      date: '2020-01-03',
      amount: 2,
      value: 190.5,
      currency: 'EUR',
      importId: 'degiro:0123456789ab',
    },
  ],
  dividend: [],
  commission: [{ ticker: 'VWCE.DE', type: 'commission', date: '2020-01-03', amount: 1, value: 2, currency: 'EUR' }],
  cash,
};

describe('storedBodyParts', () => {
  it('cuts a body as storedBodyJson writes it into what parsing it gives', () => {
    const body = storedBodyJson(set, accounts);
    const parts = storedBodyParts(body);
    expect(parts).toBeDefined();
    const parsed = JSON.parse(body) as TransactionSet & { accounts: Account[] };
    const { accounts: parsedAccounts, ...parsedSet } = parsed;
    expect(JSON.parse(parts!.setJson)).toEqual(parsedSet);
    expect(parts!.setJson).toBe(JSON.stringify(set));
    expect(parts!.cash).toEqual(cash);
    expect(parts!.accounts).toEqual(parsedAccounts);
  });

  it('cuts an empty cash list and one account', () => {
    const parts = storedBodyParts(storedBodyJson({ ...set, cash: [] }, [{ id: 'main', name: 'My account' }]));
    expect(parts?.cash).toEqual([]);
    expect(parts?.accounts).toEqual([{ id: 'main', name: 'My account' }]);
    expect(JSON.parse(parts!.setJson)).toEqual({ ...set, cash: [] });
  });

  it('gives undefined for a body laid out otherwise', () => {
    // Without cash (stored before cash existed), without accounts, with PostgreSQL's spacing, with a
    // list after the accounts, or nested keys of the same names where the cut would land.
    const { cash: _cash, ...withoutCash } = set;
    expect(storedBodyParts(storedBodyJson(withoutCash, accounts))).toBeUndefined();
    expect(storedBodyParts(JSON.stringify(set))).toBeUndefined();
    expect(storedBodyParts(JSON.stringify({ ...set, accounts }, null, 1))).toBeUndefined();
    expect(storedBodyParts(JSON.stringify({ accounts, ...set }))).toBeUndefined();
    expect(
      storedBodyParts(JSON.stringify({ ...set, accounts: [{ id: 'main', name: 'x', accounts: [] }] })),
    ).toBeUndefined();
    expect(storedBodyParts('')).toBeUndefined();
    expect(storedBodyParts(']}')).toBeUndefined();
  });
});

describe('storedBodyTail', () => {
  it('gives, from any last part of a body, its cash and accounts or undefined, never others', () => {
    const wide: Account[] = [...accounts, { id: 'c', name: '株式会社 é' }];
    const body = storedBodyJson({ ...set, cash: [{ ...cash[0]!, importId: 'ü' }, ...cash] }, wide);
    const bytes = Buffer.from(body);
    const cashStarts = body.lastIndexOf(',"cash":');
    let found = 0;
    // Every suffix by bytes, as SQLite's tail read cuts it (possibly inside a character).
    for (let start = 0; start < bytes.length; start++) {
      const tail = storedBodyTail(bytes.subarray(start).toString('utf8'));
      if (Buffer.byteLength(body.slice(0, cashStarts)) >= start) {
        expect(tail?.cash).toEqual([{ ...cash[0]!, importId: 'ü' }, ...cash]);
        expect(tail?.accounts).toEqual(wide);
        found += 1;
      } else expect(tail).toBeUndefined();
    }
    expect(found).toBeGreaterThan(0);
  });
});
