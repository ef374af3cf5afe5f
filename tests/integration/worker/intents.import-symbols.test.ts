/**
 * The import's symbols through the worker's intents, against the real server (QUOTES_PROVIDER=files: the
 * recorded search answers and market data): the lookup proposes symbols with their listings, the confirm
 * keeps them per user on the server, the next parse proposes them as saved; a refused lookup still
 * answers the preview, with why; a typed symbol is checked against the quotes service.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as Comlink from 'comlink';
import { expect, it } from 'vitest';
import { EVERY_TRANSACTION } from '#src/model/transaction-query';
import { workerOnARealServer } from '#helpers/worker/signed-in-worker';

const real = workerOnARealServer();

const statement = () =>
  new Blob([readFileSync(path.resolve(import.meta.dirname, '../../fixtures/degiro/nl-mixed-languages.csv'))]);

async function choicesOf(idToken: string): Promise<unknown> {
  const response = await fetch(`${real.url()}/api/symbols/choices`, { headers: { Authorization: idToken } });
  return ((await response.json()) as { choices: unknown }).choices;
}

it('proposes the lookup’s symbols, keeps them on the server at confirm, and proposes them as saved next time', async () => {
  const { idToken, credentials, worker } = await real.signedIn('symbols-intent');
  await worker.load(credentials);

  const parsed = await worker.parseImport(
    1,
    statement(),
    Comlink.proxy(() => {}),
  );
  if (!parsed.ok) throw new Error(parsed.message);
  expect(
    parsed.preview.products.find((p) => p.isin === 'IE00B4L5Y983')?.candidates,
    'no listings before the lookup',
  ).toEqual([]);
  const looked = await worker.lookUpImportSymbols(1, credentials);
  if (!looked.ok) throw new Error(looked.message);
  expect(looked.message).toBeNull();
  const world = looked.preview.products.find((p) => p.isin === 'IE00B4L5Y983')!;
  // A EUR trade: the Amsterdam listing first, from the recorded search answer.
  expect(world).toMatchObject({ ticker: 'IWDA.AS', source: 'lookup' });
  expect(world.candidates.map((c) => c.symbol)).toEqual(expect.arrayContaining(['IWDA.AS', 'SWDA.L', 'EUNL.DE']));
  expect(await worker.lookUpImportSymbols(7, credentials), 'another parse').toMatchObject({ ok: false });

  expect(looked.preview.products.find((p) => p.isin === 'IE00B0M63391')).toMatchObject({ source: 'placeholder' });
  const saved = await worker.confirmImport({ IE00B0M63391: 'csko.l' }, credentials);
  expect(saved).toMatchObject({ ok: true, choicesProblem: null });
  const kept = (await choicesOf(idToken)) as Array<{ isin: string; symbol: string }>;
  expect(kept).toContainEqual({ isin: 'IE00B4L5Y983', symbol: 'IWDA.AS' });
  expect(kept, 'typed').toContainEqual({ isin: 'IE00B0M63391', symbol: 'CSKO.L' });
  const placeholders = looked.preview.products
    .filter((p) => p.source === 'placeholder' && p.isin !== 'IE00B0M63391')
    .map((p) => p.isin);
  expect(placeholders.length).toBeGreaterThan(0);
  expect(
    kept.filter((c) => placeholders.includes(c.isin)),
    'no placeholder is kept as a choice',
  ).toEqual([]);

  // A symbol picked later for a placeholder renames it in every transaction and is kept as the choice for its ISIN.
  const later = placeholders[0]!;
  const renamed = await worker.change({ kind: 'renameTicker', from: later, to: 'LATER.AS' }, credentials);
  expect(renamed.ok).toBe(true);
  expect(await choicesOf(idToken)).toContainEqual({ isin: later, symbol: 'LATER.AS' });
  kept.push({ isin: later, symbol: 'LATER.AS' });

  // The search finds the imported transactions by their product's ISIN, through the choices just kept.
  const found = await worker.queryTransactions({ ...EVERY_TRANSACTION, text: 'IE00B4L5Y983' });
  expect(found.ids.length).toBeGreaterThan(0);
  const again = await worker.parseImport(
    2,
    statement(),
    Comlink.proxy(() => {}),
  );
  if (!again.ok) throw new Error(again.message);
  const second = await worker.lookUpImportSymbols(2, credentials);
  if (!second.ok) throw new Error(second.message);
  for (const { isin, symbol } of kept)
    expect(
      second.preview.products.find((p) => p.isin === isin),
      isin,
    ).toMatchObject({ ticker: symbol, source: 'saved' });
});

it('answers the preview as it was, with why, when the lookup is refused: nothing blocks the import', async () => {
  const { credentials, worker } = await real.signedIn('symbols-refused');
  await worker.load(credentials);
  const parsed = await worker.parseImport(
    1,
    statement(),
    Comlink.proxy(() => {}),
  );
  if (!parsed.ok) throw new Error(parsed.message);
  const looked = await worker.lookUpImportSymbols(1, { idToken: 'not-a-token', xsrfToken: null });
  if (!looked.ok) throw new Error(looked.message);
  expect(looked.message).toMatch(
    /^The symbol lookup failed \(.+\)\. Products without a symbol are imported under their ISIN, without a price source/,
  );
  expect(looked.preview.products).toEqual(parsed.preview.products);
  const imported = await worker.confirmImport({}, credentials);
  expect(imported).toMatchObject({ ok: true, added: parsed.preview.newTransactions });
});

it('checks a typed symbol against the quotes service: prices, none, or not a symbol', async () => {
  const { credentials, worker } = await real.signedIn('symbols-check');
  expect(await worker.checkSymbol(' vwce.de ', credentials)).toMatchObject({
    symbol: 'VWCE.DE',
    hasPrices: true,
    message: expect.stringMatching(/^VWCE\.DE has prices in EUR up to \d{4}-\d\d-\d\d\.$/),
  });
  expect(await worker.checkSymbol('NOPE.AS', credentials)).toMatchObject({
    symbol: 'NOPE.AS',
    hasPrices: false,
    message: expect.stringMatching(/^No price data for NOPE\.AS/),
  });
  expect(await worker.checkSymbol('two words', credentials)).toMatchObject({
    hasPrices: false,
    message: '"two words" is not a Yahoo symbol (letters, digits, ".", "-", "=", "^"; at most 20 characters).',
  });
});
