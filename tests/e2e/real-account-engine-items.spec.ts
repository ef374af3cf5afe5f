/**
 * Issue 30's engine items on screen, with the statement of tests/fixtures/degiro/real-account-40 (the same
 * files as real-account.spec.ts): Account.csv imported through the page, then Transactions.csv, and each item
 * checked in Chromium at 1440 and 360 px where it is shown:
 * - 1: an order whose costs Account.csv splits over two rows (one Order Id) and Transactions.csv sums counts
 *   once: the commissions the transactions list shows for that product add up to the statement's own cost rows;
 * - 2: Philips, with its stock dividend `Koop 1 @ 0 EUR` and no quotes, is worth its shares × the price the
 *   page shows, above 0 (not €0.00, −100 %);
 * - 3: holdings whose market data has no dividends project the dividends received, marked as such;
 * - 7: Worldline, sold more than bought: the notice says what the table shows;
 * - 8: the bare `Koop` rows are listed as not recognised with their reason, the result names them, and the
 *   same file again offers no import and says why.
 * Every number compared comes from the page (the engine's figures) or from the statement's lines parsed
 * here, not from a rule copied into the test. axe finds nothing serious and no screen scrolls sideways.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, signUp, test } from '#helpers/e2e/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from '#helpers/e2e/accessibility';

const DIR = path.join(import.meta.dirname, '../fixtures/degiro/real-account-40');
const ACCOUNT = path.join(DIR, 'Account.csv');
const TRADES = path.join(DIR, 'Transactions.csv');
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 360, height: 740 };
const SHOTS = process.env.SCREENSHOT_DIR;

test.describe.configure({ mode: 'serial' });
// axe-core is injected as a script tag, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

// ── The statement, read here line by line ──

/** One CSV record's cells (quoted cells may hold commas; DEGIRO's files hold no line breaks in a cell). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      out.push(cell);
      cell = '';
    } else cell += char;
  }
  out.push(cell);
  return out;
}

/** A Dutch-format number of the statement ("-2,37", "1.234,50"). */
const dutch = (text: string): number => Number(text.replace(/\./g, '').replace(',', '.'));

interface AccountLine {
  /** The file's line number, 1 the header. */
  line: number;
  text: string;
  date: string;
  product: string;
  isin: string;
  description: string;
  currency: string;
  amount: number;
  orderId: string;
}

const accountLines: AccountLine[] = readFileSync(ACCOUNT, 'utf8')
  .split(/\r?\n/)
  .map((text, index) => ({ text, index }))
  .slice(1)
  .filter(({ text }) => text.trim() !== '')
  .map(({ text, index }) => {
    const c = cells(text);
    return { line: index + 1, text, date: c[0]!, product: c[3]!, isin: c[4]!, description: c[5]!, currency: c[7]!, amount: dutch(c[8]!), orderId: c[11]! };
  });
const isCost = (row: AccountLine) => row.description.startsWith('DEGIRO Transactiekosten');
/** Shares a statement row buys (+) or sells (−), from its own words; 0 for other rows. */
function sharesOf(row: AccountLine): number {
  const match = /(Koop|Verkoop) (\d+) @ /.exec(row.description);
  return match ? (match[1] === 'Koop' ? 1 : -1) * Number(match[2]) : 0;
}
const productLines = (isin: string) => accountLines.filter((row) => row.isin === isin);
const isinOf = (name: RegExp) => accountLines.find((row) => name.test(row.product))!.isin;

// ── The page ──

/** A money or number figure as the page writes it (en-US: "€1,234.56", "−€4.37"). */
function figure(text: string): number {
  const clean = text.replace(/[−–]/g, '-').replace(/[^\d.-]/g, '');
  return Number(clean);
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** Opens a screen by its address and waits until the portfolio and its prices are in. */
async function open(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await expect(page.getByText(/^Loading your (portfolio|holdings)…$/)).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByText('Loading prices…')).toHaveCount(0, { timeout: 60_000 });
}

async function checkScreen(page: Page, screen: string): Promise<void> {
  await expectNoSeriousAxeViolations(page, screen);
  await expectNoHorizontalScroll(page, screen);
}

/** Chooses a file on the Transactions page and waits for its preview. */
async function preview(page: Page, file: string): Promise<Locator> {
  await page.goto('/transactions');
  await page.getByLabel('Upload from file:').setInputFiles(file);
  const region = page.getByRole('region', { name: 'Import preview' });
  await expect(region).toBeVisible({ timeout: 60_000 });
  await expect(region.getByText(/products have a symbol\.$/)).toBeVisible({ timeout: 60_000 });
  return region;
}

/** The open and closed positions as the Holdings page shows them: ticker → column label → the cell's text. */
async function openPositions(page: Page): Promise<Record<string, Record<string, string>>> {
  await open(page, '/holdings');
  const table = page.getByRole('table', { name: /^(Open|Closed) positions/ });
  await expect(table.first()).toBeVisible({ timeout: 60_000 });
  const rows: Record<string, Record<string, string>> = {};
  for (const row of await table.locator('tbody tr').all()) {
    const ticker = (await row.locator('th a').textContent())!.trim();
    rows[ticker] = {};
    for (const cell of await row.locator('td').all()) rows[ticker][(await cell.getAttribute('data-label'))!] = (await cell.textContent())!.trim();
  }
  return rows;
}

/** The ticker the page gave a statement product: the open position whose Product cell names it. */
function tickerOf(rows: Record<string, Record<string, string>>, product: string): string {
  const found = Object.entries(rows).filter(([, row]) => row.Product?.toUpperCase() === product.toUpperCase());
  expect(found.map(([ticker]) => ticker), `one open position named ${product}`).toHaveLength(1);
  return found[0]![0];
}

/** Every row of a windowed table (only the rows near the viewport are drawn): read with a viewport tall enough for all. */
async function allRows(page: Page, table: Locator, width: number): Promise<Array<{ header: string; cells: string[] }>> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width, height: 12_000 });
  await table.scrollIntoViewIfNeeded();
  const expected = Number(await table.getAttribute('aria-rowcount')) - 1;
  await expect(table.locator('tbody tr')).toHaveCount(expected);
  const rows = [];
  for (const row of await table.locator('tbody tr').all()) {
    const [header, ...rest] = (await row.locator('th, td').allTextContents()).map((text) => text.trim());
    rows.push({ header: header!, cells: rest });
  }
  await page.setViewportSize(size);
  return rows;
}

// ── The statement's own facts ──

const bareBuys = accountLines.filter((row) => /^(Koop|Verkoop)$/.test(row.description));
/** Orders whose costs the account statement books in more than one row (one Order Id). */
const costsByOrder = new Map<string, AccountLine[]>();
for (const row of accountLines.filter((line) => isCost(line) && line.orderId !== '')) costsByOrder.set(row.orderId, [...(costsByOrder.get(row.orderId) ?? []), row]);
const splitOrders = [...costsByOrder].filter(([, rows]) => rows.length > 1);
const PHILIPS = isinOf(/PHILIPS/);
const WORLDLINE = isinOf(/WORLDLINE/);

test('the statement holds what the items need', () => {
  expect(bareBuys.length).toBeGreaterThan(0);
  expect(splitOrders.length).toBeGreaterThan(0);
  // Transactions.csv gives each split order's costs as one figure: the sum of the account statement's rows.
  const trades = readFileSync(TRADES, 'utf8').split(/\r?\n/).slice(1).filter(Boolean).map(cells);
  for (const [orderId, rows] of splitOrders) {
    const trade = trades.find((c) => c.includes(orderId));
    expect(trade, orderId).toBeDefined();
    expect(dutch(trade![14]!)).toBeCloseTo(rows.reduce((sum, row) => sum + row.amount, 0), 2);
  }
  expect(productLines(PHILIPS).some((row) => / @ 0 EUR/.test(row.description))).toBe(true);
  expect(productLines(WORLDLINE).reduce((sum, row) => sum + sharesOf(row), 0)).toBeLessThan(0);
});

test('Account.csv, then Transactions.csv: rows left out, costs once, Philips valued, income from received dividends, the oversold notice', async ({ page }) => {
  test.setTimeout(900_000);
  await page.setViewportSize(WIDE);
  await signUp(page, `real40e${Date.now().toString(36)}`);

  // ── Item 8: the bare buy rows, not recognised, each with its reason ──
  let region = await preview(page, ACCOUNT);
  const unrecognised = region.locator('.notice').filter({ hasText: /rows were not recognised and will not be imported/ });
  await expect(unrecognised.locator('p')).toHaveText(new RegExp(`^${bareBuys.length} rows were not recognised`));
  await expect(unrecognised.getByRole('listitem')).toHaveCount(bareBuys.length);
  for (const row of bareBuys) {
    const item = unrecognised.getByRole('listitem').filter({ hasText: new RegExp(`^line ${row.line}: `) });
    await expect(item).toHaveCount(1);
    // "line N: <reason>. <the row>": a reason of some words before the row's own text.
    const text = (await item.textContent())!;
    const reason = text.slice(`line ${row.line}: `.length, text.indexOf(row.text)).trim();
    expect(reason.split(/\s+/).length, `the reason given for line ${row.line}: "${reason}"`).toBeGreaterThanOrEqual(3);
    await expect(item.locator('code')).toHaveText(row.text);
  }
  if (SHOTS) await unrecognised.screenshot({ path: path.join(SHOTS, 'engine-unrecognised-1440.png') });
  await checkScreen(page, 'import preview at 1440 px');
  await region.getByRole('button', { name: /^Import \d+ new transactions?$/ }).click();
  const result = page.getByRole('status').filter({ hasText: `Imported ${path.basename(ACCOUNT)}` });
  await expect(result).toBeVisible({ timeout: 60_000 });
  // The result names the rows left out.
  await expect(result).toContainText(`${bareBuys.length} rows were not recognised and left out`);
  // ── Item 1, in the preview: Transactions.csv after Account.csv has no new transaction (the split costs are
  // the same order's), so no import is offered.
  region = await preview(page, TRADES);
  await expect(region.getByRole('button', { name: /^Import 0 new transactions$/ })).toBeDisabled();
  await expect(region.locator('#import-nothing')).toContainText('Nothing to import');
  await region.getByRole('button', { name: 'Cancel' }).click();

  // The same file again: nothing new, the Import button is disabled and says why.
  for (const [at, size] of [['1440', WIDE], ['360', PHONE]] as const) {
    await page.setViewportSize(size);
    region = await preview(page, ACCOUNT);
    const button = region.getByRole('button', { name: /^Import 0 new transactions$/ });
    await expect(button).toBeDisabled();
    const why = region.locator('#import-nothing');
    await expect(button).toHaveAttribute('aria-describedby', 'import-nothing');
    await expect(why).toContainText('Nothing to import');
    await expect(why).toContainText(`its ${bareBuys.length} unrecognised rows cannot be imported`);
    await expect(region.locator('.notice').getByRole('listitem')).toHaveCount(bareBuys.length);
    await shot(page, `engine-reimport-${at}`);
    await checkScreen(page, `import preview of the same file again at ${at} px`);
    await region.getByRole('button', { name: 'Cancel' }).click();
  }
  await page.setViewportSize(WIDE);

  for (const [at, size] of [['1440', WIDE], ['360', PHONE]] as const) {
    await page.setViewportSize(size);
    const positions = await openPositions(page);
    await checkScreen(page, `/holdings at ${at} px`);

    // ── Item 2: Philips, 36 shares × the page's price, above 0 ──
    const philips = tickerOf(positions, productLines(PHILIPS)[0]!.product);
    const philipsRow = positions[philips]!;
    const statementShares = productLines(PHILIPS).reduce((sum, row) => sum + sharesOf(row), 0);
    expect(figure(philipsRow.Shares!)).toBe(statementShares);
    const price = figure(philipsRow.Price!);
    const value = figure(philipsRow.Value!);
    expect(price, `${philips}'s price "${philipsRow.Price}"`).toBeGreaterThan(0);
    expect(value, `${philips}'s value "${philipsRow.Value}"`).toBeGreaterThan(0);
    // The value is the shares × the price shown (the price rounded to the cent: half a cent a share apart).
    expect(Math.abs(value - statementShares * price)).toBeLessThanOrEqual(statementShares * 0.005 + 0.005);
    // Priced from the buys at a price: between the lowest and highest such buy's price per share.
    const buyPrices = productLines(PHILIPS)
      .filter((row) => sharesOf(row) > 0 && row.amount !== 0)
      .map((row) => -row.amount / sharesOf(row));
    expect(price).toBeGreaterThanOrEqual(Math.min(...buyPrices) - 0.005);
    expect(price).toBeLessThanOrEqual(Math.max(...buyPrices) + 0.005);
    expect(philipsRow['Unrealised %']).not.toMatch(/100(\.0+)? %/);

    // ── Item 7: Worldline, sold more than bought: the notice says what the table shows ──
    const worldlineProduct = productLines(WORLDLINE)[0]!.product;
    const worldline = tickerOf(positions, worldlineProduct);
    const worldlineRow = positions[worldline]!;
    expect(figure(worldlineRow.Shares!)).toBe(productLines(WORLDLINE).reduce((sum, row) => sum + sharesOf(row), 0));
    const notice = page.getByRole('note', { name: 'More sold than bought' });
    const line = notice.getByRole('listitem').filter({ hasText: `${worldline} (${worldlineRow.Shares} shares)` });
    await expect(line).toHaveCount(1);
    if (worldlineRow.Price === '—') {
      await expect(line).toContainText(`no price is known for it, so its value counts as ${worldlineRow.Value} (price “—”)`);
      await expect(line).not.toContainText('its value is');
    } else {
      await expect(line).toContainText(`its value is ${worldlineRow.Shares} × ${worldlineRow.Price} = ${worldlineRow.Value}, below 0`);
    }
    await notice.scrollIntoViewIfNeeded();
    await shot(page, `engine-oversold-${at}`);
    await open(page, `/holdings/${encodeURIComponent(worldline)}`);
    const holdingNote = page.getByRole('note', { name: 'More sold than bought' });
    if ((await holdingNote.count()) > 0) await expect(holdingNote.getByRole('listitem')).toHaveText(await line.textContent() ?? '');
    await open(page, `/holdings/${encodeURIComponent(philips)}`);
    await checkScreen(page, `/holdings/${philips} at ${at} px`);

    // ── Item 1: the split orders' costs count once ──
    const splitProducts = [...new Set(splitOrders.map(([, rows]) => rows[0]!.isin))];
    for (const isin of splitProducts) {
      const product = productLines(isin)[0]!.product;
      const statementCosts = -productLines(isin)
        .filter(isCost)
        .reduce((sum, row) => sum + row.amount, 0);
      const ticker = tickerOf(positions, product);
      await open(page, '/transactions');
      const finder = page.getByRole('search', { name: 'Find transactions' });
      await finder.getByLabel('Show ticker').selectOption(ticker);
      await finder.getByLabel('Show type').selectOption('commission');
      const list = page.locator('table.windowed').first();
      await expect(list).toBeVisible();
      const rows = await allRows(page, list, size.width);
      const headers = await list.locator('thead th').allTextContents();
      const valueAt = headers.findIndex((header) => header.trim() === 'Value');
      expect(valueAt, `the list's columns: ${headers.join(', ')}`).toBeGreaterThan(0);
      // The ticker is the row header; the cells follow it.
      const tickerAt = headers.findIndex((header) => header.trim() === 'Ticker');
      expect(tickerAt).toBe(0);
      const shown = rows.reduce((sum, row) => sum + figure(row.cells[valueAt - 1]!), 0);
      expect(rows.every((row) => row.header === ticker)).toBe(true);
      expect(Math.abs(shown), `${ticker} (${product}): the costs listed against the statement's cost rows`).toBeCloseTo(statementCosts, 2);
    }
    await shot(page, `engine-commission-${at}`);
    await checkScreen(page, `/transactions (commission of one ticker) at ${at} px`);

    // ── Item 3: income ahead from the dividends received, marked as such ──
    await open(page, '/income');
    const total = figure((await page.locator('.summary-box').filter({ hasText: 'Income, next 12 months' }).locator('dd').textContent())!);
    await expect(page.getByText(/^\* From your received dividends: the market data has no dividends of these holdings/)).toBeVisible();
    const perHolding = page.getByRole('table', { name: 'Per holding' });
    await expect(perHolding).toBeVisible({ timeout: 60_000 });
    const holdings = await allRows(page, perHolding, size.width);
    const marked = holdings.filter((row) => row.cells[0]!.includes('(from your received dividends)'));
    expect(marked.length).toBeGreaterThan(0);
    const markedSum = marked.reduce((sum, row) => sum + figure(row.cells[0]!.replace('(from your received dividends)', '')), 0);
    for (const row of marked) expect(figure(row.cells[0]!.replace('(from your received dividends)', '')), row.header).toBeGreaterThan(0);
    // The page's total is its calendar's twelve months, and the received dividends are in it.
    await expect(page.getByRole('row', { name: /^Twelve months/ }).getByRole('cell')).toHaveText(
      (await page.locator('.summary-box').filter({ hasText: 'Income, next 12 months' }).locator('dd').textContent())!,
    );
    expect(total).toBeGreaterThanOrEqual(markedSum - 0.01 * marked.length);
    // Not the few euros of the holdings with market events alone: at least half of what the statement's
    // EUR dividends paid (before tax) in its last twelve months.
    const [day, month, year] = accountLines[0]!.date.split('-').map(Number) as [number, number, number];
    const since = Date.UTC(year - 1, month - 1, day);
    const lastYear = accountLines
      .filter((row) => row.description === 'Dividend' && row.currency === 'EUR')
      .filter((row) => {
        const [d, m, y] = row.date.split('-').map(Number) as [number, number, number];
        return Date.UTC(y, m - 1, d) > since;
      })
      .reduce((sum, row) => sum + row.amount, 0);
    expect(total, `next 12 months against the statement's €${lastYear.toFixed(2)} of EUR dividends in its last year`).toBeGreaterThan(lastYear / 2);
    // Each marked cell shows its "*" to the eye (the words are for screen readers).
    for (const row of marked) expect(row.cells[0], row.header).toContain('*');
    await perHolding.scrollIntoViewIfNeeded();
    await shot(page, `engine-income-${at}`);
    await checkScreen(page, `/income at ${at} px`);
  }
});
