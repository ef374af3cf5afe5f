/**
 * The steps of the real-account specs (tests/e2e/real-account*.spec.ts), with the statement of
 * tests/fixtures/degiro/real-account-40: the screens reached by the app's own menu and links (an address
 * typed in would reload the app and start its loading over), each read once its figures are the latest
 * (the page drawn, its prices in, nothing being derived again), a file imported through the page, the
 * Holdings tables read cell by cell, and each screen checked with axe and for sideways scrolling.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './accessibility';
import { expect } from './fixtures';

export { REAL_ACCOUNT as ACCOUNT, REAL_TRADES as TRADES } from '../import/real-account-statement';

export const WIDE = { width: 1440, height: 900 };
export const PHONE = { width: 360, height: 740 };
/** Each size the items are checked at, by its name in CSS px. */
export const SIZES = [
  ['1440', WIDE],
  ['360', PHONE],
] as const;

const SHOTS = process.env.SCREENSHOT_DIR;

/** A screenshot of the viewport when SCREENSHOT_DIR is set (for the notes); nothing otherwise. */
export async function shot(page: Page, name: string, locator?: Locator): Promise<void> {
  if (!SHOTS) return;
  const file = path.join(SHOTS, `${name}.png`);
  await (locator ? locator.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: false }));
}

/** axe finds nothing serious on the screen as it is, and the page does not scroll sideways. */
export async function checkScreen(page: Page, screen: string): Promise<void> {
  await expectNoSeriousAxeViolations(page, screen);
  await expectNoHorizontalScroll(page, screen);
}

/** The screens of the main menu. */
export type Screen = 'Dashboard' | 'Transactions' | 'Income' | 'Holdings' | 'Performance' | 'Settings';

/**
 * Waits until the page shows the latest figures: its heading is there, it no longer says it is loading the
 * portfolio, and then nothing is pending: "Loading prices…" (the figures before the quotes) and "Updating
 * the figures…" (a saved set being derived) are gone. The page draws that status in the same commit as its
 * figures, so once "Loading your …" is gone its absence means the figures are settled.
 */
export async function figuresSettled(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByRole('status').filter({ hasText: /^Loading your (portfolio|holdings|returns)…$/ }),
  ).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByRole('status').filter({ hasText: /^(Loading prices|Updating the figures)…$/ })).toHaveCount(
    0,
    { timeout: 120_000 },
  );
}

/** Opens the main menu (the drawer) unless it is open; the menu's navigation. */
export async function openMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  const drawer = page.getByRole('navigation', { name: 'Main' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** Opens a screen through the main menu (as a user does; the app is not reloaded) and waits for its figures. */
export async function goTo(page: Page, screen: Screen): Promise<void> {
  await (await openMenu(page)).getByRole('link', { name: screen, exact: true }).click();
  await figuresSettled(page, screen);
}

/** Opens a holding's page from its link in the Holdings tables. */
export async function goToHolding(page: Page, ticker: string): Promise<void> {
  await goTo(page, 'Holdings');
  await page
    .getByRole('table', { name: /^(Open|Closed) positions/ })
    .getByRole('link', { name: ticker, exact: true })
    .click();
  await figuresSettled(page, ticker);
}

/** Chooses a file on the Transactions page and waits for its preview; the upload field names that file. */
export async function previewFile(page: Page, file: string): Promise<Locator> {
  await goTo(page, 'Transactions');
  const field = page.getByLabel('Upload from file:');
  await field.setInputFiles(file);
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByText(/products have a symbol\.$/)).toBeVisible({ timeout: 60_000 });
  // The field names the file whose preview is shown (issue 30, item 10: not "No file chosen").
  expect(await field.evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe(path.basename(file));
  return preview;
}

export interface Imported {
  added: number;
  present: number;
  /** The import's result line (none when the file had nothing new). */
  result: Locator | null;
}

/** Imports the previewed file: its result's counts; a file with nothing new offers no import and says why. */
export async function confirmImport(page: Page, preview: Locator, file: string): Promise<Imported> {
  const button = preview.getByRole('button', { name: /^Import \d+ new transactions?$/ });
  if ((await button.textContent()) === 'Import 0 new transactions') {
    await expect(button).toBeDisabled();
    const nothing = (await preview.locator('#import-nothing').textContent()) ?? '';
    const present = /the ([\d,]+) transactions of this file are already in your portfolio/.exec(nothing);
    expect(present, nothing).not.toBeNull();
    await preview.getByRole('button', { name: 'Cancel' }).click();
    return { added: 0, present: Number(present![1]!.replace(/,/g, '')), result: null };
  }
  await button.click();
  const result = page.getByRole('status').filter({ hasText: `Imported ${path.basename(file)}` });
  await expect(result).toBeVisible({ timeout: 60_000 });
  const [, added, present] = /(\d+) new, (\d+) already imported/.exec((await result.textContent()) ?? '')!;
  return { added: Number(added), present: Number(present), result };
}

/** Previews and imports a file through the Transactions page. */
export async function importFile(page: Page, file: string): Promise<Imported> {
  return confirmImport(page, await previewFile(page, file), file);
}

/** A Holdings table as the page shows it: ticker → column label → the cell's text. */
export type HoldingCells = Record<string, Record<string, string>>;

/** The rows of the Holdings table whose caption starts with `caption` (on the Holdings page), read in one pass in the page. */
async function holdingCells(page: Page, caption: RegExp): Promise<HoldingCells> {
  const table = page.getByRole('table', { name: caption });
  if ((await table.count()) === 0) return {};
  return table.evaluate((element) => {
    const rows: Record<string, Record<string, string>> = {};
    for (const row of element.querySelectorAll('tbody tr')) {
      const ticker = (row.querySelector('th a')?.textContent ?? '').trim();
      rows[ticker] = Object.fromEntries(
        [...row.querySelectorAll('td')].map((cell) => [
          cell.getAttribute('data-label') ?? '',
          (cell.textContent ?? '').trim(),
        ]),
      );
    }
    return rows;
  });
}

/** The open and closed positions of the Holdings page, read once its figures are the latest. */
export async function positions(page: Page): Promise<{ open: HoldingCells; closed: HoldingCells }> {
  await goTo(page, 'Holdings');
  await expect(page.getByRole('table', { name: /^Open positions/ })).toBeVisible({ timeout: 60_000 });
  return { open: await holdingCells(page, /^Open positions/), closed: await holdingCells(page, /^Closed positions/) };
}

/** A money or number figure as the page writes it (en-US: "€1,234.56", "−€4.37"). */
export function figure(text: string): number {
  return Number(text.replace(/[−–]/g, '-').replace(/[^\d.-]/g, ''));
}

/** Every row of a windowed table (only the rows near the viewport are drawn): read with a viewport tall enough for all. */
export async function allRows(
  page: Page,
  table: Locator,
  width: number,
): Promise<Array<{ header: string; cells: string[] }>> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width, height: 12_000 });
  await table.scrollIntoViewIfNeeded();
  const expected = Number(await table.getAttribute('aria-rowcount')) - 1;
  await expect(table.locator('tbody tr')).toHaveCount(expected);
  const rows = await table.evaluate((element) =>
    [...element.querySelectorAll('tbody tr')].map((row) => {
      const [header, ...cells] = [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim());
      return { header: header ?? '', cells };
    }),
  );
  await page.setViewportSize(size);
  return rows;
}
