/**
 * The transactions page on a long history: its tables hold only the rows near the viewport, and every
 * transaction is still reachable by scrolling, in the right place, and can be deleted there.
 */
import type { Page } from '@playwright/test';
import type { Transaction, TransactionSet } from '#src/model';
import { createSeededUser } from '#bench/browser/seeded-user';
import { expect, signIn, test } from '#helpers/e2e/fixtures';

const BUYS = 3_000;
const DIVIDENDS = 400;
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(1996, 0, 2);
const isoDate = (k: number, everyDays: number) =>
  new Date(FIRST_DAY + k * everyDays * DAY_MS).toISOString().slice(0, 10);
/** The same day as the page shows it in the browser's locale (en-US in these tests): mm/dd/yyyy. */
const shownDate = (k: number, everyDays: number) =>
  isoDate(k, everyDays).replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');

function longHistory(): TransactionSet {
  const stock: Transaction[] = [];
  for (let k = 0; k < BUYS; k += 1)
    stock.push({
      type: 'stock',
      ticker: 'LONG.AS',
      date: isoDate(k, 3),
      amount: 1 + (k % 9),
      value: 100 + k,
      currency: 'EUR',
    });
  stock.push({ type: 'stock', ticker: 'ZZZ.DE', date: '2020-01-02', amount: 5, value: 500, currency: 'EUR' });
  const dividend: Transaction[] = [];
  for (let k = 0; k < DIVIDENDS; k += 1)
    dividend.push({
      type: 'dividend',
      ticker: 'LONG.AS',
      date: isoDate(k, 27),
      amount: 0,
      value: 10 + k / 100,
      currency: 'EUR',
    });
  return { stock, dividend, commission: [] };
}

/** Rows the table holds in the document (its header row not counted). */
const drawnRows = (page: Page, ticker: string, caption: string) =>
  page
    .getByRole('region', { name: ticker })
    .getByRole('table', { name: caption })
    .locator('tbody tr[aria-rowindex]')
    .count();

test('a long history: a screenful of rows in the document, every row reachable by scrolling, newest first', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const user = await createSeededUser(baseURL!, `long-history-${Date.now()}`, longHistory());
  await signIn(page, user.username, user.password);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Transactions' }).click();

  const long = page.getByRole('region', { name: 'LONG.AS' });
  const stock = long.getByRole('table', { name: 'Stock' });
  await expect(stock).toHaveAttribute('aria-rowcount', String(BUYS + 1));
  await expect(long.getByRole('table', { name: 'Dividend' })).toHaveAttribute('aria-rowcount', String(DIVIDENDS + 1));
  // Newest first: the first row is the last buy.
  const newest = shownDate(BUYS - 1, 3);
  await expect(stock.locator('tbody tr[aria-rowindex]').first()).toContainText(newest);
  await expect(stock.locator('tbody tr[aria-rowindex]').first()).toHaveAttribute('aria-rowindex', '2');
  expect(await drawnRows(page, 'LONG.AS', 'Stock'), 'rows of 3,000 in the document').toBeLessThan(200);
  expect(await drawnRows(page, 'LONG.AS', 'Dividend'), 'the dividend table is below the buys: no rows yet').toBe(0);

  // Keyboard: the focus on the last row in the document brings the next rows in, and Tab goes on to them.
  const drawn = stock.locator('tbody tr[aria-rowindex]');
  const lastIndex = Number(await drawn.last().getAttribute('aria-rowindex'));
  await drawn
    .last()
    .getByRole('button', { name: /^Delete/ })
    .focus();
  await expect
    .poll(async () => Number(await drawn.last().getAttribute('aria-rowindex')), 'rows after the focused one')
    .toBeGreaterThan(lastIndex);
  await page.keyboard.press('Tab');
  // Row `aria-rowindex` r holds the (r − 1)-th newest buy; its Edit button comes before its Delete.
  await expect(page.locator(':focus')).toHaveAccessibleName(`Edit stock LONG.AS ${shownDate(BUYS - lastIndex, 3)}`);

  // The oldest buy, at the table's end: scrolled to, it is drawn in its place, as the table's last row.
  await stock.evaluate((table) => table.scrollIntoView({ block: 'end' }));
  const oldest = stock.getByRole('row', { name: shownDate(0, 3) });
  await expect(oldest).toBeInViewport();
  await expect(oldest).toHaveAttribute('aria-rowindex', String(BUYS + 1));
  await expect(oldest).toContainText('€100.00');
  expect(await drawnRows(page, 'LONG.AS', 'Stock'), 'rows in the document near the end').toBeLessThan(200);

  // Deleted where it was found.
  await oldest.getByRole('button', { name: `Delete stock LONG.AS ${shownDate(0, 3)}` }).click();
  await page.getByRole('dialog', { name: 'Delete this transaction?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(stock).toHaveAttribute('aria-rowcount', String(BUYS));
  await expect(stock.getByRole('row', { name: shownDate(0, 3) })).toHaveCount(0);
  await expect(stock.getByRole('row', { name: shownDate(1, 3) })).toHaveAttribute('aria-rowindex', String(BUYS));

  // Past the long tables, the last ticker's rows are there.
  const last = page.getByRole('region', { name: 'ZZZ.DE' });
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByRole('row', { name: /01\/02\/2020/ })).toContainText('€500.00');
});

test('a long history: search, filter by type and dates, sort by value, edit a found row; the worker answers, the table stays windowed', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = await createSeededUser(baseURL!, `long-find-${Date.now()}`, longHistory());
  await signIn(page, user.username, user.password);
  await page.goto('/transactions');
  const total = BUYS + 1 + DIVIDENDS;
  const finder = page.getByRole('search', { name: 'Find transactions' });
  const status = page.locator('.finder-status');
  const found = page.getByRole('region', { name: 'Matching transactions' });

  await finder.getByLabel('Search').fill('zzz');
  await expect(status).toHaveText(`1 of ${total.toLocaleString('en-US')} transactions match.`);
  await expect(found.getByRole('table', { name: 'Sorted by ticker' })).toHaveAttribute('aria-rowcount', '2');
  await expect(found.locator('tbody tr[aria-rowindex]')).toContainText(['ZZZ.DE']);
  await expect(page.getByRole('region', { name: 'LONG.AS' }), 'the sections give way to the one list').toHaveCount(0);

  await finder.getByLabel('Search').fill('');
  await finder.getByLabel('Show type').selectOption('dividend');
  await finder.getByLabel('Sort by').selectOption('valueDesc');
  const table = found.getByRole('table', { name: 'Sorted by value, highest first' });
  await expect(status).toHaveText(`${DIVIDENDS} of ${total.toLocaleString('en-US')} transactions match.`);
  await expect(table).toHaveAttribute('aria-rowcount', String(DIVIDENDS + 1));
  const rows = table.locator('tbody tr[aria-rowindex]');
  // The largest dividend is the last one: 10 + 399 / 100.
  await expect(rows.first()).toContainText(`LONG.AS${'dividend'}${shownDate(DIVIDENDS - 1, 27)}–€13.99`);
  expect(await rows.count(), 'rows of 400 in the document').toBeLessThan(200);

  // A date range in the locale's form (en-US here), both days included.
  const inYear = Array.from({ length: DIVIDENDS }, (_, k) => isoDate(k, 27)).filter((date) =>
    date.startsWith('2000-'),
  ).length;
  await finder.getByLabel('From').fill('01/01/2000');
  await finder.getByLabel('To').fill('12/31/2000');
  await expect(status).toHaveText(`${inYear} of ${total.toLocaleString('en-US')} transactions match.`);
  await finder.getByLabel('To').fill('31/12/2000');
  await expect(finder.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
  await finder.getByLabel('To').fill('12/31/2000');

  // Edited where it was found: the list is asked again for the new set, the row keeps its place in the order and the focus.
  const first = rows.first();
  const firstDate = await first.locator('td').nth(2).textContent();
  await first.getByRole('button', { name: /^Edit dividend LONG\.AS/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit transaction' });
  await dialog.getByLabel('Value').fill('99');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows.first()).toContainText('€99.00');
  await expect(rows.first().getByRole('button', { name: `Edit dividend LONG.AS ${firstDate}` })).toBeFocused();
  await expect(status).toHaveText(`${inYear} of ${total.toLocaleString('en-US')} transactions match.`);

  await finder.getByLabel('Search').fill('nothing like it');
  await expect(page.getByText('No transaction matches the search and the filters.')).toBeVisible();
  await expect(found).toHaveCount(0);

  await finder.getByRole('button', { name: 'Show all' }).click();
  await expect(finder.getByLabel('Search')).toBeFocused();
  await expect(finder.getByLabel('From')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'LONG.AS' }).getByRole('table', { name: 'Dividend' })).toHaveAttribute(
    'aria-rowcount',
    String(DIVIDENDS + 1),
  );
});

test('many tickers: opening the page measures only the tables near the screen, and a table far below gets its rows when scrolled to', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const TICKERS = 120;
  const ticker = (k: number) => `T${String(k).padStart(3, '0')}.AS`;
  const stock: Transaction[] = [];
  for (let k = 0; k < TICKERS; k += 1)
    for (let d = 0; d < 3; d += 1)
      stock.push({
        type: 'stock',
        ticker: ticker(k),
        date: isoDate(k * 3 + d, 5),
        amount: 1 + d,
        value: 100 + k,
        currency: 'EUR',
      });
  const user = await createSeededUser(baseURL!, `many-tickers-${Date.now()}`, { stock, dividend: [], commission: [] });
  // Every table body whose box the page asks for (a windowed table measuring where its rows are).
  await page.addInitScript(() => {
    const measured = new Set<Element>();
    (globalThis as unknown as { measuredBodies: Set<Element> }).measuredBodies = measured;
    const rect = HTMLTableSectionElement.prototype.getBoundingClientRect;
    HTMLTableSectionElement.prototype.getBoundingClientRect = function (this: HTMLTableSectionElement) {
      measured.add(this);
      return rect.call(this);
    };
  });
  await signIn(page, user.username, user.password);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Transactions' }).click();
  // Every section mounted (a few per task), the first table's rows drawn.
  const last = page.getByRole('region', { name: ticker(TICKERS - 1) });
  await expect(last.getByRole('table', { name: 'Stock' })).toHaveAttribute('aria-rowcount', '4');
  await expect(page.getByRole('region', { name: ticker(0) }).locator('tbody tr[aria-rowindex]')).toHaveCount(3);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const measured = () =>
    page.evaluate(() => (globalThis as unknown as { measuredBodies: Set<Element> }).measuredBodies.size);
  const tables = await page.locator('.ticker-section table tbody').count();
  expect(tables, 'a table per ticker').toBeGreaterThanOrEqual(TICKERS);
  // Near the screen: the viewport and one more above and below, a handful of sections; none of the far ones.
  expect(await measured(), 'tables measured after opening').toBeLessThan(30);
  expect(await last.locator('tbody tr[aria-rowindex]').count(), 'the last table, far below, holds no rows yet').toBe(0);
  await last.scrollIntoViewIfNeeded();
  await expect(last.locator('tbody tr[aria-rowindex]')).toHaveCount(3);
});
