import type { Page } from '@playwright/test';
import { expect, signIn, test } from '#helpers/e2e/fixtures';

const BEFORE_PRICES = [
  'Dividend per quarter by year',
  'TTM dividend per quarter',
  'Portfolio value',
  'Profit',
  'Yield per year',
  'Dividend per quarter',
  'Aggregated Dividend',
];
const AFTER_PRICES = [
  'Aggregated Commission',
  'Transactions Values',
  'Aggregated Transactions Values',
  'Transactions Amounts',
  'Aggregated Transactions Amounts',
];

const picker = (page: Page) => page.getByRole('group', { name: 'Select active tickers' });
const chartsRegion = (page: Page) => page.getByRole('region', { name: 'Charts' });
const chartTitles = (page: Page) => chartsRegion(page).getByRole('heading', { level: 3 }).allTextContents();
const paintedMarks = (page: Page) => page.evaluate(() => performance.getEntriesByName('charts-painted', 'mark').length);

/** Signs in as the demo user and waits until the prices are in and every chart has drawn. */
async function openDashboard(page: Page): Promise<string[]> {
  await signIn(page);
  // The checklist's disclosure (open on a wide screen, closed on a phone until its summary is chosen).
  await expect(page.locator('.ticker-picker-box > summary')).toBeVisible();
  await expect(page.getByText('Loading prices…')).toHaveCount(0);
  await expect.poll(() => paintedMarks(page)).toBeGreaterThan(0);
  return (await picker(page).locator('label').allTextContents()).map((text) => text.trim());
}

test('the demo portfolio shows all 13 charts in order, one Yahoo Data chart per ticker and exchange rate', async ({
  page,
}) => {
  const tickers = await openDashboard(page);
  expect(tickers).toEqual(expect.arrayContaining(['AAPL', 'IBE.MC', 'MSFT', 'MUV2.DE', 'VWCE.DE']));
  for (const ticker of tickers) await expect(picker(page).getByRole('checkbox', { name: ticker })).toBeChecked();

  // Every ticker has its price chart, then the exchange rate its USD holdings (AAPL, MSFT) need.
  const prices = [...tickers.map((ticker) => `Yahoo Data: ${ticker}`), 'Yahoo Data: EUR=X'];
  expect(await chartTitles(page)).toEqual([...BEFORE_PRICES, ...prices, ...AFTER_PRICES]);

  // Charts are drawn as they come near the viewport: scrolled to, each draws its plot.
  for (const title of [
    'Portfolio value',
    'TTM dividend per quarter',
    'Yahoo Data: MSFT',
    'Aggregated Transactions Amounts',
  ]) {
    const figure = page.locator(`figure[aria-label="${title}"]`);
    await figure.scrollIntoViewIfNeeded();
    await expect(figure.locator('canvas').first()).toBeVisible();
  }
  // The recorded market data is sample data, and every chart that uses it says so.
  await expect(page.getByRole('figure', { name: 'Portfolio value' })).toContainText('Sample prices');
  await expect(page.getByRole('figure', { name: 'Yahoo Data: VWCE.DE' })).toContainText('Sample prices');
  // Bars of the dividends per quarter are said in words by each series' total and largest quarter; the
  // trailing twelve months' bars do not add up over the quarters and keep the latest value and its change.
  const summaryOf = (title: string) => page.getByRole('figure', { name: title, exact: true }).locator('.chart-summary');
  await expect(summaryOf('Dividend per quarter by year')).toHaveText(
    /^Q1 to Q4: \d{4} €[\d,]+\.\d{2} in total, most in Q[1-4] \(€[\d,]+\.\d{2}\);/,
  );
  await expect(summaryOf('Dividend per quarter')).toHaveText(
    /^\d{4}-Q[1-4] to \d{4}-Q[1-4]: Received €[\d,]+\.\d{2} in total, most in \d{4}-Q[1-4] \(€[\d,]+\.\d{2}\); Expected /,
  );
  await expect(summaryOf('TTM dividend per quarter')).toHaveText(/^Yearly €[\d,]+\.\d{2} at \d{4}-Q[1-4]/);
  // The cursor readout (en-US): the day as mm/dd/yyyy, money with '€' before it, amounts without (axis labels are on canvas; the legend is text).
  const profit = page.getByRole('figure', { name: 'Profit' });
  await profit.locator('.u-over').hover();
  await expect(profit.locator('.u-legend')).toContainText(/Date\d{2}\/\d{2}\/\d{4}Profit−?€[\d,]+\.\d{2}/);
  const amounts = page.getByRole('figure', { name: 'Aggregated Transactions Amounts' });
  await amounts.locator('.u-over').hover();
  await expect(amounts.locator('.u-legend')).toContainText(/Stock[\d,]+\.\d{2}Dividend/);
  await expect(amounts.locator('.u-legend')).not.toContainText('€');
});

test('charts are drawn as they come near the viewport; the others keep their place and their words', async ({
  page,
}) => {
  // Two charts a row, the first row on screen: the last chart is far below.
  await page.setViewportSize({ width: 1280, height: 720 });
  await openDashboard(page);
  const last = page.getByRole('figure', { name: 'Aggregated Transactions Amounts' });
  const plot = last.locator('.chart-plot');
  await expect(plot).toBeAttached();
  await expect(last.locator('canvas')).toHaveCount(0);
  // Not drawn, yet in words: its summary and its series as buttons (nothing here scrolls the page).
  await expect(last.locator('.chart-summary')).toContainText('Stock');
  await expect(last.getByRole('button', { name: 'Dividend' })).toBeVisible();
  // Its placeholder holds the plot's square: the page does not jump when it is drawn.
  const before = (await plot.boundingBox())!;
  expect(before.height).toBeGreaterThanOrEqual(before.width);
  const marks = await paintedMarks(page);
  await plot.scrollIntoViewIfNeeded();
  await expect(last.locator('canvas')).toBeVisible();
  // Drawn, the tracker says so again: every chart now near the viewport has drawn its data.
  await expect.poll(() => paintedMarks(page)).toBeGreaterThan(marks);
  const after = (await plot.boundingBox())!;
  expect(Math.abs(after.width - before.width)).toBeLessThanOrEqual(1);
  // One legend line is reserved; a second line of uPlot's legend (three series here) is all it grows.
  expect(after.height - before.height).toBeLessThanOrEqual(40);
  await last.getByText('Show the data').click();
  await expect(last.getByRole('table')).toContainText('Stock');
});

test('unchecking tickers changes the charts; with none checked there are no charts but a hint', async ({ page }) => {
  const tickers = await openDashboard(page);
  const region = chartsRegion(page);
  await expect(region.getByRole('heading', { name: 'Yahoo Data: MSFT' })).toBeVisible();
  const marks = await paintedMarks(page);

  // Keyboard: Space toggles a focused checkbox.
  await picker(page).getByRole('checkbox', { name: 'MSFT' }).focus();
  await page.keyboard.press('Space');
  await expect(picker(page).getByRole('checkbox', { name: 'MSFT' })).not.toBeChecked();
  await expect(region.getByRole('heading', { name: 'Yahoo Data: MSFT' })).toHaveCount(0);
  await expect(region.getByRole('heading', { name: 'Yahoo Data: EUR=X' })).toBeVisible();
  await expect.poll(() => paintedMarks(page)).toBeGreaterThan(marks);

  // Without its last USD holding the exchange rate chart goes too.
  await picker(page).getByRole('checkbox', { name: 'AAPL' }).uncheck();
  await expect(region.getByRole('heading', { name: 'Yahoo Data: EUR=X' })).toHaveCount(0);
  await expect(region.getByRole('heading', { name: 'Yahoo Data: VWCE.DE' })).toBeVisible();

  for (const ticker of tickers) await picker(page).getByRole('checkbox', { name: ticker }).uncheck();
  await expect(
    region.getByText('No ticker is checked. Check one or more tickers above to see their charts.'),
  ).toBeVisible();
  await expect(region.getByRole('figure')).toHaveCount(0);

  await picker(page).getByRole('checkbox', { name: 'VWCE.DE' }).check();
  // The charts come with the worker's recombination: awaited, not read at once.
  await expect.poll(() => chartTitles(page)).toEqual([...BEFORE_PRICES, 'Yahoo Data: VWCE.DE', ...AFTER_PRICES]);
});

test('the returns banner shows signed returns when the total return is not 0', async ({ page }) => {
  await openDashboard(page);
  const banner = page.getByRole('complementary', { name: 'Returns' });
  await expect(banner).toBeVisible();
  // Three copies of one block scroll past; only the first is read out.
  await expect(banner.locator('.returns-block')).toHaveCount(3);
  await expect(banner.locator('.returns-block[aria-hidden="true"]')).toHaveCount(2);
  const items = banner.locator('.returns-block').first().getByRole('listitem');
  await expect(items).toHaveText([
    /^Portfolio value €[\d,]+\.\d{2}$/,
    /^Total return [+−]?€[\d,]+\.\d{2} \([+−]?[\d,]+\.\d{2}%\)$/,
    /^1d [+−]?€[\d,]+\.\d{2} \([+−]?[\d,]+\.\d{2}%\)$/,
    /^1w [+−]?€[\d,]+\.\d{2} \([+−]?[\d,]+\.\d{2}%\)$/,
    /^1m [+−]?€[\d,]+\.\d{2} \([+−]?[\d,]+\.\d{2}%\)$/,
  ]);
  // Colour goes with the sign, never instead of it.
  const total = items.nth(1).locator('.positive, .negative');
  await expect(total).toHaveText(/^[+−]/);
  const animation = await banner.locator('.returns-track').evaluate((track) => getComputedStyle(track).animationName);
  expect(animation).toBe('returns-scroll');
});

test('the returns banner stays still for users who prefer reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openDashboard(page);
  const animation = await page.locator('.returns-track').evaluate((track) => getComputedStyle(track).animationName);
  expect(animation).toBe('none');
});

test('no returns banner when the total return is 0: one holding still valued at cost', async ({ page }) => {
  // The server answers for this user with one buy of a ticker no market data knows: worth what it cost.
  await page.route('**/api/transactions', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const buy = { ticker: 'ZERO.TEST', type: 'stock', date: '2024-03-01', amount: 10, value: 1000, currency: 'EUR' };
    await route.fulfill({
      json: { transactions: { stock: [buy], dividend: [], commission: [] } },
      headers: { ETag: '"zero"' },
    });
  });
  await signIn(page);
  await expect(page.getByText('Loading prices…')).toHaveCount(0);
  await expect(page.locator('.summary-box').first().locator('dd')).toHaveText('€1,000.00');
  // No prices for it: no empty chart, one line in the collapsed list of symbols without prices.
  await expect(page.getByRole('figure', { name: 'Yahoo Data: ZERO.TEST' })).toHaveCount(0);
  await expect(page.locator('details.unpriced-note summary')).toHaveText('No price chart for 1 symbol without prices');
  await expect(page.getByRole('complementary', { name: 'Returns' })).toHaveCount(0);
});

test('the dashboard fits a 360 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openDashboard(page);
  const width = await page
    .getByRole('figure', { name: 'Portfolio value' })
    .evaluate((figure) => figure.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
