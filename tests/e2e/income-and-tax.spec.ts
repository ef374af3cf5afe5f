/**
 * The Income page in Chromium: a real DEGIRO statement with withholding-tax rows imported, the per-year
 * gross, tax and net that its rows add up to (worked out here from the file itself and the recorded
 * EUR=X and JPYEUR=X rates, not by the app's code), the tax CSV downloaded and read, and the demo account's
 * twelve-month calendar.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Transaction, TransactionSet } from '#src/model';
import { createSeededUser } from '#bench/browser/seeded-user';
import { expect, signIn, signUp, test } from '#helpers/e2e/fixtures';

const STATEMENT = path.join(import.meta.dirname, '../fixtures/degiro/nl-mixed-languages.csv');
const marketFile = (symbol: string) => path.join(import.meta.dirname, `../../data/market/${symbol}.json`);

interface YearTotals {
  gross: number;
  tax: number;
  net: number;
}

/** A CSV line split on commas outside quotes, quotes removed. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      out.push(cell);
      cell = '';
    } else cell += char;
  }
  out.push(cell);
  return out;
}

/** EUR per unit on a day (`EUR=X` for USD): the latest recorded close on or before it, each bar dated in the exchange's zone. */
function eurPerUnitOn(symbol: string): (isoDate: string) => number {
  const result = (
    JSON.parse(readFileSync(marketFile(symbol), 'utf8')) as {
      chart: {
        result: Array<{
          meta: { exchangeTimezoneName: string };
          timestamp: number[];
          indicators: { quote: Array<{ close: Array<number | null> }> };
        }>;
      };
    }
  ).chart.result[0]!;
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: result.meta.exchangeTimezoneName,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const bars = result.timestamp
    .map((t, i) => [day.format(new Date(t * 1000)), result.indicators.quote[0]!.close[i]] as const)
    .filter(([, close]) => close !== null);
  return (isoDate) => bars.findLast(([date]) => date <= isoDate)![1]!;
}

/**
 * Per year, from the statement's rows: each product's dividend and withholding-tax rows of a day. A
 * group the file converts to EUR (a `Valuta Creditering` pair after it) counts the EUR credited, its tax
 * at the same rate; a USD group counts at the day's EUR=X close. A group whose tax takes all of it (the
 * JPY dividend) is kept in JPY (issue 34): nothing received, its tax at the day's JPYEUR=X close.
 */
function expectedPerYear(): Map<string, YearTotals> {
  const lines = readFileSync(STATEMENT, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '');
  const rows = lines.map(cells).map((c) => ({
    date: c[0]!.split('-').reverse().join('-'),
    isin: c[4]!,
    description: c[5]!,
    currency: c[7]!,
    amount: Number(c[8]!.replace(',', '.')),
  }));
  const groups = new Map<string, { date: string; currency: string; cash: number; tax: number }>();
  for (const row of rows) {
    const isTax = /belasting|Impôts sur dividende/i.test(row.description);
    const isDividend = /^Dividend[e]?$/i.test(row.description);
    if (!isTax && !isDividend) continue;
    const key = `${row.isin} ${row.date} ${row.currency}`;
    const group = groups.get(key) ?? { date: row.date, currency: row.currency, cash: 0, tax: 0 };
    group.cash += row.amount;
    if (isTax) group.tax -= row.amount;
    groups.set(key, group);
  }
  const rates: Record<string, (isoDate: string) => number> = {
    USD: eurPerUnitOn('EUR=X'),
    JPY: eurPerUnitOn('JPYEUR=X'),
  };
  // The one conversion of dividends in the file: 17-12-2022, 1,36 USD (the three net dividends of the day before) → 1,28 EUR.
  const converted = { day: '2022-12-16', eurPerUsd: 1.28 / 1.36 };
  const perYear = new Map<string, YearTotals>();
  for (const group of groups.values()) {
    if (Math.abs(group.cash) < 0.005 && group.tax < 0.005) continue;
    const eurPerUnit =
      group.currency === 'EUR'
        ? 1
        : group.date === converted.day
          ? converted.eurPerUsd
          : rates[group.currency]!(group.date);
    const year = perYear.get(group.date.slice(0, 4)) ?? { gross: 0, tax: 0, net: 0 };
    year.net += group.cash * eurPerUnit;
    year.tax += group.tax * eurPerUnit;
    year.gross += (group.cash + group.tax) * eurPerUnit;
    perYear.set(group.date.slice(0, 4), year);
  }
  return perYear;
}

const euros = (text: string): number => Number(text.replace(/[^\d.−-]/g, '').replace('−', '-'));

test('a statement with withholding tax: the Income page shows each year’s gross, tax and net, and the CSV for the tax return holds them', async ({
  page,
}) => {
  await signUp(page, `income${Date.now().toString(36)}`);
  await page.goto('/transactions');
  await page.getByLabel('Upload from file:').setInputFiles(STATEMENT);
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview).toContainText('already imported');
  // Products the shipped table does not know get a ticker of our own: the income does not depend on it.
  const tickers = preview.getByLabel(/^Ticker for /);
  for (let i = 0; i < (await tickers.count()); i += 1) {
    const input = tickers.nth(i);
    if ((await input.inputValue()) === '') await input.fill(`PRODUCT${i}.AS`);
  }
  await preview.getByRole('button', { name: /^Import \d+ new transactions$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported nl-mixed-languages.csv' })).toBeVisible();

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Income' }).click();
  await expect(page.getByRole('heading', { name: 'Income', level: 1 })).toBeVisible();

  const expected = expectedPerYear();
  expect([...expected.keys()].sort()).toEqual(['2022', '2024']);
  const table = page.getByRole('table', { name: 'Dividends per year, in EUR' });
  for (const [year, totals] of expected) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: year, exact: true }) });
    // The sections below the calendar mount one per task: wait for this one before reading its cells.
    await expect(row.getByRole('cell')).toHaveCount(3);
    const shown = await row.getByRole('cell').allTextContents();
    // To the cent: the app converts and rounds each dividend, the expectation the day's total.
    expect(euros(shown[0]!), `${year} gross`).toBeCloseTo(totals.gross, 1);
    expect(euros(shown[1]!), `${year} tax`).toBeCloseTo(totals.tax, 1);
    expect(euros(shown[2]!), `${year} net`).toBeCloseTo(totals.net, 1);
    expect(Math.abs(euros(shown[1]!) - totals.tax), `${year} tax within a cent`).toBeLessThanOrEqual(0.011);
  }
  // 2023 paid nothing: its row says so.
  await expect(
    table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '2023', exact: true }) }),
  ).toContainText('€0.00');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV for the tax return' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^dividend-tax-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\n')
    .map(cells);
  expect(csv[0]).toEqual([
    'year',
    'date',
    'ticker',
    'currency',
    'gross',
    'tax',
    'net',
    'gross_eur',
    'tax_eur',
    'net_eur',
  ]);
  const dividendLines = csv.slice(1).filter((line) => line[2] !== 'Total');
  expect(dividendLines).toHaveLength(9);
  // Realty Income, 18-03-2024: 0,51 USD gross, 0,15 withheld, 0,36 received.
  expect(dividendLines.find((line) => line[1] === '2024-03-18')!.slice(3, 7)).toEqual(['USD', '0.51', '0.15', '0.36']);
  for (const [year, totals] of expected) {
    const total = csv.find((line) => line[0] === year && line[2] === 'Total')!;
    expect(Number(total[7]), `${year} gross in the CSV`).toBeCloseTo(totals.gross, 1);
    expect(Math.abs(Number(total[8]) - totals.tax), `${year} tax in the CSV`).toBeLessThanOrEqual(0.011);
    expect(Number(total[9]), `${year} net in the CSV`).toBeCloseTo(totals.net, 1);
  }
});

test('the demo account’s next twelve months: a calendar chart stacked by holding and the months that add up to the total', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Income' }).click();
  const chart = page.getByRole('figure', { name: 'Income ahead, by month and holding' });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.locator('.u-legend')).toContainText('MSFT');

  const months = page.getByRole('table', { name: 'Expected per month' });
  await expect(months.getByRole('rowheader')).toHaveCount(13);
  const amounts = (await months.locator('tbody td').allTextContents()).map(euros);
  expect(amounts).toHaveLength(12);
  const total = euros((await months.locator('tfoot td').textContent())!);
  expect(total).toBeGreaterThan(0);
  expect(amounts.reduce((sum, v) => sum + v, 0)).toBeCloseTo(total, 1);
  await expect(page.locator('.summary-box').filter({ hasText: 'Income, next 12 months' }).locator('dd')).toHaveText(
    `${(await months.locator('tfoot td').textContent())!}`,
  );
  // In words, what a reader of bars looks for: the months shown, then each holding's total over them (its
  // next twelve months in the table per holding) and its largest month; not the last month's value.
  const monthNames = await months.locator('tbody').getByRole('rowheader').allTextContents();
  const summary = chart.locator('.chart-summary');
  await expect(summary).toContainText(`${monthNames[0]} to ${monthNames[11]}: `);
  const msft = page
    .getByRole('table', { name: 'Per holding' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'MSFT', exact: true }) });
  const msftTotal = (await msft.getByRole('cell').first().textContent())!;
  const largest = new RegExp(`MSFT ${msftTotal.replace(/[.$]/g, '\\$&')} in total, most in (.+?) \\(€[\\d,.]+\\)`);
  await expect(summary).toHaveText(largest);
  expect(monthNames).toContain(largest.exec((await summary.textContent())!)![1]);
  await expect(summary).not.toContainText('no change');
  // Its data table writes each month's own amounts per holding: each row adds up to that month in the table of months.
  await chart.getByText('Show the data', { exact: true }).click();
  const rows = chart.getByRole('table', { name: 'Income ahead, by month and holding: the data' }).locator('tbody tr');
  await expect(rows).toHaveCount(12);
  for (let m = 0; m < 12; m += 1) {
    await expect(rows.nth(m).getByRole('rowheader')).toHaveText(monthNames[m]!);
    const parts = (await rows.nth(m).getByRole('cell').allTextContents()).map(euros);
    expect(
      parts.reduce((sum, v) => sum + v, 0),
      monthNames[m],
    ).toBeCloseTo(amounts[m]!, 1);
  }
  // The demo's dividends carry their withheld tax.
  const taxRow = page
    .getByRole('table', { name: 'Dividends per year, in EUR' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: '2024', exact: true }) });
  expect(euros((await taxRow.getByRole('cell').nth(1).textContent())!)).toBeGreaterThan(0);
});

const HOLDINGS = 200;
const tickerOf = (k: number) => `HOLD${String(k).padStart(3, '0')}.AS`;

/** Two hundred holdings, each bought once and paid the same dividend: the per-holding tables list them by ticker. */
function manyHoldings(): TransactionSet {
  const stock: Transaction[] = [];
  const dividend: Transaction[] = [];
  for (let k = 0; k < HOLDINGS; k += 1) {
    stock.push({ type: 'stock', ticker: tickerOf(k), date: '2023-01-03', amount: 10, value: 1000, currency: 'EUR' });
    dividend.push({ type: 'dividend', ticker: tickerOf(k), date: '2024-06-14', amount: 1, value: 25, currency: 'EUR' });
  }
  return { stock, dividend, commission: [] };
}

test('two hundred holdings: the yield table holds the rows near the viewport, each named by its ticker, and every holding is reachable by scrolling', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const user = await createSeededUser(baseURL!, `income-many-${Date.now()}`, manyHoldings());
  await signIn(page, user.username, user.password);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Income' }).click();

  const table = page.getByRole('table', { name: 'Per holding' });
  // Assistive technology is told the whole table's size, header row included, and each drawn row's place in it.
  await expect(table).toHaveAttribute('aria-rowcount', String(HOLDINGS + 1));
  await expect(table.getByRole('columnheader')).toHaveText([
    'Holding',
    'Next 12 months',
    'Yield on cost',
    'Forward yield',
  ]);
  const drawn = table.locator('tbody tr[aria-rowindex]');
  await expect(drawn.first()).toHaveAttribute('aria-rowindex', '2');
  await expect(drawn.first().getByRole('rowheader')).toHaveText(tickerOf(0));
  await expect(drawn.first().getByRole('cell')).toHaveCount(3);
  expect(await drawn.count(), `rows of ${HOLDINGS} in the document`).toBeLessThan(HOLDINGS / 2);

  // Scrolled to its end, the last holding is drawn in its place, as the table's last row.
  await table.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  const last = table.locator(`tbody tr[aria-rowindex="${HOLDINGS + 1}"]`);
  await expect(last).toBeVisible();
  await expect(last.getByRole('rowheader')).toHaveText(tickerOf(HOLDINGS - 1));
  expect(await drawn.count(), 'still a window of rows after scrolling').toBeLessThan(HOLDINGS / 2);
  // The sections below the tables are there too.
  await expect(
    page
      .getByRole('table', { name: 'Dividends per year, in EUR' })
      .getByRole('rowheader', { name: '2024', exact: true }),
  ).toBeVisible();
});
