/**
 * Another broker's CSV, in Chromium against the real server, on a phone's width: mapped, previewed with its
 * problem row flagged, refused with the columns swapped (nothing stored), imported, and its mapping
 * proposed again for a file with the same header. And a 60,000-row broker CSV: a change shows the first
 * 50 rows at once and "Checking all 60,000 rows…" with a progress bar, then the totals with the bad row
 * near the end. (Moved whole from your-data.spec.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, signUp, test } from '#helpers/e2e/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from '#helpers/e2e/accessibility';

const brokerCsv = fs.readFileSync(
  path.resolve(import.meta.dirname, '../fixtures/mapped-csv/dutch-bank-broker.csv'),
  'utf8',
);

test.describe("another broker's CSV", () => {
  // axe-core is injected as a script of the page: the page's CSP (script-src 'self') would refuse it.
  test.use({ bypassCSP: true });

  test("another broker's CSV: map its columns, see the problems, import, and the mapping is remembered", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await signUp(page, `broker${Date.now().toString(36)}`);
    await page.goto('/transactions');
    const upload = (name: string, text: string) =>
      page.getByLabel('Upload from file:').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

    await upload('dutch-bank-broker.csv', brokerCsv);
    const step = page.getByRole('region', { name: 'Map the columns of dutch-bank-broker.csv' });
    await expect(step).toContainText('Not a DEGIRO account statement: say which column holds what.');
    await expect(step.getByRole('heading', { name: 'Map the columns of dutch-bank-broker.csv' })).toBeFocused();
    // The guess from the headings: dates day first, decimal commas; the ticker and value it cannot tell.
    await expect(step.getByLabel('Date format')).toHaveValue('DMY');
    await expect(step.getByLabel('Decimal mark')).toHaveValue(',');
    await expect(step.getByLabel('Columns separated by')).toHaveValue(';');
    const summary = step.getByRole('status');
    await expect(summary).toHaveText('Choose the column of the ticker.');
    await step.getByRole('button', { name: 'Import' }).click();
    await expect(step.getByRole('alert')).toHaveText('Choose the column of the ticker.');

    await step.getByLabel('Ticker (Yahoo symbol)').selectOption({ label: '4: Symbool' });
    await step.getByLabel('Value (cash amount)').selectOption({ label: '7: Totaal' });
    await step.getByLabel('Withholding tax (optional)').selectOption({ label: '10: Bronbelasting' });
    await expect(summary).toHaveText('5 rows: 7 transactions (7 new, 0 already imported); 1 row with a problem.');
    const rows = step.getByRole('list', { name: 'First rows as read' }).getByRole('listitem');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toContainText('buy 10 VWCE.DE for');
    await expect(rows.nth(2)).toContainText('dividend AAPL');
    await expect(rows.nth(3)).toContainText('Row 5:');
    await expect(rows.nth(3)).toContainText('Problem: date "31-06-2021" is not a date in the order DMY');
    await expect(step.getByRole('list', { name: /Rows with a problem \(1\), left out of the import/ })).toContainText(
      'row 5: date "31-06-2021"',
    );
    await expectNoSeriousAxeViolations(page, 'mapping step');
    await expectNoHorizontalScroll(page, 'mapping step at 360 px');

    // Date and ticker swapped: every row has a problem, the import is refused with the reason, nothing is stored.
    await step.getByLabel('Date', { exact: true }).selectOption({ label: '4: Symbool' });
    await step.getByLabel('Ticker (Yahoo symbol)').selectOption({ label: '1: Datum' });
    await expect(summary).toHaveText('5 rows: 0 transactions (0 new, 0 already imported); 5 rows with a problem.');
    await expect(rows.nth(0)).toContainText('Problem: date "VWCE.DE" is not a date');
    await step.getByRole('button', { name: 'Import' }).click();
    await expect(step.getByRole('alert')).toHaveText(
      'No row can be read with this mapping: check that each column holds what its choice says. Nothing was imported.',
    );
    await expect(page.getByRole('heading', { name: 'VWCE.DE', level: 2 })).toHaveCount(0);

    await step.getByLabel('Date', { exact: true }).selectOption({ label: '1: Datum' });
    await step.getByLabel('Ticker (Yahoo symbol)').selectOption({ label: '4: Symbool' });
    await expect(summary).toHaveText('5 rows: 7 transactions (7 new, 0 already imported); 1 row with a problem.');
    await step.getByRole('button', { name: 'Import 7 new transactions' }).click();
    const imported = page.getByRole('status').filter({ hasText: 'Imported dutch-bank-broker.csv' });
    await expect(imported).toHaveText(
      'Imported dutch-bank-broker.csv: 7 new, 0 already imported, 1 row with a problem left out. The mapping is remembered for files with these columns.Close',
    );
    await expect(page.getByRole('heading', { name: 'VWCE.DE', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'AAPL', level: 2 })).toBeVisible();
    await imported.getByRole('button', { name: 'Close' }).click();

    // A later file with the same header: the mapping chosen is proposed; only the new row is added.
    await upload(
      'dutch-bank-broker-december.csv',
      `${brokerCsv}02-12-2021;Dividend;Apple Inc.;AAPL;;;1,20;USD;;0,18\r\n`,
    );
    const again = page.getByRole('region', { name: 'Map the columns of dutch-bank-broker-december.csv' });
    await expect(again).toContainText('The mapping you chose last time for a file with these columns is filled in.');
    await expect(again.getByLabel('Ticker (Yahoo symbol)')).toHaveValue('3');
    await expect(again.getByLabel('Value (cash amount)')).toHaveValue('6');
    await expect(again.getByRole('status')).toHaveText(
      '6 rows: 8 transactions (1 new, 7 already imported); 1 row with a problem.',
    );
    await again.getByRole('button', { name: 'Import 1 new transaction' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported dutch-bank-broker-december.csv' })).toContainText(
      '1 new, 7 already imported',
    );
  });
  test("a large broker's CSV: each change answers from the first rows, then every row is checked with progress", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUp(page, `bigbroker${Date.now().toString(36)}`);
    await page.goto('/transactions');
    const rows = 60_000;
    const lines = ['Datum;Type;Symbool;Aantal;Totaal;Valuta'];
    for (let i = 0; i < rows; i++) {
      const date =
        i === rows - 5
          ? '31-06-2021'
          : `${String(1 + (i % 28)).padStart(2, '0')}-${String(1 + (i % 12)).padStart(2, '0')}-${2000 + (i % 25)}`;
      lines.push(`${date};Koop;VWCE.DE;${1 + (i % 7)};${100 + (i % 90)},50;EUR`);
    }
    await page.getByLabel('Upload from file:').setInputFiles({
      name: 'big-broker.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
    });
    const step = page.getByRole('region', { name: 'Map the columns of big-broker.csv' });
    const summary = step.getByRole('status');
    await expect(summary).toHaveText('Choose the column of the ticker.');
    await step.getByLabel('Date format').selectOption('DMY');
    await step.getByLabel('Decimal mark').selectOption(',');
    await step.getByLabel('Ticker (Yahoo symbol)').selectOption({ label: '3: Symbool' });
    await step.getByLabel('Value (cash amount)').selectOption({ label: '5: Totaal' });
    // At once: the first 50 rows, and every row being checked (the bad row near the end not seen yet).
    await expect(summary).toHaveText(
      'First 50 rows: 50 transactions; 0 rows with a problem. Checking all 60,000 rows…',
    );
    await expect(step.getByRole('progressbar', { name: 'Checking all 60,000 rows…' })).toBeVisible();
    // Then the totals of every row.
    await expect(summary).toHaveText(
      '60,000 rows: 59,999 transactions (59,999 new, 0 already imported); 1 row with a problem.',
      { timeout: 60_000 },
    );
    await expect(step.getByRole('progressbar')).toHaveCount(0);
    await expect(step.getByRole('list', { name: /Rows with a problem \(1\), left out of the import/ })).toContainText(
      `row ${rows - 3}: date "31-06-2021"`,
    );
    await expect(step.getByRole('button', { name: 'Import 59,999 new transactions' })).toBeVisible();
  });
});
