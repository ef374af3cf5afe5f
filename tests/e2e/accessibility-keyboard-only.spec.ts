/**
 * The whole product with the keyboard only, no mouse: create an account and sign in, open and close the
 * drawer, add a transaction, edit it (and cancel an edit with Escape), delete it, import a statement and
 * toggle a ticker. After every key press the focus is on an element, never on `<body>`, and after each
 * step it is where the user expects it.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from '#helpers/e2e/fixtures';

const EXPORT = path.join(import.meta.dirname, '../fixtures/degiro/nl-example.csv');

test.use({ viewport: { width: 1440, height: 900 } });

/** Whether the focus is lost: on `<body>` or nowhere. */
const focusIsLost = (page: Page) =>
  page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

/**
 * Presses `key` and checks the focus settles on an element, not on `<body>` (a route change moves it to the
 * new page's heading once that page is drawn); a key that loads another document is checked by its caller.
 */
async function press(page: Page, key: string, { loadsPage = false } = {}): Promise<void> {
  await page.keyboard.press(key);
  if (!loadsPage)
    await expect.poll(() => focusIsLost(page), { message: `focus on <body> after ${key}`, timeout: 3_000 }).toBe(false);
}

/** Tabs (forwards, or backwards with Shift) until `target` has the focus; fails past `max` presses or when the focus falls to `<body>`. */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await press(page, backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return presses;
  }
  throw new Error(`${String(target)} not reached in ${max} Tab presses`);
}

/** Replaces the focused field's text, as a user does: select all, type. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

const announcer = (page: Page) => page.getByTestId('announcer');

test('sign up, drawer, add, edit, delete, import and toggle a ticker with the keyboard only', async ({ page }) => {
  test.setTimeout(180_000);
  const username = `keys-${Date.now().toString(36)}`;
  const password = 'correct horse battery';

  // ── Sign up on the provider's page ──
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Log in' }));
  await press(page, 'Enter', { loadsPage: true });
  await expect(page.getByLabel('Username', { exact: true }).first()).toBeFocused(); // autofocus
  const createAccount = page.locator('summary', { hasText: 'Create account' });
  await tabTo(page, createAccount);
  await press(page, 'Enter');
  const register = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create account' }) });
  await tabTo(page, register.getByLabel('Username', { exact: true }));
  await page.keyboard.type(username);
  await press(page, 'Tab');
  await expect(register.getByLabel('Password (at least 8 characters)')).toBeFocused();
  await page.keyboard.type(password);
  await press(page, 'Tab');
  await page.keyboard.type(password);
  await press(page, 'Enter', { loadsPage: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();

  // ── The drawer: open, Escape closes it and the focus is back on Menu; open again and go to Transactions ──
  const menu = page.getByRole('button', { name: 'Menu' });
  await tabTo(page, menu, { backwards: true });
  await press(page, 'Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const drawer = page.getByRole('navigation', { name: 'Main' });
  await tabTo(page, drawer.getByRole('link', { name: 'Holdings' }));
  await press(page, 'Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await press(page, 'Enter');
  await tabTo(page, drawer.getByRole('link', { name: 'Transactions' }));
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeFocused();

  // ── Add: the form is new after the save and has the focus; the save is announced ──
  const addForm = page.getByRole('form', { name: 'Add a transaction' });
  await tabTo(page, addForm.getByLabel('Ticker'));
  await page.keyboard.type('KEYS.AS');
  await press(page, 'Tab');
  await expect(addForm.getByLabel('Date')).toBeFocused();
  await retype(page, '03/04/2024');
  await press(page, 'Tab');
  await retype(page, '3');
  await press(page, 'Tab');
  await retype(page, '300.5');
  await press(page, 'Enter');
  await expect(announcer(page)).toHaveText('Saved: added stock KEYS.AS on 03/04/2024, 3 shares, €300.50.');
  await expect(addForm.getByLabel('Type')).toBeFocused();
  const section = page.getByRole('region', { name: 'KEYS.AS' });
  await expect(section.getByRole('table', { name: 'Stock' }).getByRole('row', { name: /03\/04\/2024/ })).toContainText(
    '€300.50',
  );

  // ── Edit: Escape cancels and gives the focus back to Edit; a save changes the row in place, the focus returns to it ──
  const edit = section.getByRole('button', { name: 'Edit stock KEYS.AS 03/04/2024' });
  await tabTo(page, edit);
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit transaction' });
  await expect(dialog.getByLabel('Type')).toBeFocused();
  await expect(dialog.getByLabel('Value')).toHaveValue('300.5');
  await press(page, 'Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  await press(page, 'Enter');
  await tabTo(page, dialog.getByLabel('Date'));
  await retype(page, '03/05/2024');
  await press(page, 'Tab');
  await retype(page, '4');
  await press(page, 'Tab');
  await retype(page, '400');
  await press(page, 'Enter');
  await expect(dialog).toBeHidden();
  await expect(announcer(page)).toHaveText(
    'Saved: changed stock KEYS.AS on 03/04/2024, 3 shares, €300.50 to stock KEYS.AS on 03/05/2024, 4 shares, €400.00.',
  );
  const edited = section.getByRole('button', { name: 'Edit stock KEYS.AS 03/05/2024' });
  await expect(edited).toBeFocused();
  await expect(section.getByRole('table', { name: 'Stock' })).toHaveAttribute('aria-rowcount', '2');
  await expect(section.getByRole('row', { name: /03\/05\/2024/ })).toContainText('€400.00');

  // ── Delete: Tab to Delete, the dialog's Cancel has the focus, Shift+Tab to Delete ──
  await press(page, 'Tab');
  await expect(section.getByRole('button', { name: 'Delete stock KEYS.AS 03/05/2024' })).toBeFocused();
  await press(page, 'Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete this transaction?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await press(page, 'Shift+Tab');
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
  await press(page, 'Enter');
  await expect(announcer(page)).toHaveText('Saved: deleted stock KEYS.AS on 03/05/2024, 4 shares, €400.00.');
  await expect(section).toHaveCount(0);
  // The ticker's section went with its last row: the focus is on the page's heading, not lost.
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeFocused();

  // ── Import: the file chooser opens from the keyboard; the preview takes the focus; Import is a few Tabs away ──
  const upload = page.getByLabel('Upload from file:');
  await tabTo(page, upload);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(EXPORT);
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByRole('heading', { name: 'Preview of nl-example.csv' })).toBeFocused();
  // Import sits right after the preview's summary, before the table of every product.
  const importButton = preview.getByRole('button', { name: 'Import 12 new transactions' });
  expect(await tabTo(page, importButton, { max: 5 }), 'Tab presses from the preview to Import').toBeLessThanOrEqual(5);
  await press(page, 'Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Imported nl-example.csv' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'IWDA.AS' })).toBeVisible();

  // ── Back to the dashboard by the drawer, toggle a ticker with Space: announced, the focus stays on it ──
  await tabTo(page, menu, { backwards: true });
  await press(page, 'Enter');
  await tabTo(page, drawer.getByRole('link', { name: 'Dashboard' }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();
  const tickers = page.getByRole('group', { name: 'Select active tickers' });
  const iwda = tickers.getByRole('checkbox', { name: 'IWDA.AS' });
  await expect(iwda).toBeChecked();
  await tabTo(page, iwda, { max: 80 });
  await press(page, 'Space');
  await expect(iwda).not.toBeChecked();
  await expect(iwda).toBeFocused();
  await expect(announcer(page)).toContainText('IWDA.AS unchecked: the charts show');
  await press(page, 'Space');
  await expect(iwda).toBeChecked();
});

test('a chart zooms and moves by keyboard and Home shows all again', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();
  await expect(page.getByText('Loading prices…')).toHaveCount(0);
  const plot = page.getByRole('group', { name: /^Portfolio value, zoom: Zoom in with \+/ });
  const canvas = plot.locator('canvas').first();
  await expect(canvas).toBeVisible();
  await tabTo(page, plot, { max: 80 });
  const all = await canvas.screenshot();
  await press(page, '+');
  await expect
    .poll(async () => (await canvas.screenshot()).equals(all), { message: 'the plot is drawn zoomed in' })
    .toBe(false);
  const zoomed = await canvas.screenshot();
  await press(page, 'ArrowLeft');
  await expect.poll(async () => (await canvas.screenshot()).equals(zoomed), { message: 'the plot moved' }).toBe(false);
  await press(page, 'Home');
  await expect
    .poll(async () => (await canvas.screenshot()).equals(all), { message: 'Home shows all again' })
    .toBe(true);
  await expect(plot).toBeFocused();
});
