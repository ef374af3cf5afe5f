/**
 * The account's figures on screen (SEMANTICS.md, "Cash"): a set with cash PUT through the real server's
 * API as a fresh user, then the dashboard's summary (cash per currency and in euros, account value, net
 * deposits, gain on deposits, the account fee in Total Commission), the value chart's Cash and Account
 * value lines, and Performance's return on deposits, each equal to the engine's own figures for the
 * same set (run here, with the recorded market files the server serves), at 1440 and at 360 px. A set
 * without cash shows none of it.
 * It needs the server to store `cash` and `accounts` (issue 33's i33-core): before that, the PUT is refused (400).
 */
import type { Page } from '@playwright/test';
import { PERFORMANCE_PERIODS, type Account, type TransactionSet } from '#src/model';
import { formatsFor } from '#src/ui/format';
import { expect, signIn, test } from '#helpers/e2e/fixtures';
import { engineFigures, freshUser, localToday, openFromDrawer } from '#helpers/e2e/app';
import { expectNoHorizontalScroll } from '#helpers/e2e/accessibility';

const formats = formatsFor('en-US');
const PASSWORD = 'cash figures password';

const accounts: Account[] = [{ id: 'broker', name: 'DEGIRO' }];
const row = (type: 'stock' | 'commission', date: string, amount: number, value: number) => ({
  ticker: 'VWCE.DE',
  type,
  date,
  amount,
  value,
  currency: 'EUR' as const,
  account: 'broker',
});
const cash = (
  kind: 'deposit' | 'withdrawal' | 'interest' | 'fee' | 'conversion',
  date: string,
  value: number,
  currency: 'EUR' | 'USD' = 'EUR',
) => ({
  account: 'broker',
  type: 'cash' as const,
  kind,
  date,
  value,
  currency,
});
const WITH_CASH: TransactionSet = {
  stock: [row('stock', '2024-03-01', 10, 1100)],
  dividend: [],
  commission: [row('commission', '2024-03-01', 1, 2)],
  cash: [
    cash('deposit', '2024-02-28', 2000),
    cash('conversion', '2024-06-03', -500),
    cash('conversion', '2024-06-03', 540, 'USD'),
    cash('interest', '2024-12-31', 1.5),
    cash('fee', '2025-01-02', -2.5),
    cash('withdrawal', '2025-06-02', -300),
  ],
};
const WITHOUT_CASH: TransactionSet = { stock: WITH_CASH.stock, dividend: [], commission: WITH_CASH.commission };

const summaryBox = (page: Page, label: string) =>
  page
    .locator('dl.summary .summary-box')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

const percent = (value: number | null) => (value === null ? '—' : formats.signedPercent(value));

for (const [width, height] of [
  [1440, 900],
  [360, 800],
] as const) {
  test(`a view with cash shows its account's figures, the engine's own, at ${width} px`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height });
    const { username } = await freshUser(baseURL as string, `cash-${width}`, PASSWORD, {
      transactions: WITH_CASH,
      accounts,
    });
    await signIn(page, username, PASSWORD);
    await expect(page.getByText('Loading prices…')).toHaveCount(0);
    const expected = engineFigures(WITH_CASH, await localToday(page), { accounts });
    const account = expected.account;
    if (!account?.ok) throw new Error(`the engine has no account figures: ${JSON.stringify(account)}`);

    await expect(summaryBox(page, 'Cash in EUR')).toHaveText(formats.money(account.cash.EUR!, 'EUR'));
    await expect(summaryBox(page, 'Cash in USD')).toHaveText(formats.money(account.cash.USD!, 'USD'));
    await expect(summaryBox(page, 'Cash, all in EUR')).toHaveText(formats.money(account.onAsOf.cashValue));
    await expect(summaryBox(page, 'Account value')).toHaveText(formats.money(account.onAsOf.accountValue));
    await expect(summaryBox(page, 'Net deposits')).toHaveText(formats.money(account.onAsOf.netDeposits));
    await expect(summaryBox(page, 'Gain on deposits')).toHaveText(formats.money(account.gain));
    // The account fee is commission: the trade's 2 and the fee's 2.50.
    expect(expected.summary.totalCommission).toBeCloseTo(4.5, 9);
    await expect(summaryBox(page, 'Total Commission')).toHaveText(formats.money(expected.summary.totalCommission));
    await expect(summaryBox(page, 'Portfolio value')).toHaveText(formats.money(expected.summary.portfolioValue));
    await expect(summaryBox(page, 'Profit \\(incl\\. commission\\)')).toHaveText(
      formats.money(expected.summary.totalReturn.absolute),
    );

    const valueChart = page.locator('figure.chart[aria-label="Portfolio value"]');
    await valueChart.scrollIntoViewIfNeeded();
    await expect(valueChart.locator('.chart-legend li')).toHaveText([/Value/, /Invested/, /Cash/, /Account value/]);
    await expectNoHorizontalScroll(page, `dashboard with cash at ${width} px`);

    await openFromDrawer(page, 'Performance');
    const table = page.locator('table.returns-table');
    await expect(table).toBeVisible();
    for (const period of PERFORMANCE_PERIODS) {
      const cells = table.locator(`tr[data-period="${period}"]`);
      await expect(cells.locator('td[data-label="On deposits, time-weighted"]')).toHaveText(
        percent(account.periods[period].cumulative),
      );
      await expect(cells.locator('td[data-label="On deposits, time-weighted, per year"]')).toHaveText(
        percent(account.periods[period].annualised),
      );
      await expect(cells.locator('td[data-label="On deposits, money-weighted, per year"]')).toHaveText(
        percent(account.mwr[period]),
      );
      await expect(cells.locator('td[data-label="Time-weighted"]')).toHaveText(
        percent(expected.performance.twr[period].cumulative),
      );
    }
    await expectNoHorizontalScroll(page, `performance with cash at ${width} px`);
  });
}

test('a view without cash shows nothing new', async ({ page, baseURL }) => {
  const { username } = await freshUser(baseURL as string, 'no-cash', PASSWORD, {
    transactions: WITHOUT_CASH,
    accounts,
  });
  await signIn(page, username, PASSWORD);
  await expect(page.getByText('Loading prices…')).toHaveCount(0);
  const expected = engineFigures(WITHOUT_CASH, await localToday(page), { accounts });
  expect(expected.account).toBeNull();
  await expect(summaryBox(page, 'Portfolio value')).toHaveText(formats.money(expected.summary.portfolioValue));
  await expect(page.locator('dl.summary dt')).toHaveText([
    'Portfolio value',
    'Total Invested',
    'Profit (excl. commission)',
    'Profit (incl. commission)',
    'Total Dividend',
    'Total Commission',
  ]);
  await expect(page.locator('figure.chart[aria-label="Portfolio value"] .chart-legend li')).toHaveText([
    /Value/,
    /Invested/,
  ]);
  await openFromDrawer(page, 'Performance');
  await expect(page.locator('table.returns-table')).toBeVisible();
  await expect(page.locator('table.returns-table td.on-deposits')).toHaveCount(0);
  await expect(page.locator('table.returns-table th', { hasText: 'On deposits' })).toHaveCount(0);
});
