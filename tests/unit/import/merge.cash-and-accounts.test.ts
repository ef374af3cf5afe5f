/**
 * The import's cash into the set, and the account it goes to (issue 33): re-importing adds nothing,
 * Account.csv and Transactions.csv in either order count each cash line once, an account fee replaces the
 * DEGIRO-COSTS commission an earlier version stored under its id, every new row carries the chosen account,
 * and an account deleted meanwhile stops the import with a clear message.
 */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet, type TransactionSet } from '#src/model';
import { applyTickers, mergeImported, parseDegiroExport, type DegiroImport } from '#src/worker/import';
import { resolveTarget } from '#src/worker/import/target';
import { previewOf } from '#src/worker/import-session';
import { fixtureText, importFixture } from '#helpers/import/degiro-files';

const resolved = (imported: DegiroImport) =>
  applyTickers(imported, Object.fromEntries(imported.products.map((p) => [p.productKey, 'TEST.AS'])));
const parsed = async (text: string) => resolved(await parseDegiroExport(text));

/** What a set does to the account's cash, per currency, in cents (SEMANTICS.md "Cash"). */
function cashByCurrency(set: TransactionSet): Record<string, number> {
  const sums: Record<string, number> = {};
  const add = (currency: string, amount: number) => (sums[currency] = (sums[currency] ?? 0) + Math.round(amount * 100));
  for (const t of [...set.stock, ...set.commission]) add(t.currency, -t.value);
  for (const t of set.dividend) add(t.currency, t.value);
  for (const c of set.cash ?? []) add(c.currency, c.value);
  return sums;
}

describe('cash into the set', () => {
  const account = fixtureText('real-account-40/Account.csv');
  const trades = fixtureText('real-account-40/Transactions.csv');

  it('Account.csv and Transactions.csv in either order, and again: each cash line once, the same cash', async () => {
    const alone = mergeImported(emptyTransactionSet(), await parsed(account)).merged;
    const accountCash = (await parseDegiroExport(account)).transactions.cash.length;
    expect(alone.cash).toHaveLength(accountCash);
    const accountFirst = mergeImported(alone, await parsed(trades)).merged;
    const tradesFirst = mergeImported(
      mergeImported(emptyTransactionSet(), await parsed(trades)).merged,
      await parsed(account),
    ).merged;
    for (const set of [accountFirst, tradesFirst]) {
      expect(set.cash).toEqual(alone.cash);
      expect(cashByCurrency(set)).toEqual(cashByCurrency(alone));
    }
    expect(mergeImported(tradesFirst, await parsed(account))).toMatchObject({ added: 0 });
    expect(mergeImported(accountFirst, await parsed(account))).toMatchObject({ added: 0 });
  });

  it("replaces the DEGIRO-COSTS commission an earlier version stored under a fee's id by the fee, keeping its account", async () => {
    const imported = resolved(await importFixture('nl-example.csv'));
    const fees = imported.transactions.cash.filter((c) => c.kind === 'fee');
    const first = mergeImported(emptyTransactionSet(), imported).merged;
    // As an earlier version stored them: commissions of the fixed ticker, under the same ids.
    const earlier: TransactionSet = {
      ...first,
      cash: first.cash!.filter((c) => c.kind !== 'fee'),
      commission: [
        ...first.commission,
        ...fees.map((f) => ({
          account: 'pension',
          ticker: 'DEGIRO-COSTS',
          type: 'commission' as const,
          date: f.date,
          amount: 1,
          value: -f.value,
          currency: f.currency,
          importId: f.importId,
        })),
      ],
    };
    const again = mergeImported(earlier, imported);
    expect(again).toMatchObject({ added: 0, renamed: fees.length });
    expect(again.merged.commission.filter((t) => t.ticker === 'DEGIRO-COSTS')).toEqual([]);
    expect(again.merged.commission).toEqual(first.commission);
    expect(again.merged.cash!.filter((c) => c.kind === 'fee').map((c) => [c.account, c.value, c.importId])).toEqual(
      fees.map((f) => ['pension', f.value, f.importId]),
    );
    expect(cashByCurrency(again.merged)).toEqual(cashByCurrency(first));
  });
});

describe('the account an import goes to', () => {
  it('puts every new row, cash too, in the chosen account; rows already stored keep theirs', async () => {
    const imported = resolved(await importFixture('nl-example.csv'));
    const first = mergeImported(emptyTransactionSet(), imported, 'acc-pension').merged;
    const rows = [...first.stock, ...first.dividend, ...first.commission, ...first.cash!];
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((t) => t.account))).toEqual(new Set(['acc-pension']));
    // The same file into another account: nothing new, nothing moved.
    const again = mergeImported(first, imported, 'acc-trading');
    expect(again.added).toBe(0);
    expect(again.merged).toEqual(first);
  });

  it("without a target, the rows name no account: the set's first", async () => {
    const merged = mergeImported(emptyTransactionSet(), resolved(await importFixture('nl-example.csv'))).merged;
    expect([...merged.stock, ...merged.cash!].every((t) => !('account' in t))).toBe(true);
  });

  it('resolves an existing account, makes a new one by name, and refuses one deleted meanwhile', () => {
    const accounts = [
      { id: 'main', name: 'My account' },
      { id: 'acc-1', name: 'DEGIRO pension' },
    ];
    expect(resolveTarget(undefined, accounts, () => 'x')).toEqual({ account: undefined, accounts: null });
    expect(resolveTarget({ account: 'acc-1' }, accounts, () => 'x')).toEqual({ account: 'acc-1', accounts: null });
    expect(resolveTarget({ newAccount: '  Trading ' }, accounts, () => 'acc-new')).toEqual({
      account: 'acc-new',
      accounts: [...accounts, { id: 'acc-new', name: 'Trading' }],
    });
    // Before the server answers accounts, the set is its one account.
    expect(resolveTarget({ newAccount: 'Trading' }, null, () => 'acc-new').accounts).toEqual([
      { id: 'main', name: 'My account' },
      { id: 'acc-new', name: 'Trading' },
    ]);
    expect(() => resolveTarget({ account: 'acc-gone' }, accounts, () => 'x')).toThrow(
      'The account this import was meant for no longer exists (it was deleted meanwhile): choose an account and import again. Nothing was stored.',
    );
    expect(() => resolveTarget({ newAccount: '   ' }, accounts, () => 'x')).toThrow(/needs a name/);
  });
});

describe('the preview', () => {
  it('says the cash per kind and the check, and counts the cash among the new transactions', async () => {
    const imported = resolved(await importFixture('nl-flatex-cash.csv'));
    const preview = previewOf(imported, emptyTransactionSet(), new Map(), mergeImported);
    expect(preview.cash).toEqual(imported.counts.cash);
    expect(preview.cash).toEqual({ deposit: 3, withdrawal: 1, interest: 4, fee: 1, conversion: 2 });
    expect(preview.reconciliation.map((r) => [r.currency, r.status])).toEqual([
      ['EUR', 'reconciled'],
      ['USD', 'reconciled'],
    ]);
    const booked =
      imported.transactions.stock.length +
      imported.transactions.dividend.length +
      imported.transactions.commission.length +
      imported.transactions.cash.length;
    expect(preview.newTransactions).toBe(booked);
    // Every line accounted for: what the preview groups as skipped, each with its reason.
    expect(preview.skipped.map((g) => [g.reason, g.count])).toEqual([
      ['cash sweep', 5],
      ['reservation', 2],
      ['money-market fund', 2],
    ]);
    const stored = mergeImported(emptyTransactionSet(), imported).merged;
    expect(previewOf(imported, stored, new Map(), mergeImported)).toMatchObject({
      newTransactions: 0,
      alreadyImported: booked,
    });
  });
});
