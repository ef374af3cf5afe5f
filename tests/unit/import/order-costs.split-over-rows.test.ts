/**
 * Issue 30, item 1: Account.csv books one order's costs over two rows (€2.00 and €0.37, one Order Id)
 * where Transactions.csv gives their sum (€2.37). Each order's costs are one commission in both files, so
 * importing both, in either order and again, adds them once; costs stored per row by an earlier version
 * are replaced by the order's one commission.
 */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet, type Transaction, type TransactionSet } from '#src/model';
import { applyTickers, mergeImported, parseDegiroExport, type DegiroImport } from '#src/worker/import';
import { previewOf } from '#src/worker/import-session';
import { csv, expectEveryLineOnce, fixtureText, only, row } from '#helpers/import/degiro-files';

const TRADES_HEADER_NL =
  'Datum,Tijd,Product,ISIN,Beurs,Uitvoeringsplaats,Aantal,Koers,,Lokale waarde,,Waarde EUR,Wisselkoers,AutoFX Kosten,Transactiekosten en/of kosten van derden EUR,Totaal EUR,Order ID,';

const SAP = { product: 'SAP SE', isin: 'DE0007164600' };
const FEE = 'DEGIRO Transactiekosten en/of kosten van derden';
const ORDER = 'a1b2c3d4-0000-4000-8000-000000000001';
const FEE_200 = row({
  date: '05-05-2020',
  time: '10:14',
  ...SAP,
  description: FEE,
  currency: 'EUR',
  amount: '-2,00',
  orderId: ORDER,
});
const FEE_037 = row({
  date: '05-05-2020',
  time: '10:14',
  ...SAP,
  description: FEE,
  currency: 'EUR',
  amount: '-0,37',
  orderId: ORDER,
});
const BUY = row({
  date: '05-05-2020',
  time: '10:14',
  ...SAP,
  description: 'Koop 20 @ 101,50 EUR',
  currency: 'EUR',
  amount: '-2030,00',
  orderId: ORDER,
});
const ACCOUNT = csv([FEE_200, FEE_037, BUY]);
const TRADES = `${TRADES_HEADER_NL}\n05-05-2020,10:14,SAP SE,DE0007164600,XET,XETA,20,"101,5000",EUR,"-2030,00",EUR,"-2030,00",,"0,00","-2,37","-2032,37",,${ORDER}\n`;

const resolved = (imported: DegiroImport) =>
  applyTickers(imported, Object.fromEntries(imported.products.map((p) => [p.productKey, p.productKey])));
const parsed = async (text: string) => resolved(await parseDegiroExport(text));
const costs = (set: TransactionSet) => set.commission.map(({ date, value, currency }) => ({ date, value, currency }));

describe("an order's costs over two rows of Account.csv and one cell of Transactions.csv", () => {
  it('are one commission of their sum in each file, with the same id', async () => {
    const account = await parseDegiroExport(ACCOUNT);
    const trades = await parseDegiroExport(TRADES);
    const fromAccount = only(account.transactions.commission);
    expect(fromAccount).toMatchObject({ value: 2.37, currency: 'EUR', lines: [2, 3] });
    expect(fromAccount.importId).toBe(only(trades.transactions.commission).importId);
    expectEveryLineOnce(account, ACCOUNT);
  });

  it('are added once whichever file comes first, and a second import adds nothing', async () => {
    for (const [first, second] of [
      [ACCOUNT, TRADES],
      [TRADES, ACCOUNT],
    ] as const) {
      const one = mergeImported(emptyTransactionSet(), await parsed(first));
      const again = await parsed(second);
      expect(previewOf(again, one.merged).newTransactions).toBe(0);
      const both = mergeImported(one.merged, again);
      expect(both.added).toBe(0);
      expect(costs(both.merged)).toEqual([{ date: '2020-05-05', value: 2.37, currency: 'EUR' }]);
      expect(mergeImported(both.merged, await parsed(first)).added).toBe(0);
    }
  });

  it('replace the per-row commissions an earlier version stored (and with Transactions.csv, its sum beside them)', async () => {
    // What an earlier version stored for each cost row: the row alone in a statement gives that id.
    const alone = async (costRow: string) => only((await parsed(csv([costRow, BUY]))).transactions.commission);
    const stored: Transaction[] = [await alone(FEE_200), await alone(FEE_037)].map(
      ({ ticker, type, date, amount, value, currency, importId }) => ({
        ticker,
        type,
        date,
        amount,
        value,
        currency,
        importId,
      }),
    );
    const earlier = mergeImported(emptyTransactionSet(), await parsed(csv([BUY]))).merged;
    const doubled: TransactionSet = {
      ...earlier,
      commission: [
        ...stored,
        { ...stored[0]!, value: 2.37, importId: only((await parsed(TRADES)).transactions.commission).importId },
      ],
    };

    for (const before of [{ ...earlier, commission: stored }, doubled]) {
      const statement = await parsed(ACCOUNT);
      expect(previewOf(statement, before).newTransactions).toBe(0);
      const merged = mergeImported(before, statement);
      expect(merged).toMatchObject({ added: 0, renamed: 1 });
      expect(costs(merged.merged)).toEqual([{ date: '2020-05-05', value: 2.37, currency: 'EUR' }]);
      expect(mergeImported(merged.merged, await parsed(TRADES)).added).toBe(0);
    }
  });

  it('keep two cost rows of two orders of the same day and product apart', async () => {
    const other = 'a1b2c3d4-0000-4000-8000-000000000002';
    const text = csv([
      FEE_200,
      FEE_037,
      BUY,
      row({
        date: '05-05-2020',
        time: '11:02',
        ...SAP,
        description: FEE,
        currency: 'EUR',
        amount: '-2,00',
        orderId: other,
      }),
      row({
        date: '05-05-2020',
        time: '11:02',
        ...SAP,
        description: 'Koop 5 @ 102,00 EUR',
        currency: 'EUR',
        amount: '-510,00',
        orderId: other,
      }),
    ]);
    expect(
      costs(mergeImported(emptyTransactionSet(), await parsed(text)).merged)
        .map((c) => c.value)
        .sort(),
    ).toEqual([2, 2.37]);
  });
});

describe('the real-account-40 statement', () => {
  const account = fixtureText('real-account-40/Account.csv');
  const trades = fixtureText('real-account-40/Transactions.csv');
  const content = (set: TransactionSet) =>
    (['stock', 'dividend', 'commission'] as const)
      .flatMap((type) =>
        set[type].map((t) =>
          JSON.stringify([type, t.importId, t.ticker, t.date, t.amount, t.value, t.currency, t.tax ?? null]),
        ),
      )
      .sort();

  it('gives the same transactions from Account.csv alone and with Transactions.csv in either order, and again', async () => {
    const alone = mergeImported(emptyTransactionSet(), await parsed(account)).merged;
    const accountFirst = mergeImported(alone, await parsed(trades));
    const tradesFirst = mergeImported(
      mergeImported(emptyTransactionSet(), await parsed(trades)).merged,
      await parsed(account),
    );
    expect(accountFirst.added).toBe(0);
    expect(content(accountFirst.merged)).toEqual(content(alone));
    expect(content(tradesFirst.merged)).toEqual(content(alone));
    expect(mergeImported(tradesFirst.merged, await parsed(trades)).added).toBe(0);
    expect(mergeImported(accountFirst.merged, await parsed(account)).added).toBe(0);
  });

  it("sums each order's cost rows of Account.csv: the costs are the statement's cost rows, once (the connection fees as the account's fees)", async () => {
    const imported = await parseDegiroExport(account);
    const fees = imported.transactions.cash.filter((c) => c.kind === 'fee');
    const costRows = [...imported.transactions.commission.flatMap((t) => t.lines), ...fees.flatMap((c) => c.lines)];
    // The statement's own cost rows: every one in a commission, each once.
    const lines = account.split('\n');
    const statementCosts = lines.flatMap((text, i) =>
      text.includes(FEE) || text.includes('Aansluitingskosten') ? [i + 1] : [],
    );
    expect(costRows.sort((a, b) => a - b)).toEqual(statementCosts);
    const cents = (text: string) =>
      -Math.round(Number(/,EUR,"(-?\d+,\d\d)",EUR,/.exec(text)![1]!.replace(',', '.')) * 100);
    const statementTotal = statementCosts.reduce((sum, line) => sum + cents(lines[line - 1]!), 0);
    const paid =
      imported.transactions.commission.reduce((sum, t) => sum + t.value, 0) - fees.reduce((sum, c) => sum + c.value, 0);
    expect(Math.round(paid * 100)).toBe(statementTotal);
  });
});
