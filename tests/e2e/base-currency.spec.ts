/**
 * The base currency end to end (issue 34), real server, real Chromium, the recorded market data: a fresh
 * user adds a CHF trade (NESN.SW) and a JPY trade (7203.T) by hand, switches the base currency to GBP on
 * the Settings page, and finds every screen in pounds: the summary, the charts (their summaries and data
 * tables, written with the axes' formatter), the holdings, a holding, performance, income and the tax
 * report CSV; the CSV export keeps each trade in its own currency. In JPY: whole yen, and the CHF trade's
 * missing rate (CHFJPY=X) named with Retry. Then back to EUR: the same figures as before the switch. The numbers asserted come from the engine run here on the set the server stored, in
 * each base. Screens at 1440 and 360 px go to /tmp/h2-base-currency-shots.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatsFor } from '#src/ui/format';
import { expect, signIn, test } from '#helpers/e2e/fixtures';
import { engineFigures, freshUser, localToday, openFromDrawer } from '#helpers/e2e/app';
import { expectNoHorizontalScroll } from '#helpers/e2e/accessibility';

const SHOTS = '/tmp/h2-base-currency-shots';
const PASSWORD = 'base currency password';

test.describe.configure({ mode: 'serial' });

const summaryBox = (page: Page, label: string) =>
  page
    .locator('dl.summary .summary-box')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

async function look(page: Page, screen: string) {
  for (const [width, height] of [
    [1440, 900],
    [360, 780],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoHorizontalScroll(page, `${screen} at ${width}`);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${screen}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function addTrade(page: Page, ticker: string, date: string, shares: string, value: string, currency: string) {
  const form = page.getByRole('form', { name: 'Add a transaction' });
  await form.getByLabel('Ticker').fill(ticker);
  await form.getByLabel('Date').fill(date);
  await form.getByLabel('Amount').fill(shares);
  await form.getByLabel('Value').fill(value);
  await form.getByLabel('Currency').selectOption(currency);
  await form.getByRole('button', { name: /^(Add|Save)/ }).click();
  await expect(page.getByRole('region', { name: ticker })).toBeVisible();
}

async function chooseBase(page: Page, code: string) {
  await openFromDrawer(page, 'Settings');
  await page.getByLabel('Report in').selectOption(code);
  await page.getByRole('button', { name: 'Save base currency' }).click();
  await expect(page.getByText(new RegExp(`Current: .*\\(${code}\\)`))).toBeVisible();
}

/** The page's main content once the figures are in: no notice of pending figures. */
const main = (page: Page) => page.getByRole('main');

test('a CHF and a JPY trade, reported in GBP, then in EUR again with the same figures', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const user = await freshUser(baseURL!, 'base-currency', PASSWORD);
  await signIn(page, user.username, PASSWORD);

  await openFromDrawer(page, 'Transactions');
  await addTrade(page, 'NESN.SW', '03/01/2023', '10', '1050', 'CHF');
  await addTrade(page, '7203.T', '03/01/2023', '100', '180000', 'JPY');
  const stored = await user.api.get();
  expect(stored.status).toBe(200);
  const set = stored.body.transactions;
  expect(set.stock.map((t) => [t.ticker, t.currency])).toEqual([
    ['NESN.SW', 'CHF'],
    ['7203.T', 'JPY'],
  ]);
  const asOf = await localToday(page);
  const inEur = engineFigures(set, asOf);
  const inGbp = engineFigures(set, asOf, { baseCurrency: 'GBP' });
  expect(inGbp.baseCurrency).toBe('GBP');
  for (const ticker of ['NESN.SW', '7203.T']) expect(inGbp.tickers[ticker]!.excluded).toBe(false);
  const eur = formatsFor('en-US', 'EUR');
  const gbp = formatsFor('en-US', 'GBP');

  // ── In EUR, the default: the numbers read now are compared after the way back ──
  await openFromDrawer(page, 'Dashboard');
  const value = summaryBox(page, 'Portfolio value');
  await expect(value).toHaveText(eur.money(inEur.summary.portfolioValue));
  const before = {
    value: await value.textContent(),
    invested: await summaryBox(page, 'Total Invested').textContent(),
    profit: await summaryBox(page, 'Profit \\(incl. commission\\)').textContent(),
  };
  expect(before.invested).toBe(eur.money(inEur.summary.totalInvested));

  // ── GBP ──
  await chooseBase(page, 'GBP');
  await look(page, 'settings-gbp');
  await openFromDrawer(page, 'Dashboard');
  await expect(summaryBox(page, 'Portfolio value')).toHaveText(gbp.money(inGbp.summary.portfolioValue));
  await expect(summaryBox(page, 'Total Invested')).toHaveText(gbp.money(inGbp.summary.totalInvested));
  await expect(summaryBox(page, 'Profit \\(incl. commission\\)')).toHaveText(
    gbp.money(inGbp.summary.totalReturn.absolute),
  );
  // The returns banner and the charts: their summaries and data tables use the axes' formatter.
  await expect(page.getByRole('complementary', { name: 'Returns' })).toContainText('£');
  const valueChart = page.getByRole('figure', { name: /^Portfolio value/ });
  await valueChart.scrollIntoViewIfNeeded();
  await expect(valueChart).toContainText(`Value ${gbp.money(inGbp.summary.portfolioValue)}`);
  await expect(valueChart).not.toContainText('€');
  await look(page, 'dashboard-gbp');

  await openFromDrawer(page, 'Holdings');
  const nestle = main(page).getByRole('row').filter({ hasText: 'NESN.SW' }).first();
  await expect(nestle).toContainText(gbp.money(inGbp.tickers['NESN.SW']!.portfolioValue));
  await expect(main(page)).not.toContainText('€');
  await look(page, 'holdings-gbp');

  await main(page).getByRole('link', { name: '7203.T' }).first().click();
  await expect(summaryBox(page, 'Value')).toHaveText(gbp.money(inGbp.tickers['7203.T']!.portfolioValue));
  await expect(main(page).getByText('In GBP').first()).toBeVisible();
  await expect(main(page)).not.toContainText('€');
  await look(page, 'holding-gbp');

  await openFromDrawer(page, 'Performance');
  await expect(main(page).getByRole('heading', { name: 'Performance', level: 1 })).toBeVisible();
  await expect(main(page)).not.toContainText('€');
  await look(page, 'performance-gbp');

  await openFromDrawer(page, 'Income');
  await expect(main(page)).toContainText(gbp.money(inGbp.income.forwardIncome));
  await expect(main(page)).not.toContainText('€');
  await look(page, 'income-gbp');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV for the tax return' }).click();
  const tax = readFileSync((await (await downloading).path())!, 'utf8');
  expect(tax.split('\n')[0]).toBe('year,date,ticker,currency,gross,tax,net,gross_gbp,tax_gbp,net_gbp');

  // The CSV export: each trade in its own currency, as recorded.
  await openFromDrawer(page, 'Transactions');
  const exporting = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Export and restore' }).getByRole('button', { name: 'Export CSV' }).click();
  const exported = readFileSync((await (await exporting).path())!, 'utf8');
  expect(exported).toContain('NESN.SW,stock,2023-03-01,10,1050,CHF');
  expect(exported).toContain('7203.T,stock,2023-03-01,100,180000,JPY');

  // ── JPY: whole yen; the CHF trade needs CHFJPY=X, which the recorded market data lacks ──
  const inJpy = engineFigures(set, asOf, { baseCurrency: 'JPY' });
  const jpy = formatsFor('en-US', 'JPY');
  const missing = inJpy.tickers['NESN.SW']!.missingSymbols;
  expect(missing).toEqual(['CHFJPY=X']);
  expect(inJpy.tickers['NESN.SW']!.excluded).toBe(true);
  await chooseBase(page, 'JPY');
  await openFromDrawer(page, 'Dashboard');
  await expect(summaryBox(page, 'Portfolio value')).toHaveText(jpy.money(inJpy.summary.portfolioValue));
  await expect(summaryBox(page, 'Portfolio value')).toHaveText(/^¥[\d,]+$/);
  await expect(main(page)).toContainText('CHFJPY=X');
  await look(page, 'dashboard-jpy-missing-rate');
  await openFromDrawer(page, 'Holdings');
  await main(page).getByRole('link', { name: 'NESN.SW' }).first().click();
  const alert = main(page).getByRole('alert').filter({ hasText: 'No exchange rate CHFJPY=X in the market data' });
  await expect(alert).toContainText('the figures of NESN.SW in JPY are unknown until it has prices');
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  await look(page, 'holding-jpy-missing-rate');

  // ── Back to EUR: the same figures as before ──
  await chooseBase(page, 'EUR');
  await openFromDrawer(page, 'Dashboard');
  await expect(summaryBox(page, 'Portfolio value')).toHaveText(before.value!);
  await expect(summaryBox(page, 'Total Invested')).toHaveText(before.invested!);
  await expect(summaryBox(page, 'Profit \\(incl. commission\\)')).toHaveText(before.profit!);
  await look(page, 'dashboard-eur-again');
});

test('the JSON backup carries the base currency: a fresh account restored from it by replace reports in GBP', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await freshUser(baseURL!, 'backup-base', PASSWORD);
  await signIn(page, owner.username, PASSWORD);
  await openFromDrawer(page, 'Transactions');
  await addTrade(page, 'NESN.SW', '03/01/2023', '10', '1050', 'CHF');
  await chooseBase(page, 'GBP');

  await openFromDrawer(page, 'Transactions');
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('region', { name: 'Export and restore' })
    .getByRole('button', { name: 'Export backup (JSON)' })
    .click();
  const file = readFileSync((await (await downloading).path())!, 'utf8');
  expect((JSON.parse(file) as { settings: unknown }).settings).toEqual({ baseCurrency: 'GBP' });

  // Another user, in EUR, restores the file by replace: the set and the base currency both come with it.
  const context = await browser.newContext({ locale: 'en-US' });
  const other = await context.newPage();
  await other.setViewportSize({ width: 1440, height: 900 });
  const heir = await freshUser(baseURL!, 'backup-heir', PASSWORD);
  await signIn(other, heir.username, PASSWORD);
  await openFromDrawer(other, 'Transactions');
  const panel = other.getByRole('region', { name: 'Export and restore' });
  await panel
    .getByLabel('Restore from a file…')
    .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  const preview = panel.getByLabel('Restore preview');
  await expect(preview).toContainText('Settings: a replace reports in GBP instead of EUR; a merge keeps yours.');
  await preview.getByRole('button', { name: 'Replace…' }).click();
  await other
    .getByRole('dialog', { name: 'Replace your transactions?' })
    .getByRole('button', { name: /^Replace/ })
    .click();
  await expect(panel.getByRole('status')).toHaveText('Restored backup.json.');

  const stored = await heir.api.get();
  const inGbp = engineFigures(stored.body.transactions, await localToday(other), { baseCurrency: 'GBP' });
  await openFromDrawer(other, 'Dashboard');
  await expect(summaryBox(other, 'Portfolio value')).toHaveText(
    formatsFor('en-US', 'GBP').money(inGbp.summary.portfolioValue),
  );
  await expect(main(other)).not.toContainText('€');
  await look(other, 'dashboard-after-restore-gbp');
  await openFromDrawer(other, 'Settings');
  await expect(other.getByText(/Current: .*\(GBP\)/)).toBeVisible();
  await context.close();
});
