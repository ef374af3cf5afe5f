/**
 * Another broker's CSV maps cash rows (SEMANTICS.md "Cash"): a type cell naming a deposit, a withdrawal,
 * interest or a fee of no product becomes a cash transaction, signed from the account's side; importing
 * the file again adds nothing; a cash row in any ISO 4217 currency is kept in it, one in a code that is no
 * currency is a named problem.
 */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet } from '#src/model';
import { MappedCsvSession } from '#src/worker/mapped-csv/session';

const BROKER = [
  'Date,Symbol,Type,Quantity,Amount,Currency',
  '2024-01-02,,Deposit,,1000.00,EUR',
  '2024-01-03,VWCE.DE,Buy,5,550.00,EUR',
  '2024-01-31,,Interest,,-0.12,EUR',
  '2024-02-29,,Interest,,1.05,EUR',
  '2024-03-01,,Fee,,2.50,EUR',
  '2024-03-02,VWCE.DE,Fee,,1.00,EUR',
  '2024-04-01,,Withdrawal,,-200.00,EUR',
  '2024-04-02,,Withdrawal,,100.00,EUR',
  '2024-05-01,,Deposit,,300.00,CHF',
  '2024-05-02,,Deposit,,50.00,CNH',
].join('\n');

async function opened(session: MappedCsvSession) {
  const file = await session.open(new Blob([BROKER]), 'broker.csv', emptyTransactionSet(), async () => null);
  if (!file.ok) throw new Error(file.message);
  return file.file;
}

describe("another broker's cash rows", () => {
  it('books deposits in, withdrawals and a fee of no product out, interest with its sign; a fee of a ticker stays its commission', async () => {
    const session = new MappedCsvSession();
    const { mapping } = await opened(session);
    const { merged, added, skippedRows } = session.merge(mapping, emptyTransactionSet());
    expect(merged.cash!.map(({ kind, date, value, currency }) => [kind, date, value, currency])).toEqual([
      ['deposit', '2024-01-02', 1000, 'EUR'],
      ['interest', '2024-01-31', -0.12, 'EUR'],
      ['interest', '2024-02-29', 1.05, 'EUR'],
      ['fee', '2024-03-01', -2.5, 'EUR'],
      ['withdrawal', '2024-04-01', -200, 'EUR'],
      ['withdrawal', '2024-04-02', -100, 'EUR'],
      ['deposit', '2024-05-01', 300, 'CHF'],
    ]);
    expect(merged.commission.map((t) => [t.ticker, t.value])).toEqual([['VWCE.DE', 1]]);
    expect(merged.stock).toHaveLength(1);
    expect(added).toBe(9);
    // The CNH (offshore yuan) deposit: no ISO 4217 code.
    expect(skippedRows).toBe(1);
  });

  it('names the cash row in a code that is no currency, and a second import of the file adds nothing', async () => {
    const session = new MappedCsvSession();
    const { mapping, preview } = await opened(session);
    expect(preview.problems).toEqual([
      { row: 11, message: 'currency: "CNH" is not an ISO 4217 currency code (such as EUR, USD, GBP or JPY)' },
    ]);
    const first = session.merge(mapping, emptyTransactionSet());
    const again = session.merge(mapping, first.merged);
    expect(again).toMatchObject({ added: 0, alreadyPresent: 9 });
    expect(again.merged.cash).toEqual(first.merged.cash);
  });
});
