/**
 * Holdings and performance in Chromium, on the demo account: the holdings table shows the engine's
 * figures (the engine run here on the stored set and the recorded market files), sorting works with
 * aria-sort, and the benchmark is set, changed, fails gracefully with Retry, and is cleared again.
 */
import path from 'node:path';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import type { TransactionSet } from '#src/model';
import { formatsFor } from '#src/ui/format';
import { SQLITE_FILE_NAME } from '#server/storage/open-storage';
import { expect, signIn, signUp, test } from '#helpers/e2e/fixtures';
import { engineFigures, localToday, openFromDrawer } from '#helpers/e2e/app';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from '#helpers/e2e/accessibility';

const formats = formatsFor('en-US');

function demoSet(): TransactionSet {
  const db = new Database(join(process.env.E2E_DATA_DIR!, SQLITE_FILE_NAME), { readonly: true });
  try {
    const row = db
      .prepare("SELECT t.body FROM transaction_sets t JOIN accounts a ON a.sub = t.user_id WHERE a.username = 'demo'")
      .get() as { body: string };
    return JSON.parse(row.body) as TransactionSet;
  } finally {
    db.close();
  }
}

/** The engine on the demo's stored set with the recorded market files the server serves (QUOTES_PROVIDER=files). */
const demoFigures = (asOf: string, benchmark: string | null = null) => engineFigures(demoSet(), asOf, { benchmark });

const openTable = (page: Page) => page.getByRole('table', { name: /Open positions/ });

/** A statement that sells 7 VWRL.AS without a buy before it in the file: the buy is older than the export. */
const SELLS_WITHOUT_A_BUY = path.join(import.meta.dirname, '../fixtures/degiro/nl-example.csv');

test('the holdings table shows the engine’s figures and sorts by every column', async ({ page }) => {
  await signIn(page);
  await expect(page.getByText('Loading prices…')).toHaveCount(0);
  const asOf = await localToday(page);
  await openFromDrawer(page, 'Holdings');
  const table = openTable(page);
  await expect(table).toBeVisible();

  const expected = demoFigures(asOf);
  const open = Object.entries(expected.tickers).filter(([, figures]) => Math.abs(figures.amountOfShares) > 1e-9);
  expect(open.length).toBeGreaterThan(0);
  for (const [ticker, figures] of open) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: ticker, exact: true }) });
    const holding = expected.holdings[ticker]!;
    await expect(row.locator('[data-column="value"]')).toHaveText(formats.money(figures.portfolioValue));
    await expect(row.locator('[data-column="shares"]')).toHaveText(formats.quantity(figures.amountOfShares));
    await expect(row.locator('[data-column="weight"]')).toHaveText(`${formats.number(holding.weight)} %`);
    await expect(row.locator('[data-column="unrealised"]')).toHaveText(formats.signedMoney(holding.unrealisedGain));
    await expect(row.locator('[data-column="realised"]')).toHaveText(formats.signedMoney(holding.realisedGain));
    await expect(row.locator('[data-column="dividends"]')).toHaveText(formats.money(figures.totalDividend));
  }
  await expect(table.locator('tfoot [data-column="value"]')).toHaveText(formats.money(expected.summary.portfolioValue));

  // Sorted by value, largest first, to begin with.
  const tickersShown = () => table.locator('tbody th[scope="row"]').allTextContents();
  const byValue = open.sort(([, a], [, b]) => b.portfolioValue - a.portfolioValue).map(([ticker]) => ticker);
  await expect.poll(tickersShown).toEqual(byValue);
  await expect(table.getByRole('columnheader', { name: /Value/ })).toHaveAttribute('aria-sort', 'descending');

  // By ticker, A to Z, then Z to A.
  await table.getByRole('button', { name: 'Ticker', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: /Ticker/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('columnheader', { name: /Value/ })).toHaveAttribute('aria-sort', 'none');
  await expect.poll(tickersShown).toEqual([...byValue].sort());
  await table.getByRole('button', { name: 'Ticker', exact: true }).click();
  await expect.poll(tickersShown).toEqual([...byValue].sort().reverse());

  // By realised gain, largest first.
  await table.getByRole('button', { name: 'Realised', exact: true }).click();
  const byRealised = [...byValue].sort(
    (a, b) => expected.holdings[b]!.realisedGain - expected.holdings[a]!.realisedGain || a.localeCompare(b),
  );
  await expect.poll(tickersShown).toEqual(byRealised);
});

test('at 360 px the holdings are cards, with nothing to scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page);
  await openFromDrawer(page, 'Holdings');
  await expect(openTable(page).locator('tbody tr').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(openTable(page).locator('tbody td[data-column="value"]').first()).toHaveCSS('display', 'flex');
});

test('the benchmark is set, changed, fails with Retry while the rest stays, and is cleared', async ({ page }) => {
  await signIn(page);
  await expect(page.getByText('Loading prices…')).toHaveCount(0);
  const settingsField = () => page.getByLabel('Yahoo symbol');
  try {
    await openFromDrawer(page, 'Performance');
    await expect(page.getByRole('table', { name: /Returns per period/ })).toBeVisible();
    await expect(page.getByText('No benchmark chosen.')).toBeVisible();

    await openFromDrawer(page, 'Settings');
    await page.getByRole('button', { name: 'VWCE.DE' }).click();
    await expect(settingsField()).toHaveValue('VWCE.DE');
    await page.getByRole('button', { name: 'Save benchmark' }).click();
    await expect(page.getByText('Current: VWCE.DE.')).toBeVisible();

    await openFromDrawer(page, 'Performance');
    await expect(page.getByRole('figure', { name: /the same money in VWCE\.DE/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'VWCE.DE, time-weighted' })).toBeVisible();

    // The other suggestions have recorded (sample) prices too: each compares, with the engine's figures.
    const asOf = await localToday(page);
    for (const symbol of ['IWDA.AS', 'CSPX.AS']) {
      await openFromDrawer(page, 'Settings');
      await page.getByRole('button', { name: symbol }).click();
      await page.getByRole('button', { name: 'Save benchmark' }).click();
      await expect(page.getByText(`Current: ${symbol}.`)).toBeVisible();
      await openFromDrawer(page, 'Performance');
      await expect(
        page.getByRole('figure', { name: new RegExp(`the same money in ${symbol.replace('.', '\\.')}`) }),
      ).toBeVisible();
      await expect(page.locator('.benchmark-error')).toHaveCount(0);
      const expected = demoFigures(asOf, symbol).benchmark;
      expect(expected?.ok).toBe(true);
      const since = expected?.ok ? expected.periods.MAX.cumulative : null;
      expect(since).not.toBeNull();
      await expect(page.locator(`tr[data-period="MAX"] td[data-label="${symbol}, time-weighted"]`)).toHaveText(
        formats.signedPercent(since!),
      );
    }

    // A symbol without prices: its message with Retry, and the returns table stays.
    await openFromDrawer(page, 'Settings');
    await settingsField().fill('nope.xx');
    await page.getByRole('button', { name: 'Save benchmark' }).click();
    await expect(page.getByText('Current: NOPE.XX.')).toBeVisible();
    await openFromDrawer(page, 'Performance');
    const failure = page.locator('.benchmark-error');
    await expect(failure).toContainText('The benchmark NOPE.XX cannot be shown');
    await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('table', { name: /Returns per period/ })).toBeVisible();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('.benchmark-error')).toContainText('NOPE.XX');

    // A bad symbol is refused before it is sent.
    await openFromDrawer(page, 'Settings');
    await settingsField().fill('not a symbol!');
    await page.getByRole('button', { name: 'Save benchmark' }).click();
    await expect(page.getByRole('alert')).toContainText('Yahoo symbol');
  } finally {
    await openFromDrawer(page, 'Settings');
    const none = page.getByRole('button', { name: 'No benchmark' });
    if (await none.isEnabled()) await none.click();
    await expect(page.getByText('Current: none.')).toBeVisible();
  }
});

test.describe('a holding’s own view', () => {
  // axe-core is injected as a script of the page: the page's CSP (script-src 'self') would refuse it.
  test.use({ bypassCSP: true });

  test('a holding opens its own view by keyboard: its figures, its price with its trades, its value against cost', async ({
    page,
  }) => {
    await signIn(page);
    await expect(page.getByText('Loading prices…')).toHaveCount(0);
    const asOf = await localToday(page);
    await openFromDrawer(page, 'Holdings');
    const expected = demoFigures(asOf);
    const ticker = 'MSFT';
    const figures = expected.tickers[ticker]!;
    const link = openTable(page).getByRole('link', { name: ticker, exact: true });
    await link.focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/holdings\/MSFT$/);
    await expect(page).toHaveTitle(/^MSFT · Holdings/);
    const heading = page.getByRole('heading', { level: 1, name: ticker });
    await expect(heading).toBeFocused();
    const figure = (label: string) =>
      page
        .locator('.holding-figures .summary-box')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd');
    await expect(figure('Shares')).toHaveText(formats.quantity(figures.amountOfShares));
    await expect(figure('Value')).toHaveText(formats.money(figures.portfolioValue));
    await expect(figure('Cost basis')).toHaveText(formats.money(expected.holdings[ticker]!.costBasis));
    await expect(figure('Average cost')).toHaveText(
      formats.money(expected.holdings[ticker]!.costBasis / figures.amountOfShares),
    );
    await expect(figure('Unrealised')).toHaveText(formats.signedMoney(expected.holdings[ticker]!.unrealisedGain));
    await expect(figure('Dividends')).toHaveText(formats.money(figures.totalDividend));

    const price = page.getByRole('figure', { name: 'MSFT: price per share, with its buys and sells' });
    const value = page.getByRole('figure', { name: 'MSFT: value against cost basis' });
    await expect(price.locator('canvas')).toBeVisible();
    await expect(value.locator('canvas')).toBeVisible();
    // The demo's prices are the generated sample files: the charts say so, as the dashboard's do.
    await expect(price.locator('.chart-note')).toHaveText(['In EUR', 'Sample prices']);
    // In words: the summary ends where the figures do.
    await expect(value.locator('.chart-summary')).toContainText(`Value ${formats.money(figures.portfolioValue)}`);
    await expect(value.locator('.chart-summary')).toContainText(
      `Cost basis ${formats.money(expected.holdings[ticker]!.costBasis)}`,
    );

    // Every trade day of the stored set is marked (a day's trades pooled), buys and sells apart.
    const trades = demoSet().stock.filter((t) => t.ticker === ticker && t.date <= asOf);
    const tradeDays = new Set(trades.map((t) => `${t.date} ${t.amount > 0 ? 'Buy' : 'Sell'}`));
    const rows = page.getByRole('table', { name: /Buys and sells marked/ }).locator('tbody tr');
    await expect(rows).toHaveCount(tradeDays.size);
    const firstTrade = trades[0]!;
    await expect(rows.first().locator('th')).toHaveText(formats.date(firstTrade.date));
    await expect(rows.first().locator('td').first()).toHaveText(firstTrade.amount > 0 ? 'Buy' : 'Sell');

    await expectNoSeriousAxeViolations(page, 'holding view');
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(price.locator('canvas')).toBeVisible();
    await expectNoHorizontalScroll(page, 'holding view at 360 px');

    await page.getByRole('link', { name: '← All holdings' }).click();
    await expect(openTable(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Holdings' })).toBeVisible();
  });

  test('an imported holding keeps the product name the statement gave it, in the table and in its own view', async ({
    page,
  }) => {
    await signUp(page, `products${Date.now().toString(36)}`);
    await page.goto('/transactions');
    await page
      .getByLabel('Upload from file:')
      .setInputFiles(join(import.meta.dirname, '../fixtures/degiro/nl-example.csv'));
    const preview = page.getByRole('region', { name: 'Import preview' });
    await preview.getByRole('button', { name: 'Import 12 new transactions' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported nl-example.csv' })).toContainText('12 new');

    await openFromDrawer(page, 'Holdings');
    const row = openTable(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'IWDA.AS', exact: true }) });
    await expect(row.locator('[data-column="product"]')).toHaveText('ISHARES CORE MSCI WORLD UCITS ETF');
    await openTable(page).getByRole('button', { name: 'Product', exact: true }).click();
    await expect(openTable(page).getByRole('columnheader', { name: /Product/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await row.getByRole('link', { name: 'IWDA.AS' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'IWDA.AS' })).toBeFocused();
    await expect(page.locator('.holding-product')).toHaveText('ISHARES CORE MSCI WORLD UCITS ETF');
    await expect(page.getByRole('table', { name: /Buys and sells marked/ }).locator('tbody tr')).toHaveCount(1);
    await expectNoSeriousAxeViolations(page, 'imported holding view');

    // A reload (or a shared link) of /holdings/IWDA.AS is the app, not a missing file named "IWDA.AS".
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'IWDA.AS' })).toBeVisible();
    await expect(page.locator('.holding-product')).toHaveText('ISHARES CORE MSCI WORLD UCITS ETF');
  });
});

test('a statement that sells more than it buys: the position below 0 shares is named, with what its figures mean', async ({
  page,
}) => {
  await signUp(page, `oversold${Date.now().toString(36)}`);
  await page.goto('/transactions');
  await page.getByLabel('Upload from file:').setInputFiles(SELLS_WITHOUT_A_BUY);
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByLabel('Ticker for VANGUARD FTSE ALL-WORLD UCITS ETF')).toHaveValue('VWRL.AS');
  await preview.getByRole('button', { name: 'Import 12 new transactions' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported nl-example.csv' })).toBeVisible();

  await openFromDrawer(page, 'Holdings');
  const note = page.getByRole('note', { name: 'More sold than bought' });
  // No quotes for VWRL.AS offline and no buy before the sells: no price, so the value counts as 0, as the table shows.
  await expect(note).toContainText('check for a missing buy in an earlier statement');
  await expect(note).toContainText('VWRL.AS (−7 shares): sold 7 more shares than bought.');
  await expect(note).toContainText('no price is known for it, so its value counts as €0.00 (price “—”)');
  await expect(note).not.toContainText('negative');
  await expect(note).not.toContainText('IWDA.AS');
  const row = openTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /^VWRL\.AS/ }) });
  await expect(row.getByRole('rowheader')).toHaveText('VWRL.AS ⚠ (more sold than bought)');
  await expect(row.locator('[data-column="shares"]')).toHaveText('−7');
  await expect(row.locator('[data-column="value"]')).toHaveText('€0.00');
  await expect(row.locator('[data-column="price"]')).toHaveText('—');
  // SEMANTICS.md, Holdings: a sell while no shares are held removes no cost basis, so its proceeds (7 × 112,40) are realised gain in full.
  await expect(row.locator('[data-column="realised"]')).toHaveText('+€786.80');
  await expect(openTable(page).getByRole('rowheader', { name: /^IWDA\.AS/ })).toHaveText('IWDA.AS');
  // DEGIRO's account costs (two connection fees of €2.50) are the account's fees, cash: no holding at all.
  await expect(page.getByRole('rowheader', { name: /DEGIRO-COSTS/ })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Closed positions' })).toHaveCount(0);
  await page.goto('/holdings/IWDA.AS');
  await page.getByRole('link', { name: '← All holdings' }).click();

  // The holding's own page says it too; a position bought and held says nothing.
  await row.getByRole('link', { name: 'VWRL.AS' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/VWRL\.AS/);
  await expect(page.getByRole('note', { name: 'More sold than bought' })).toContainText('VWRL.AS (−7 shares)');
  await page.getByRole('link', { name: '← All holdings' }).click();
  await openTable(page).getByRole('link', { name: 'IWDA.AS' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/IWDA\.AS/);
  await expect(page.getByRole('note', { name: 'More sold than bought' })).toHaveCount(0);
});
