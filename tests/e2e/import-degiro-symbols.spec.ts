/**
 * Issue 13: a real-format DEGIRO statement of 39 products reaches a full dashboard with no symbol typed.
 * Offline (QUOTES_PROVIDER=files): the symbols come from the recorded Yahoo search answers of
 * data/symbol-search and the shipped table. The statement (tests/fixtures/degiro/nl-40-products.csv) was
 * written for this test with real ISINs; two of its products are known to no source.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signUp, test } from '#helpers/e2e/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from '#helpers/e2e/accessibility';

// axe-core is injected as a script of its own: the app's CSP would refuse it.
test.use({ bypassCSP: true, viewport: { width: 360, height: 800 } });

const STATEMENT = path.join(import.meta.dirname, '../fixtures/degiro/nl-40-products.csv');
const PLACEHOLDERS = ['BE0003470755', 'NL0009432491'];

/** Every product's ticker field in the preview: its product and the symbol it will be imported under. */
async function proposedTickers(page: Page): Promise<Map<string, string>> {
  const preview = page.getByRole('region', { name: 'Import preview' });
  const fields = preview.getByLabel(/^Ticker for /);
  const tickers = new Map<string, string>();
  for (let i = 0; i < (await fields.count()); i += 1) {
    const field = fields.nth(i);
    tickers.set((await field.getAttribute('aria-label'))!.replace('Ticker for ', ''), await field.inputValue());
  }
  return tickers;
}

test('39 products: ≥ 90 % get a symbol with no typing, one click imports, every holding is on the dashboard, a placeholder picked later is renamed everywhere, the next import proposes the saved symbols', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page, `symbols${Date.now().toString(36)}`);
  await page.goto('/transactions');
  await page.getByLabel('Upload from file:').setInputFiles(STATEMENT);
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview).toContainText('84 new, 0 already imported');
  // The lookup ends with 37 of the 39 products that need a symbol holding one (the account's costs need none).
  await expect(preview.getByText(/^\d+ of \d+ products have a symbol\.$/)).toHaveText(
    '37 of 39 products have a symbol.',
  );
  expect(37 / 39).toBeGreaterThanOrEqual(0.9);
  const tickers = await proposedTickers(page);
  // The account's costs are its fees (cash): no product.
  expect(tickers.size).toBe(39);
  expect(tickers.has('DEGIRO account costs')).toBe(false);
  expect(tickers.get('SOLVAY SA'), 'a placeholder shows no symbol').toBe('');
  expect(tickers.get('DEUTSCHE TELEKOM AG')).toBe('DTE.DE');
  // Where each came from, and the listings to pick from with their venue and currency.
  const world = preview
    .getByRole('row')
    .filter({ has: page.getByLabel('Ticker for ISHARES CORE MSCI WORLD UCITS ETF USD (ACC)') });
  await expect(world).toContainText('lookup: found by its ISIN');
  await expect(
    world.getByLabel('Listings found for ISHARES CORE MSCI WORLD UCITS ETF USD (ACC)').locator('option'),
  ).toContainText([/IWDA\.AS · .* · Amsterdam · EUR/]);
  await expect(
    preview.getByRole('row').filter({ has: page.getByLabel('Ticker for DEUTSCHE TELEKOM AG') }),
  ).toContainText('table: the shipped ISIN list');
  await expect(preview.getByRole('row').filter({ has: page.getByLabel('Ticker for SOLVAY SA') })).toContainText(
    'placeholder: no price source',
  );
  await expect(preview.getByRole('heading', { name: 'Products without a price source (2)' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'import preview of 39 products at 360 px');
  await expectNoHorizontalScroll(page, 'import preview at 360 px');

  // A typed symbol is checked against the quotes service.
  const solvay = preview.getByLabel('Ticker for SOLVAY SA');
  await solvay.fill('nosuch.br');
  await solvay.press('Enter');
  await expect(preview.getByText(/^No price data for NOSUCH\.BR/)).toBeVisible();
  await solvay.fill('');

  // One click imports everything.
  await preview.getByRole('button', { name: 'Import 84 new transactions' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported nl-40-products.csv' })).toContainText(
    '84 new, 0 already imported',
  );

  await page.goto('/dashboard');
  // One notice about prices. Offline, dozens of symbols have no recorded prices: it counts them and names
  // the first three, the rest behind a disclosure that the keyboard opens; Retry stays.
  const notice = page.locator('.price-notice');
  await expect(notice).toHaveCount(1);
  await expect(notice).toHaveAttribute('role', 'status');
  await expect(notice.getByText(/^Provisional value: no price source for /)).toHaveText(
    `Provisional value: no price source for ${PLACEHOLDERS.join(', ')} (imported under their ISINs), valued at their own trade prices until you pick a symbol on the Holdings page.`,
  );
  await expect(notice.locator('p').first()).toHaveText(/^Some prices could not be loaded, for \d+ symbols:$/);
  const heading = (await notice.locator('p').first().textContent())!;
  const failing = Number(/^Some prices could not be loaded, for (\d+) symbols:$/.exec(heading)?.[1]);
  expect(failing, heading).toBeGreaterThan(5);
  await expect(notice.getByRole('listitem')).toHaveCount(3);
  const more = notice.getByText(`Show the other ${failing - 3}`, { exact: true });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(notice.getByRole('listitem')).toHaveCount(failing);
  await expect(notice.getByRole('button', { name: 'Retry' })).toBeVisible();
  // What the failures mean for the value is said by a count: no notice's sentence names a failed symbol again
  // (each chart's own note names its symbol: not a notice).
  await expect(
    notice.getByText(/^Provisional value: (all \d+|\d+ of them) (is|are) valued at (its|their) own trade prices\.$/),
  ).toBeVisible();
  const failed = (await notice.getByRole('listitem').allTextContents()).map((item) => item.slice(0, item.indexOf(':')));
  expect(new Set(failed).size).toBe(failing);
  const sentences = await page.locator('p[role="status"], [role="status"] p').allTextContents();
  const namedInSentences = new Set(sentences.flatMap((sentence) => sentence.split(/[\s,;:()]+/)));
  expect(failed.filter((symbol) => namedInSentences.has(symbol))).toEqual([]);
  expect(sentences.filter((sentence) => sentence.startsWith('Provisional value:'))).toHaveLength(2);
  const held = [...tickers.entries()]
    .filter(([product]) => product !== 'DEGIRO account costs')
    .map(([product, ticker]) => ticker || PLACEHOLDERS[product === 'SOLVAY SA' ? 0 : 1]!);
  // On a phone the ticker checklist starts closed: its summary opens it.
  await page.locator('.ticker-picker-box > summary').click();
  for (const ticker of held)
    await expect(page.getByRole('checkbox', { name: ticker, exact: true }), ticker).toBeVisible();

  // Later, on the Holdings page: a symbol for a placeholder renames it everywhere, in one save.
  await page.goto('/holdings');
  const unpriced = page.getByRole('region', { name: 'Products without a price source (2)' });
  await expectNoSeriousAxeViolations(page, 'holdings with products without a price source at 360 px');
  await unpriced.getByLabel('SOLVAY SA (BE0003470755): Yahoo symbol').fill('solb.br');
  await unpriced.getByRole('button', { name: 'Use this symbol' }).first().click();
  await expect(page.getByRole('region', { name: 'Products without a price source (1)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'SOLB.BR', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'BE0003470755', exact: true })).toHaveCount(0);
  await page.goto('/transactions');
  await expect(page.getByRole('region', { name: 'SOLB.BR' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'BE0003470755' })).toHaveCount(0);

  // The next import of the statement proposes every symbol kept, as saved; nothing new.
  await page.getByLabel('Upload from file:').setInputFiles(STATEMENT);
  await expect(preview).toContainText('0 new, 84 already imported');
  await expect(preview.getByText(/^\d+ of \d+ products have a symbol\.$/)).toHaveText(
    '38 of 39 products have a symbol.',
  );
  await expect(preview.getByLabel('Ticker for SOLVAY SA')).toHaveValue('SOLB.BR');
  await expect(preview.getByText('saved: your earlier choice')).toHaveCount(38);
});
