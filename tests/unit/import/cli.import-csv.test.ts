/** The headless entry point: `npm run --silent import-csv -- <file.csv> [--ticker ISIN=SYMBOL ...]`. */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { DegiroImport } from '#src/worker/import';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));

async function importCsv(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'import-csv', '--', ...args], {
      cwd: root,
      maxBuffer: 64 << 20,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// Each test runs its own CLI processes and reads only its own output: they run at once (a file spends
// its time starting npm and tsx, single-threaded, while the other core waits).
describe.concurrent('npm run import-csv', () => {
  it(
    'prints the import of a fixture as JSON, with the tickers given on the command line and the others looked up offline',
    { timeout: 60_000 },
    async () => {
      const { code, stdout } = await importCsv(
        'tests/fixtures/degiro/nl-example.csv',
        '--ticker',
        'DEGIRO account costs=VWRL.AS',
        '--ticker=IE00B4L5Y983=iwda.as',
      );
      expect(code).toBe(0);
      const result = JSON.parse(stdout) as DegiroImport;
      expect(result.counts).toEqual({
        buys: 1,
        sells: 1,
        dividends: 1,
        commissions: 3,
        cash: { deposit: 2, withdrawal: 1, interest: 1, fee: 2, conversion: 0 },
        skipped: 0,
        unrecognised: 0,
        lines: 14,
      });
      expect(result.products.map((p) => [p.productKey, p.ticker, p.source])).toEqual([
        // The account's costs are its fees, cash: no product, whatever the command line says.
        ['IE00B4L5Y983', 'IWDA.AS', 'saved'],
        // data/symbol-search/IE00B3RBWM25.json lists VWRL.AS (Amsterdam) first for a EUR trade.
        ['IE00B3RBWM25', 'VWRL.AS', 'lookup'],
      ]);
      expect(result.transactions.dividend[0]).toMatchObject({ value: 18.62, currency: 'EUR', lines: [8, 9, 10] });
      // The cash transactions as `transactions.cash`, and the statement's own check as `reconciliation`.
      expect(result.transactions.cash.at(-1)).toEqual({
        type: 'cash',
        kind: 'withdrawal',
        date: '2026-02-14',
        value: -500,
        currency: 'EUR',
        importId: expect.stringMatching(/^degiro:/),
        lines: [2],
      });
      expect(result.reconciliation.map((r) => [r.currency, r.status, r.day, r.line, r.differenceCents])).toEqual([
        // Its sell day: 786,80 − 2,00 − 0,30 on a balance of −98,88 is 685,62, where the statement says 685,32.
        ['EUR', 'off', '2025-12-15', 7, -30],
        ['USD', 'reconciled', undefined, undefined, undefined],
      ]);
    },
  );

  it(
    'gives every product a ticker (a placeholder at worst) and its source, and no transaction an empty ticker',
    { timeout: 60_000 },
    async () => {
      const { code, stdout } = await importCsv('tests/fixtures/degiro/nl-mixed-languages.csv');
      expect(code).toBe(0);
      const result = JSON.parse(stdout) as DegiroImport;
      const sources = new Map(result.products.map((p) => [p.productKey, p.source]));
      expect(
        Object.fromEntries(
          [...sources].filter(([key]) =>
            ['IE00B3RBWM25', 'US1912161007', 'IE00B0M63391', 'DEGIRO account costs'].includes(key),
          ),
        ),
      ).toEqual({
        IE00B3RBWM25: 'lookup',
        US1912161007: 'table',
        IE00B0M63391: 'placeholder',
      });
      for (const product of result.products)
        expect(product.ticker, product.productKey).toMatch(/^[A-Z0-9^][A-Z0-9.\-=^]{0,19}$/);
      const all = [...result.transactions.stock, ...result.transactions.dividend, ...result.transactions.commission];
      expect(all.length).toBeGreaterThan(30);
      expect(all.filter((t) => t.ticker === '')).toEqual([]);
    },
  );

  it(
    'prints Transactions.csv the same way, its products looked up on the exchange the trades were made on',
    { timeout: 60_000 },
    async () => {
      const { code, stdout } = await importCsv('tests/fixtures/degiro/de-transactions.csv');
      expect(code).toBe(0);
      const sap = JSON.parse(stdout) as DegiroImport;
      expect(sap.products.map((p) => [p.productKey, p.ticker, p.source, p.venue])).toEqual([
        ['DE0007164600', 'SAP.DE', 'lookup', 'XET'],
      ]);
      expect([...sap.transactions.stock, ...sap.transactions.commission].map((t) => t.ticker)).toEqual([
        'SAP.DE',
        'SAP.DE',
        'SAP.DE',
        'SAP.DE',
      ]);

      // Bought on Xetra: the recorded search lists Amsterdam's VWRL.AS first, the venue picks Xetra's listing.
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'import-csv-')), 'Transactions.csv');
      writeFileSync(
        file,
        'Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value EUR,Exchange rate,AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID,\n' +
          '02-06-2025,09:05,VANGUARD FTSE ALL-WORLD UCITS ETF,IE00B3RBWM25,XET,XETA,3,"125,0000",EUR,"-375,00",EUR,"-375,00",,"0,00","-1,00","-376,00",,0b1c2d3e\n',
      );
      const vwrl = JSON.parse((await importCsv(file)).stdout) as DegiroImport;
      expect(vwrl.products.map((p) => [p.ticker, p.source, p.venue])).toEqual([['VGWL.DE', 'lookup', 'XET']]);
    },
  );

  it('exits 1 with the error in the JSON for a file that is not an export', { timeout: 60_000 }, async () => {
    const { code, stdout } = await importCsv('tests/fixtures/degiro/de-statement-wording.txt');
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as DegiroImport).error).toMatch(/^Not a DEGIRO account statement/);
  });

  it('exits 2 with usage for a missing file or a malformed --ticker', { timeout: 60_000 }, async () => {
    expect(await importCsv()).toMatchObject({ code: 2, stderr: expect.stringContaining('usage:') });
    expect(await importCsv('tests/fixtures/degiro/missing.csv')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('cannot read'),
    });
    expect(await importCsv('tests/fixtures/degiro/nl-example.csv', '--ticker', 'IE00B4L5Y983=not valid')).toMatchObject(
      { code: 2, stderr: expect.stringContaining('--ticker wants KEY=SYMBOL') },
    );
  });
});
