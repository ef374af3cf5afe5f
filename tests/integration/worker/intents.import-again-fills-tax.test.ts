/**
 * A statement imported again through the worker's intents, against the real server: dividends stored
 * before without their withheld tax (as an import that netted it away left them) get it, the set is
 * stored, nothing is added twice; a third import changes nothing and stores nothing. Then the tax report.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as Comlink from 'comlink';
import { expect, it } from 'vitest';
import { workerOnARealServer } from '#helpers/worker/signed-in-worker';

const real = workerOnARealServer();

const statement = () =>
  new Blob([readFileSync(path.resolve(import.meta.dirname, '../../fixtures/degiro/nl-mixed-languages.csv'))]);

it('fills in the withheld tax of dividends imported before without it, once, adding nothing twice', async () => {
  const { credentials, api, worker } = await real.signedIn('tax-again');

  await worker.load(credentials);
  const first = await worker.parseImport(
    1,
    statement(),
    Comlink.proxy(() => {}),
  );
  if (!first.ok) throw new Error(first.message);
  const tickers = Object.fromEntries(first.preview.products.map((p, i) => [p.key, p.ticker ?? `P${i}.AS`]));
  const imported = await worker.confirmImport(tickers, credentials);
  // Every transaction of the preview is added, its cash rows too (issue 33).
  expect(imported).toMatchObject({ ok: true, added: first.preview.newTransactions, taxFilled: 0 });

  // As an earlier version of the import stored them: the same dividends, their tax netted away.
  const stored = await api.get();
  const taxes = stored.body.transactions.dividend.map((t) => t.tax);
  expect(taxes.filter((tax) => tax !== undefined)).toHaveLength(6);
  const netted = {
    ...stored.body.transactions,
    dividend: stored.body.transactions.dividend.map(({ tax: _tax, ...rest }) => rest),
  };
  expect((await api.put({ transactions: netted }, { ifMatch: stored.etag! })).status).toBe(200);

  await worker.load(credentials);
  const again = await worker.parseImport(
    2,
    statement(),
    Comlink.proxy(() => {}),
  );
  if (!again.ok) throw new Error(again.message);
  expect(again.preview.newTransactions).toBe(0);
  const filled = await worker.confirmImport(tickers, credentials);
  expect(filled).toMatchObject({ ok: true, added: 0, alreadyPresent: first.preview.newTransactions, taxFilled: 6 });
  const after = await api.get();
  expect(after.body.transactions.dividend.map((t) => t.tax)).toEqual(taxes);
  expect(after.body.transactions.stock).toHaveLength(stored.body.transactions.stock.length);

  const third = await worker.parseImport(
    3,
    statement(),
    Comlink.proxy(() => {}),
  );
  if (!third.ok) throw new Error(third.message);
  expect(await worker.confirmImport(tickers, credentials)).toMatchObject({
    ok: true,
    added: 0,
    taxFilled: 0,
    view: null,
  });
  expect((await api.get()).etag, 'nothing to store, nothing stored').toBe(after.etag);
});

it('refuses the tax report before any figures, then writes it as of the derive', async () => {
  const { credentials, worker } = await real.signedIn('tax-report');
  expect(await worker.taxReport()).toMatchObject({ ok: false, message: expect.stringMatching(/not ready/) });
  await worker.load(credentials);
  await worker.derive('2025-06-13', null);
  expect(await worker.taxReport()).toEqual({
    ok: true,
    csv: 'year,date,ticker,currency,gross,tax,net,gross_eur,tax_eur,net_eur\n',
    fileName: 'dividend-tax-2025-06-13.csv',
  });
});
