/**
 * Our CSV with accounts and cash (issue 33): each row names its account by name and the cash rows are
 * there (`type` cash, their `kind`), so an export restored by replace gives back the same set, cash and
 * accounts; an export made before both (ten columns) still restores, into the first account; a bad cash
 * row (an unknown currency, a deposit out, a kind missing) is refused naming the row, nothing restored.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionSet } from '#src/model';
import { FIRST_ACCOUNT, type Account, type CashTransaction } from '#src/model/cash';
import { CSV_HEADER, CSV_HEADER_WITHOUT_ACCOUNTS } from '#src/worker/backup/csv-format';
import { transactionsToCsv } from '#src/worker/backup/export-csv';
import { readRestoreFile, type RestoreRead } from '#src/worker/backup/read-restore';
import { applyRestore, planRestore, type CurrentContent } from '#src/worker/backup/restore-plan';
import { setOfView } from '#src/worker/your-data';
import { dividend, stock } from '#helpers/transactions-client';

const NOW_MS = Date.UTC(2026, 10, 29, 12);
const pension: Account = { id: 'acc-0000000000a2', name: 'DEGIRO pension' };
const accounts: Account[] = [FIRST_ACCOUNT, pension];
const cash = (kind: CashTransaction['kind'], date: string, value: number, account?: string): CashTransaction => ({
  type: 'cash',
  kind,
  date,
  value,
  currency: 'EUR',
  ...(account ? { account } : {}),
});
const set: TransactionSet = {
  stock: [
    stock('VWCE.DE', '2024-01-05', 5, 500),
    { ...stock('IWDA.AS', '2024-01-06', 2, 160, { importId: 'degiro:00000000000001' }), account: pension.id },
    // An AutoFX trade: a USD listing's buy booked in EUR.
    stock('AAPL', '2024-02-01', 1, 180, { importId: 'degiro:00000000000003', priceCurrency: 'USD' }),
  ],
  dividend: [{ ...dividend('IWDA.AS', '2024-06-01', 1.5), account: pension.id }],
  commission: [],
  cash: [
    cash('deposit', '2024-01-02', 1000),
    { ...cash('deposit', '2024-01-03', 400, pension.id), importId: 'degiro:00000000000002' },
    { ...cash('conversion', '2024-03-01', -110, pension.id), currency: 'USD' },
    cash('conversion', '2024-03-01', 100, pension.id),
    cash('fee', '2024-12-31', -2.5, pension.id),
  ],
};
const portfolio = (transactions: TransactionSet): CurrentContent => ({
  transactions,
  symbolChoices: {},
  settings: {},
  csvMappings: [],
  accounts,
});

async function read(text: string) {
  const file = await readRestoreFile(text, NOW_MS);
  if (!file.ok) throw new Error(file.error);
  return file.content;
}

function refused(file: RestoreRead): string {
  if (file.ok) throw new Error('expected a refusal');
  expect(file.error).toMatch(/Nothing was restored/);
  return file.error;
}

describe('the export', () => {
  it('writes each row with its account’s name, and the cash rows with their kind', () => {
    const lines = transactionsToCsv(set, {}, accounts)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toContain('VWCE.DE,stock,2024-01-05,5,500,EUR,,,,,My account,,');
    expect(lines).toContain('AAPL,stock,2024-02-01,1,180,EUR,,degiro:00000000000003,,,My account,,USD');
    expect(lines).toContain('IWDA.AS,dividend,2024-06-01,1,1.5,EUR,,,,,DEGIRO pension,,');
    expect(lines).toContain(',cash,2024-01-02,,1000,EUR,,,,,My account,deposit,');
    expect(lines).toContain(',cash,2024-03-01,,-110,USD,,,,,DEGIRO pension,conversion,');
  });

  it('of one account’s view holds that account’s rows only, cash included', async () => {
    const view = setOfView(set, accounts, pension.id);
    const text = transactionsToCsv(view, {}, accounts);
    expect(text).not.toContain('My account');
    const content = await read(text);
    expect(content.transactions.stock.map((t) => t.ticker)).toEqual(['IWDA.AS']);
    expect(content.transactions.cash).toHaveLength(4);
  });
});

describe('export → restore', () => {
  it('replace into the portfolio it came from gives back the same set and accounts, though it changed meanwhile', async () => {
    const text = transactionsToCsv(set, {}, accounts);
    const changed = { ...set, stock: set.stock.slice(1), cash: [cash('withdrawal', '2024-05-01', -50)] };
    const restored = applyRestore(portfolio(changed), await read(text), 'replace');
    // Rows of the first account name none (as they did); the others name their account's id.
    expect(restored.transactions).toEqual(set);
    expect(restored.accounts).toEqual(accounts);
    expect(planRestore(portfolio(changed), await read(text)).replace).toMatchObject({
      removed: 0,
      added: 1,
      cash: 5,
      accounts: ['My account', 'DEGIRO pension'],
    });
  });

  it('merge into the portfolio it came from adds nothing; into one that lacks a row, adds it to its account', async () => {
    const content = await read(transactionsToCsv(set, {}, accounts));
    expect(applyRestore(portfolio(set), content, 'merge').transactions).toEqual(set);
    const lacking = { ...set, cash: set.cash!.slice(0, 2) };
    const plan = planRestore(portfolio(lacking), content);
    expect(plan.merge).toMatchObject({ cashAdded: 3, alreadyPresent: 4 });
    expect(applyRestore(portfolio(lacking), content, 'merge').transactions.cash).toEqual(set.cash);
  });

  it('finds an account by its name ignoring case; a name the portfolio lacks makes a new account', async () => {
    const text = transactionsToCsv(set, {}, [
      { ...FIRST_ACCOUNT, name: 'MY ACCOUNT' },
      { ...pension, name: 'Bank broker' },
    ]);
    const restored = applyRestore(portfolio({ stock: [], dividend: [], commission: [] }), await read(text), 'replace');
    expect(restored.accounts.map((a) => a.name)).toEqual(['My account', 'DEGIRO pension', 'Bank broker']);
    const broker = restored.accounts[2]!;
    expect(broker.id).toMatch(/^acc-[0-9a-f]{12}$/);
    expect(restored.transactions.stock).toEqual([set.stock[0], { ...set.stock[1], account: broker.id }, set.stock[2]]);
    expect(restored.transactions.cash!.filter((c) => c.account === broker.id)).toHaveLength(4);
  });

  it('an export made before accounts and cash (ten columns) restores into the portfolio’s first account', async () => {
    const old = `\uFEFF${CSV_HEADER_WITHOUT_ACCOUNTS}\r\nVWCE.DE,stock,2021-03-01,10,950.5,EUR,,degiro:00000000000009,,IE00BK5BQT80\r\n`;
    const content = await read(old);
    expect(content).not.toHaveProperty('accounts');
    expect(content.transactions).not.toHaveProperty('cash');
    const pensionFirst = { ...portfolio(set), accounts: [pension, FIRST_ACCOUNT] };
    const merged = applyRestore(pensionFirst, content, 'merge');
    expect(merged.accounts).toEqual([pension, FIRST_ACCOUNT]);
    expect(merged.transactions.stock).toContainEqual(
      stock('VWCE.DE', '2021-03-01', 10, 950.5, { importId: 'degiro:00000000000009' }),
    );
    expect(merged.transactions.cash).toEqual(set.cash);
    // Replace: the file's set, which has no cash.
    expect(applyRestore(pensionFirst, content, 'replace').transactions.cash).toEqual([]);
  });
});

describe('a bad row (cash, account, price currency) is refused, naming the row and the problem', () => {
  /** The rows below leave out the last cell (`price_currency`, empty) unless they fill it. */
  const file = (row: string) =>
    `${CSV_HEADER}\r\nVWCE.DE,stock,2024-01-05,5,500,EUR,,,,,My account,,\r\n${row}${row.split(',').length === 12 ? ',' : ''}\r\n`;
  it.each([
    [
      ',cash,2024-01-02,,100,XYZ,,,,,My account,deposit',
      /^Row 3 is not valid: currency: "XYZ" is not an ISO 4217 currency code/,
    ],
    [
      ',cash,2024-01-02,,-100,EUR,,,,,My account,deposit',
      /^Row 3 is not valid: a deposit is money in: more than 0 \(this one is -100\)/,
    ],
    [
      ',cash,2024-01-02,,100,EUR,,,,,My account,',
      /^Row 3 is not valid: kind "" is not one of deposit, withdrawal, interest, fee, conversion/,
    ],
    [
      'AAPL,cash,2024-01-02,,100,EUR,,,,,My account,interest',
      /^Row 3 is not valid: a cash row belongs to no ticker, but the row has "AAPL"/,
    ],
    [',cash,2024-01-02,3,100,EUR,,,,,My account,interest', /^Row 3 is not valid: a cash row has no amount/],
    [
      'AAPL,stock,2024-01-02,1,100,EUR,,,,,My account,deposit',
      /^Row 3 is not valid: a stock has no kind, but the row has "deposit"/,
    ],
    [
      `,cash,2024-01-02,,100,EUR,,,,,${'x'.repeat(101)},interest`,
      /^Row 3 is not valid: account has 101 characters, at most 100/,
    ],
    [
      'KO,dividend,2024-01-02,1,1,EUR,,,,,My account,,USD',
      /^Row 3 is not valid: a dividend has no price currency, but the row has "USD"/,
    ],
    [
      'KO,stock,2024-01-02,1,1,EUR,,,,,My account,,US dollar',
      /^Row 3 is not valid: price_currency "US dollar" is not a currency code of three letters/,
    ],
  ])('%s', async (row, message) => {
    expect(refused(await readRestoreFile(file(row), NOW_MS))).toMatch(message);
  });
});
