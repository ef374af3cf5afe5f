/**
 * The round trip the issue asks for, property-tested: any valid set, cash and accounts included → export
 * as CSV and as JSON → restore into a fresh (empty) portfolio, by merge and by replace → the same set, and
 * `derive` on it gives the same output; the JSON backup brings back the accounts (ids and names), symbol
 * choices, settings and remembered column mappings too, the CSV each row's account by its name. Also:
 * merging a file into the portfolio it came from changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyTransactionSet,
  TICKER_PATTERN,
  type Currency,
  type Transaction,
  type TransactionSet,
  type TransactionType,
} from '#src/model';
import { IMPORT_ID_MAX_LENGTH, MAX_ABSOLUTE_NUMBER } from '#src/model/transaction-limits';
import {
  DATE_ORDERS,
  DECIMAL_MARKS,
  DELIMITERS,
  MAPPED_FIELDS,
  MAX_MAPPED_COLUMNS,
  MAX_REMEMBERED_MAPPINGS,
  type CsvMapping,
  type MappedField,
  type RememberedMapping,
} from '#src/model/csv-mapping';
import { validateTransactionsBody } from '#src/model/transaction-schema';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  CASH_KINDS,
  FIRST_ACCOUNT,
  accountOf,
  type Account,
  type CashTransaction,
} from '#src/model/cash';
import { CASH_SIGNS } from '#src/model/transaction-schema';
import { backupToJson, type BackupContent } from '#src/worker/backup/backup-json';
import { transactionsToCsv } from '#src/worker/backup/export-csv';
import { readRestoreFile } from '#src/worker/backup/read-restore';
import { applyRestore, planRestore, type CurrentContent } from '#src/worker/backup/restore-plan';
import { PortfolioEngine } from '#src/worker/engine';
import { sortTransactionSet } from '#server/transactions/sort-transaction-set';
import { chart } from '#helpers/worker/portfolio';

/** The reader's clock (`readRestoreFile` has none), which dates the saved-at times a backup may carry. */
const NOW_MS = Date.UTC(2026, 10, 29, 12);

/** Any finite double the schema allows; -0 is 0 (JSON, and so the server, has no -0). */
const boundedNumber = fc
  .oneof(
    fc.double({ min: -MAX_ABSOLUTE_NUMBER, max: MAX_ABSOLUTE_NUMBER, noNaN: true, noDefaultInfinity: true }),
    fc.double({ min: -1e-3, max: 1e-3, noNaN: true }),
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.constantFrom(0.1 + 0.2, 1e-7, 123_456.789, -0.005),
  )
  .map((n) => (Object.is(n, -0) ? 0 : n));
const tax = fc.double({ min: 0, max: MAX_ABSOLUTE_NUMBER, noNaN: true }).map((n) => (Object.is(n, -0) ? 0 : n));
const ticker = fc.oneof(
  fc.constantFrom('AAA', 'VWCE.DE', 'BRK-B', '^GSPC', 'EUR=X'),
  fc.stringMatching(TICKER_PATTERN),
);
/** Import ids with what a CSV must quote or guard: commas, quotes, line breaks, a leading = or '. */
const importId = fc.oneof(
  fc.string({ minLength: 1, maxLength: IMPORT_ID_MAX_LENGTH }),
  fc.constantFrom('degiro:0a1b2c3d4e5f60', '=HYPERLINK("x")', "'quoted", 'a,b', 'line\r\nbreak', '-1', '"'),
);
const date = fc
  .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2100, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const transactionOf = (dates: fc.Arbitrary<string>, tickers: fc.Arbitrary<string>): fc.Arbitrary<Transaction> =>
  fc
    .record({
      ticker: tickers,
      type: fc.constantFrom<TransactionType>('stock', 'dividend', 'commission'),
      date: dates,
      amount: boundedNumber,
      value: boundedNumber,
      currency: fc.constantFrom<Currency>('EUR', 'USD'),
      tax: fc.option(tax, { nil: undefined }),
      importId: fc.option(importId, { nil: undefined }),
      priceCurrency: fc.option(fc.constantFrom('USD', 'GBp', 'GBX', 'CHF'), { nil: undefined }),
    })
    .map(({ tax: withheld, importId: id, priceCurrency, ...fields }) => {
      const t: Transaction = { ...fields };
      if (withheld !== undefined && fields.type === 'dividend') t.tax = withheld;
      if (id !== undefined) t.importId = id;
      if (priceCurrency !== undefined && fields.type === 'stock') t.priceCurrency = priceCurrency;
      return t;
    });

const cashOf = (dates: fc.Arbitrary<string>): fc.Arbitrary<CashTransaction> =>
  fc
    .record({
      kind: fc.constantFrom(...CASH_KINDS),
      date: dates,
      value: boundedNumber,
      currency: fc.constantFrom<Currency>('EUR', 'USD'),
      importId: fc.option(importId, { nil: undefined }),
    })
    .map(({ importId: id, ...fields }) => {
      const c: CashTransaction = { type: 'cash', ...fields };
      // The value's sign as the kind wants it (a deposit > 0, a withdrawal < 0).
      if (CASH_SIGNS[fields.kind] && !CASH_SIGNS[fields.kind]!.test(c.value))
        c.value = fields.kind === 'deposit' ? Math.abs(c.value) || 1 : -Math.abs(c.value) || -1;
      if (id !== undefined) c.importId = id;
      return c;
    });

/** Account names as a user may choose them: trimmed, 1 to 100 characters, any text a CSV must quote or guard. */
const accountName = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: ACCOUNT_NAME_MAX_LENGTH }),
    fc.constantFrom('DEGIRO pension', '=HYPERLINK("x")', "'quoted", 'a,b', 'line\nbreak', '-1', 'Bank "broker"'),
  )
  .map((name) => name.trim())
  .filter((name) => name.length > 0);
/** The user's accounts: the first one of every migrated set, then others with names unique ignoring case. */
const accountsArb: fc.Arbitrary<Account[]> = fc
  .uniqueArray(fc.record({ id: fc.stringMatching(/^acc-[0-9a-f]{12}$/), name: accountName }), {
    maxLength: 4,
    selector: (a) => a.name.toLowerCase(),
  })
  .map((others) => [
    { ...FIRST_ACCOUNT },
    ...others.filter(
      (a, i) =>
        a.name.toLowerCase() !== FIRST_ACCOUNT.name.toLowerCase() && others.findIndex((b) => b.id === a.id) === i,
    ),
  ]);

/** A valid set as the server stores it, each row in one of `accounts` (or naming none: the first), each list by date. */
const setOf = (
  transactions: fc.Arbitrary<Transaction>,
  cash: fc.Arbitrary<CashTransaction>,
  accounts: Account[],
): fc.Arbitrary<TransactionSet> => {
  const account = fc.option(fc.constantFrom(...accounts.map((a) => a.id)), { nil: undefined });
  const placed = <T extends { account?: string }>(rows: fc.Arbitrary<T>) =>
    fc.tuple(rows, account).map(([row, id]) => (id === undefined ? row : { ...row, account: id }));
  return fc
    .tuple(fc.array(placed(transactions), { maxLength: 60 }), fc.array(placed(cash), { maxLength: 10 }))
    .map(([rows, cashRows]) =>
      sortTransactionSet({
        stock: rows.filter((t) => t.type === 'stock'),
        dividend: rows.filter((t) => t.type === 'dividend'),
        commission: rows.filter((t) => t.type === 'commission'),
        cash: cashRows,
      }),
    );
};
/** Accounts and a set whose rows are in them. */
const accountsAndSetArb = accountsArb.chain((accounts) =>
  setOf(transactionOf(date, ticker), cashOf(date), accounts).map((set) => ({ accounts, set })),
);
/** For derive: a few tickers over ten years (a daily grid from 1900 per random ticker would take minutes). */
const derivableDate = fc
  .integer({ min: 0, max: 3650 })
  .map((day) => new Date(Date.UTC(2015, 0, 1) + day * 86_400_000).toISOString().slice(0, 10));
const derivableSetArb = setOf(
  transactionOf(derivableDate, fc.constantFrom('AAA', 'BBB', 'VWCE.DE')),
  cashOf(derivableDate),
  [FIRST_ACCOUNT],
);

const mappingArb: fc.Arbitrary<CsvMapping> = fc.record({
  delimiter: fc.constantFrom(...DELIMITERS),
  columns: fc.record(
    Object.fromEntries(
      MAPPED_FIELDS.map((field) => [
        field,
        fc.option(fc.integer({ min: 0, max: MAX_MAPPED_COLUMNS - 1 }), { nil: null }),
      ]),
    ) as Record<MappedField, fc.Arbitrary<number | null>>,
  ),
  fixedCurrency: fc.constantFrom<Currency>('EUR', 'USD'),
  dateOrder: fc.constantFrom(...DATE_ORDERS),
  decimalMark: fc.constantFrom(...DECIMAL_MARKS),
});
/** Remembered mappings as the server lists them: headers once each (any text, the unit separator too), most recently saved first. */
const csvMappingsArb: fc.Arbitrary<RememberedMapping[]> = fc
  .uniqueArray(
    fc.record({
      header: fc.oneof(
        fc.string({ minLength: 1, maxLength: 60 }),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
        fc.constantFrom('datum\u001fsymbool\u001fbedrag (€)'),
      ),
      mapping: mappingArb,
      // Saved before the backup was made (2026-11-25): a backup holds no later time.
      savedAtMs: fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2026, 10, 25) }),
    }),
    { maxLength: MAX_REMEMBERED_MAPPINGS, selector: (m) => m.header },
  )
  .filter((list) => new Set(list.map((m) => m.savedAtMs)).size === list.length)
  .map((list) =>
    list
      .sort((a, b) => b.savedAtMs - a.savedAtMs)
      .map(({ header, mapping, savedAtMs }) => ({ header, mapping, savedAt: new Date(savedAtMs).toISOString() })),
  );

const contentArb: fc.Arbitrary<BackupContent> = fc
  .record({
    placed: accountsAndSetArb,
    symbolChoices: fc.dictionary(fc.string({ minLength: 1, maxLength: 40 }), fc.stringMatching(TICKER_PATTERN), {
      maxKeys: 8,
    }),
    settings: fc.record({ benchmark: fc.stringMatching(TICKER_PATTERN) }, { requiredKeys: [] }),
    csvMappings: csvMappingsArb,
  })
  .map(({ placed, ...rest }) => ({
    transactions: placed.set,
    ...rest,
    accounts: { by: 'id' as const, list: placed.accounts },
  }));

const fresh: CurrentContent = { transactions: emptyTransactionSet(), symbolChoices: {}, settings: {}, csvMappings: [] };

/** `set` with every row naming its account by name (a row naming none: the first account's): what a CSV keeps. */
function byName(set: TransactionSet, accounts: readonly Account[]) {
  const name = (row: { account?: string }) => accounts.find((a) => a.id === accountOf(row, accounts))!.name;
  const named = <T extends { account?: string }>(row: T) => ({ ...row, account: name(row) });
  return {
    stock: set.stock.map(named),
    dividend: set.dividend.map(named),
    commission: set.commission.map(named),
    cash: (set.cash ?? []).map(named),
  };
}

function derived(set: TransactionSet) {
  const engine = new PortfolioEngine();
  engine.setTransactions(set);
  engine.setQuotes([
    chart('AAA', {
      currency: 'USD',
      bars: [
        ['2014-01-02', 10],
        ['2020-06-01', 12.5],
        ['2025-01-02', 40],
      ],
      dividends: [['2020-03-02', 0.3]],
    }),
    chart('EUR=X', {
      currency: 'EUR',
      bars: [
        ['2014-01-02', 0.9],
        ['2022-01-03', 0.8],
      ],
    }),
  ]);
  return engine.derive('2026-01-01', null);
}

async function restoredFrom(file: string): Promise<BackupContent> {
  const read = await readRestoreFile(file, NOW_MS);
  if (!read.ok) throw new Error(read.error);
  return read.content;
}

const runs = { numRuns: 120 };

describe('export → restore into a fresh portfolio', () => {
  it('every generated set is valid as the server sees it', () => {
    fc.assert(
      fc.property(
        accountsAndSetArb,
        ({ accounts, set }) => validateTransactionsBody({ transactions: set, accounts }).ok,
      ),
      runs,
    );
  });

  it('CSV: the same rows, each in the account of its name, cash included, by merge and by replace', async () => {
    await fc.assert(
      fc.asyncProperty(accountsAndSetArb, async ({ accounts, set }) => {
        const content = await restoredFrom(transactionsToCsv(set, {}, accounts));
        for (const mode of ['merge', 'replace'] as const) {
          const restored = applyRestore(fresh, content, mode);
          expect(byName(restored.transactions, restored.accounts)).toEqual(byName(set, accounts));
          // The fresh portfolio's one account first, then an account for every other name the rows use.
          const used = new Set([
            FIRST_ACCOUNT.name,
            ...Object.values(byName(set, accounts))
              .flat()
              .map((r) => r.account),
          ]);
          expect(restored.accounts.map((a) => a.name).sort()).toEqual([...used].sort());
          expect(restored.accounts[0]).toEqual(FIRST_ACCOUNT);
          expect(
            validateTransactionsBody({ transactions: restored.transactions, accounts: restored.accounts }).ok,
          ).toBe(true);
        }
      }),
      runs,
    );
  });

  it('JSON: the same set, accounts, symbol choices, settings and column mappings, by merge and by replace', async () => {
    await fc.assert(
      fc.asyncProperty(contentArb, async (content) => {
        const restored = await restoredFrom(backupToJson(content, '2026-11-25T00:00:00.000Z'));
        expect(restored).toEqual(content);
        const { accounts, ...rest } = content;
        const expected = { ...rest, accounts: accounts!.list };
        expect(applyRestore(fresh, restored, 'merge')).toEqual(expected);
        expect(applyRestore(fresh, restored, 'replace')).toEqual(expected);
      }),
      runs,
    );
  });

  it('derive gives the same output on the restored set as on the original', async () => {
    await fc.assert(
      fc.asyncProperty(derivableSetArb, async (set) => {
        const fromCsv = applyRestore(fresh, await restoredFrom(transactionsToCsv(set)), 'merge').transactions;
        const fromJson = applyRestore(
          fresh,
          await restoredFrom(
            backupToJson({ transactions: set, symbolChoices: {}, settings: {}, csvMappings: [] }, 'x'),
          ),
          'replace',
        ).transactions;
        const original = derived(set);
        expect(derived(fromCsv)).toEqual(original);
        expect(derived(fromJson)).toEqual(original);
      }),
      { numRuns: 25 },
    );
  }, 180_000);

  it('merging a file into the portfolio it came from adds nothing, and the plan says so', async () => {
    await fc.assert(
      fc.asyncProperty(contentArb, async (content) => {
        const current: CurrentContent = {
          transactions: content.transactions,
          symbolChoices: content.symbolChoices,
          settings: content.settings ?? {},
          csvMappings: content.csvMappings ?? [],
          accounts: content.accounts!.list,
        };
        const restored = await restoredFrom(transactionsToCsv(content.transactions, {}, current.accounts));
        const plan = planRestore(current, restored);
        const total =
          content.transactions.stock.length +
          content.transactions.dividend.length +
          content.transactions.commission.length;
        const names = current.accounts!.map((a) => a.name);
        expect(plan.merge.added).toEqual({ stock: 0, dividend: 0, commission: 0 });
        expect(plan.merge).toMatchObject({ alreadyPresent: total, cashAdded: 0, accounts: names });
        expect(plan.replace).toMatchObject({
          removed: 0,
          added: 0,
          changed: 0,
          unchanged: total,
          total,
          accounts: names,
        });
        const merged = applyRestore(current, restored, 'merge');
        expect(merged.transactions).toEqual(content.transactions);
        expect(merged.accounts).toEqual(current.accounts);
        // The backup into the portfolio it came from: nothing added, every account and mapping as it was.
        const backup = await restoredFrom(backupToJson(content, '2026-11-25T00:00:00.000Z'));
        const fromBackup = planRestore(current, backup);
        expect(fromBackup.merge).toMatchObject({
          alreadyPresent: total,
          cashAdded: 0,
          symbolChoicesAdded: 0,
          settingsAdded: [],
          csvMappingsAdded: 0,
          csvMappings: current.csvMappings.length,
          accounts: names,
        });
        expect(applyRestore(current, backup, 'merge')).toEqual(current);
        expect(applyRestore(current, backup, 'replace')).toEqual(current);
      }),
      runs,
    );
  });
});
