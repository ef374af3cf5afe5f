/**
 * The JSON backup holds the accounts (format version 3): replace restores them with their names; merge
 * adds the backup's accounts the portfolio lacks (by id), never renaming one of the portfolio's (an added
 * one whose name the portfolio uses gets `name (2)`); a version 2 backup (no accounts) keeps the
 * portfolio's and makes one for an id its rows name that the portfolio lacks. A backup whose accounts are
 * not valid, or whose rows name an account it lacks, is refused with the reason.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionSet } from '#src/model';
import { FIRST_ACCOUNT, type Account, type CashTransaction } from '#src/model/cash';
import { backupToJson, type BackupContent } from '#src/worker/backup/backup-json';
import { readRestoreFile, type RestoreRead } from '#src/worker/backup/read-restore';
import { applyRestore, planRestore, type CurrentContent } from '#src/worker/backup/restore-plan';
import { stock } from '#helpers/transactions-client';

const NOW_MS = Date.UTC(2026, 10, 29, 12);
const pension: Account = { id: 'acc-0000000000a2', name: 'DEGIRO pension' };
const deposit: CashTransaction = {
  account: pension.id,
  type: 'cash',
  kind: 'deposit',
  date: '2024-01-02',
  value: 400,
  currency: 'EUR',
};
const backedUp: TransactionSet = {
  stock: [stock('VWCE.DE', '2024-01-05', 5, 500), { ...stock('IWDA.AS', '2024-01-06', 2, 160), account: pension.id }],
  dividend: [],
  commission: [],
  cash: [deposit],
};
const content: BackupContent = {
  transactions: backedUp,
  symbolChoices: {},
  settings: {},
  csvMappings: [],
  accounts: { by: 'id', list: [{ ...FIRST_ACCOUNT, name: 'Trading' }, pension] },
};
const backup = backupToJson(content, '2026-11-25T00:00:00.000Z');

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

/** A portfolio with its own accounts: the first one named otherwise, and a `Bank broker` the backup lacks. */
const broker: Account = { id: 'acc-0000000000b3', name: 'DEGIRO pension' };
const current: CurrentContent = {
  transactions: { stock: [], dividend: [], commission: [], cash: [] },
  symbolChoices: {},
  settings: {},
  csvMappings: [],
  accounts: [FIRST_ACCOUNT, broker],
};

describe('the backup', () => {
  it('holds every account with its name, and counts them and the cash', () => {
    const json = JSON.parse(backup) as { formatVersion: number; accounts: Account[]; counts: Record<string, number> };
    expect(json.formatVersion).toBe(3);
    expect(json.accounts).toEqual([{ id: 'main', name: 'Trading' }, pension]);
    expect(json.counts).toMatchObject({ stock: 2, cash: 1, accounts: 2 });
  });

  it('replace restores the accounts and their names, and the rows in them', async () => {
    const restored = applyRestore(current, await read(backup), 'replace');
    expect(restored.accounts).toEqual([{ id: 'main', name: 'Trading' }, pension]);
    expect(restored.transactions).toEqual(backedUp);
    expect(planRestore(current, await read(backup)).replace.accounts).toEqual(['Trading', 'DEGIRO pension']);
  });

  it('merge adds the accounts the portfolio lacks by id, renames none, and names an added one apart', async () => {
    const merged = applyRestore(current, await read(backup), 'merge');
    // `main` stays `My account`; the backup's pension account is added as `DEGIRO pension (2)`: the portfolio has that name.
    expect(merged.accounts).toEqual([FIRST_ACCOUNT, broker, { id: pension.id, name: 'DEGIRO pension (2)' }]);
    expect(merged.transactions.stock.find((t) => t.ticker === 'IWDA.AS')!.account).toBe(pension.id);
    expect(merged.transactions.cash).toEqual([deposit]);
    expect(planRestore(current, await read(backup)).merge.accounts).toEqual([
      'My account',
      'DEGIRO pension',
      'DEGIRO pension (2)',
    ]);
    // Twice is once.
    expect(applyRestore(merged, await read(backup), 'merge')).toEqual(merged);
  });

  it('merged into a portfolio whose first account is another, keeps the rows naming none in the backup’s first', async () => {
    const other = { ...current, accounts: [broker] };
    const merged = applyRestore(other, await read(backup), 'merge');
    expect(merged.accounts.map((a) => a.id)).toEqual([broker.id, 'main', pension.id]);
    expect(merged.transactions.stock.find((t) => t.ticker === 'VWCE.DE')!.account).toBe('main');
  });

  it('of version 2 (no accounts) keeps the portfolio’s and makes one for an id its rows name that the portfolio lacks', async () => {
    const {
      accounts: _gone,
      counts,
      ...rest
    } = JSON.parse(backup) as Record<string, unknown> & {
      counts: Record<string, number>;
    };
    const { accounts: _a, cash: _c, ...countsV2 } = counts;
    const older = JSON.stringify({ ...rest, formatVersion: 2, counts: countsV2 });
    const restored = applyRestore(current, await read(older), 'replace');
    expect(restored.accounts).toEqual([FIRST_ACCOUNT, broker, { id: pension.id, name: `Account ${pension.id}` }]);
    expect(restored.transactions).toEqual(backedUp);
  });
});

describe('a backup refused', () => {
  const edited = (edit: (json: Record<string, unknown>) => void) => {
    const json = JSON.parse(backup) as Record<string, unknown>;
    edit(json);
    return JSON.stringify(json);
  };
  it.each([
    [
      'a row naming an account the backup lacks',
      (json: Record<string, unknown>) => ((json.accounts as Account[]).length = 1),
      /^The backup's accounts are not valid: transactions.stock.1 names the account acc-0000000000a2, which is not in the backup's accounts/,
    ],
    [
      'two accounts of one id',
      (json: Record<string, unknown>) => ((json.accounts as Account[])[1]!.id = 'main'),
      /^The backup's accounts are not valid: accounts.1.id: the id main is used by an earlier account/,
    ],
    [
      'an account without a name',
      (json: Record<string, unknown>) => ((json.accounts as Account[])[0]!.name = ' '),
      /^The backup's accounts are not valid: accounts.0.name: an account needs a name/,
    ],
    [
      'no accounts list',
      (json: Record<string, unknown>) => delete json.accounts,
      /^The backup's accounts are not valid: /,
    ],
    [
      'a cash row cut out',
      (json: Record<string, unknown>) => ((json.transactions as TransactionSet).cash = []),
      /^The backup is incomplete: it says it holds 1 cash transactions, but 0 are in it/,
    ],
    [
      'a cash row in an unknown currency',
      (json: Record<string, unknown>) =>
        ((json.transactions as { cash: { currency: string }[] }).cash[0]!.currency = 'XYZ'),
      /^The backup's transactions are not valid \(transactions.cash.0.currency: /,
    ],
  ])('%s', async (_what, edit, message) => {
    expect(refused(await readRestoreFile(edited(edit), NOW_MS))).toMatch(message);
  });
});
