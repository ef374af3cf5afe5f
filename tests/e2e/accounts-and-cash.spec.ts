/**
 * Accounts and cash end to end (issue 33), real server, real Chromium: a fresh user imports two DEGIRO
 * statements into two new accounts (the preview says each currency's check and the cash counts), switches
 * the view on every screen, and finds each view's figures equal to the engine's for that view: the engine
 * runs here on the set the worker's own importer makes of the same two files (which is also the set the
 * server stored). The two statements share no product, so the all-accounts portfolio value, cash and net
 * deposits on screen are the sum of the two accounts' (to the cent, each shown rounded). A seed-shaped
 * client's PUT (`{stock, dividend, commission}` only, with If-Match) keeps the cash and the accounts.
 * Screens at 1440 and 360 px go to /tmp/i33ui-shots; axe finds nothing serious; no page scrolls sideways.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PERFORMANCE_PERIODS, type Account, type Transaction, type TransactionSet } from '#src/model';
import type { CashTransaction } from '#src/model/cash';
import { formatsFor } from '#src/ui/format';
import { expect, signIn, test } from '#helpers/e2e/fixtures';
import { engineFigures, freshUser, localToday, openFromDrawer } from '#helpers/e2e/app';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from '#helpers/e2e/accessibility';
import { importedIntoAccounts } from '#helpers/import/statements-into-accounts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/degiro');
/** VWRL.AS, IWDA.AS, an Apple dividend; EUR and USD cash. */
const FLATEX = path.join(FIXTURES, 'nl-flatex-cash.csv');
/** VWCE.DE, MSFT, MUV2.DE, IBE.MC: none of the first's products; EUR and USD cash. */
const SECOND = path.join(FIXTURES, 'nl-second-account.csv');
/** A statement whose EUR check is off (its first line's balance is not its own). */
const EXAMPLE = path.join(FIXTURES, 'nl-example.csv');
const SHOTS = '/tmp/i33ui-shots';
const PASSWORD = 'accounts and cash password';
const formats = formatsFor('en-US');

test.describe.configure({ mode: 'serial' });
test.use({ bypassCSP: true });

const summaryBox = (page: Page, label: string) =>
  page
    .locator('dl.summary .summary-box')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^(${label})$`) }) })
    .locator('dd');
const percent = (value: number | null) => (value === null ? '—' : formats.signedPercent(value));
/** The amount of a money text the page shows (`€1,234.56`, `−€0.03`). */
const amountOf = (text: string) => Number(text.replace('\u2212', '-').replace(/[^0-9.-]/g, ''));

async function look(page: Page, screen: string) {
  await expectNoHorizontalScroll(page, screen);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${screen.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: false });
}

async function importInto(page: Page, file: string, accountName: string) {
  await page.getByLabel('Upload from file:').setInputFiles(file);
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByRole('heading', { name: "The statement's check" })).toBeVisible();
  await preview.getByLabel('Account', { exact: true }).selectOption({ label: 'A new account…' });
  await preview.getByLabel("New account's name").fill(accountName);
  await preview.getByRole('button', { name: /^Import \d+ new transactions$/ }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Imported ${path.basename(file)} into ${accountName}` }),
  ).toBeVisible();
  return preview;
}

/** A row as the figures see it: its account (the first one when it names none) and what it moves. */
function essentials(set: TransactionSet, accounts: readonly Account[]): string[] {
  const rows: Array<Transaction | CashTransaction> = [
    ...set.stock,
    ...set.dividend,
    ...set.commission,
    ...(set.cash ?? []),
  ];
  return rows
    .map((t) =>
      JSON.stringify([
        t.account ?? accounts[0]!.id,
        t.type,
        'ticker' in t ? t.ticker : t.kind,
        t.date,
        'amount' in t ? t.amount : null,
        t.value,
        t.currency,
      ]),
    )
    .sort();
}

test('two statements into two accounts: every screen follows the view, all accounts is the sum, each view is the engine', async ({
  page,
  baseURL,
}) => {
  // Three views on five screens, two imports, two widths: longer than one screen's test.
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { username, api } = await freshUser(baseURL as string, 'twoaccounts', PASSWORD);
  await signIn(page, username, PASSWORD);
  await openFromDrawer(page, 'Transactions');

  // The preview names each currency's check and the cash rows; the flatex statement reconciles to the cent.
  await page.getByLabel('Upload from file:').setInputFiles(FLATEX);
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.locator('.reconciliation li')).toHaveText([
    /^EUR: reconciled to the cent/,
    /^USD: reconciled to the cent/,
  ]);
  await expect(preview.getByRole('listitem').filter({ hasText: 'Cash, deposit:' })).toBeVisible();
  // No account was used yet: a new one named after the file is proposed.
  await expect(preview.getByLabel("New account's name")).toHaveValue('nl-flatex-cash');
  await look(page, 'import preview 1440');
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await importInto(page, FLATEX, 'Trading');
  await page.getByRole('button', { name: 'Close' }).click();
  // The next file proposes the account used last; nl-example's EUR balance is off, and the preview names the line.
  await page.getByLabel('Upload from file:').setInputFiles(EXAMPLE);
  await expect(preview.getByLabel('Account', { exact: true })).toHaveValue(/^acc-/);
  await expect(preview.locator('.reconciliation li').filter({ hasText: 'EUR' })).toContainText(
    /not reconciled\. On .*, line 7/,
  );
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Upload from file:').setInputFiles(SECOND);
  await expect(preview.locator('.reconciliation li')).toHaveText([
    /^EUR: reconciled to the cent/,
    /^USD: reconciled to the cent/,
  ]);
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await importInto(page, SECOND, 'Pension');

  const stored = await api.get();
  const accounts = stored.body.accounts as Account[];
  const id = (name: string) => accounts.find((a) => a.name === name)!.id;
  expect(accounts.map((a) => a.name)).toEqual(['My account', 'Trading', 'Pension']);
  // The same files through the worker's importer, here: the set the page stored, and the one the engine runs on.
  const set = await importedIntoAccounts([
    { file: FLATEX, account: id('Trading') },
    { file: SECOND, account: id('Pension') },
  ]);
  expect(essentials(stored.body.transactions as TransactionSet, accounts)).toEqual(essentials(set, accounts));
  const asOf = await localToday(page);
  const views = [
    { name: 'All accounts', view: null },
    { name: 'Trading', view: id('Trading') },
    { name: 'Pension', view: id('Pension') },
  ];
  const figures = Object.fromEntries(
    views.map(({ name, view }) => [name, engineFigures(set, asOf, { accounts, view })]),
  );
  const account = (name: string) => {
    const a = figures[name]!.account;
    if (!a?.ok) throw new Error(`${name}: the engine has no account figures: ${JSON.stringify(a)}`);
    return a;
  };
  // The two statements have no product in common (the first account holds nothing): the engine's all
  // accounts is the sum of the two, securities too.
  for (const key of ['cashValue', 'netDeposits', 'accountValue'] as const)
    expect(account('All accounts').onAsOf[key]).toBeCloseTo(
      account('Trading').onAsOf[key] + account('Pension').onAsOf[key],
      6,
    );
  expect(figures['All accounts']!.summary.portfolioValue).toBeCloseTo(
    figures['Trading']!.summary.portfolioValue + figures['Pension']!.summary.portfolioValue,
    6,
  );

  /** What each view's dashboard shows, as amounts. */
  const shown: Record<string, { value: number; cash: number; deposits: number }> = {};
  const viewSwitch = page.getByRole('combobox', { name: 'View' });
  for (const { name, view } of views) {
    await openFromDrawer(page, 'Dashboard');
    await viewSwitch.selectOption({ label: name });
    await expect(page.getByText('Loading prices…')).toHaveCount(0);
    const f = figures[name]!;
    const a = account(name);
    const value = summaryBox(page, 'Portfolio value');
    const cash = summaryBox(page, 'Cash, all in EUR|Cash');
    const deposits = summaryBox(page, 'Net deposits');
    await expect(value).toHaveText(formats.money(f.summary.portfolioValue));
    await expect(summaryBox(page, 'Account value')).toHaveText(formats.money(a.onAsOf.accountValue));
    await expect(cash).toHaveText(formats.money(a.onAsOf.cashValue));
    await expect(deposits).toHaveText(formats.money(a.onAsOf.netDeposits));
    shown[name] = {
      value: amountOf(await value.innerText()),
      cash: amountOf(await cash.innerText()),
      deposits: amountOf(await deposits.innerText()),
    };
    await look(page, `dashboard ${name} 1440`);

    // Performance: the investments' own TWR and MWR, and the return on deposits, each the engine's for the view.
    await openFromDrawer(page, 'Performance');
    const table = page.locator('table.returns-table');
    for (const period of PERFORMANCE_PERIODS) {
      const cells = table.locator(`tr[data-period="${period}"]`);
      await expect(cells.locator('td[data-label="Time-weighted"]')).toHaveText(
        percent(f.performance.twr[period].cumulative),
      );
      await expect(cells.locator('td[data-label="Money-weighted, per year"]')).toHaveText(
        percent(f.performance.mwr[period]),
      );
      await expect(cells.locator('td[data-label="On deposits, time-weighted"]')).toHaveText(
        percent(a.periods[period].cumulative),
      );
      await expect(cells.locator('td[data-label="On deposits, money-weighted, per year"]')).toHaveText(
        percent(a.mwr[period]),
      );
    }
    await look(page, `performance ${name} 1440`);

    await openFromDrawer(page, 'Holdings');
    await expect(viewSwitch).toHaveValue(view ?? '');
    await look(page, `holdings ${name} 1440`);
    await openFromDrawer(page, 'Income');
    await look(page, `income ${name} 1440`);

    // The transactions list shows the view's cash rows with their kind: as many as the view holds.
    await openFromDrawer(page, 'Transactions');
    const cashRows = (set.cash ?? []).filter((c) => view === null || (c.account ?? accounts[0]!.id) === view).length;
    await expect(page.getByRole('heading', { name: `Cash (${cashRows})` })).toBeVisible();
    await look(page, `transactions ${name} 1440`);
  }
  // All accounts, as the screen shows it, is the sum of the two accounts as the screen shows them: to the
  // cent, each of the three amounts being rounded on its own.
  for (const key of ['value', 'cash', 'deposits'] as const)
    expect(Math.abs(shown['All accounts']![key] - shown['Trading']![key] - shown['Pension']![key])).toBeLessThan(
      0.0101,
    );
  await expectNoSeriousAxeViolations(page, 'transactions, Pension view');

  // The accounts: the empty first account can go, and the confirmation says what goes with it.
  await openFromDrawer(page, 'Accounts');
  await page.getByRole('button', { name: 'Delete My account' }).click();
  await expect(page.getByRole('dialog')).toContainText('It holds no transactions.');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByRole('list', { name: 'Your accounts' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete Pension' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    /Its \d+ transactions? and \d+ cash transactions? will be deleted with it/,
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Trading');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is already an account named Trading' })).toBeVisible();
  await page.getByRole('button', { name: 'Discard change' }).click();
  await expectNoSeriousAxeViolations(page, 'accounts');
  await look(page, 'accounts 1440');

  // 360 px: the switch is compact in the toolbar, nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  for (const screen of ['Dashboard', 'Transactions', 'Accounts', 'Performance']) {
    await openFromDrawer(page, screen);
    await expect(viewSwitch).toBeVisible();
    await look(page, `${screen} 360`);
  }

  // A seed-shaped client's PUT keeps the cash and the accounts.
  const before = await api.get();
  const seed = before.body.transactions as TransactionSet;
  const put = await api.put(
    { transactions: { stock: seed.stock, dividend: seed.dividend, commission: seed.commission } },
    { ifMatch: before.etag },
  );
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const after = await api.get();
  expect((after.body.transactions as TransactionSet).cash).toEqual(seed.cash);
  expect(after.body.accounts).toEqual(before.body.accounts);
});
