import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { HttpError } from '#src/worker/services/http';
import type { Transaction, TransactionSet } from '#src/model';
import type { ImportPreview, ProductChoice } from '#src/worker';
import { buy, setOf, startApp, unlisted } from '#helpers/machines/app-harness';

const imported: Transaction = {
  ticker: 'VUSA.AS',
  type: 'stock',
  date: '2023-03-01',
  amount: 3,
  value: 210,
  currency: 'EUR',
  importId: 'row-7',
};
const file = new File(['Datum,Tijd\n'], 'Account.csv', { type: 'text/csv' });

const product = (
  fields: Pick<ProductChoice, 'key' | 'product' | 'ticker' | 'source'> & Partial<ProductChoice>,
): ProductChoice => ({
  isin: fields.key,
  currency: 'EUR',
  candidates: [],
  problem: null,
  ...fields,
});

const previewWith = (overrides: Partial<ImportPreview> = {}): ImportPreview => ({
  error: null,
  counts: { buys: 1, sells: 0, dividends: 0, commissions: 0, skipped: 2, unrecognised: 0, lines: 4 },
  cash: { deposit: 0, withdrawal: 0, interest: 0, fee: 0, conversion: 0 },
  reconciliation: [],
  newTransactions: 1,
  alreadyImported: 0,
  completes: 0,
  skipped: [{ reason: 'deposit', count: 2, examples: [{ line: 3, text: 'iDEAL storting' }] }],
  unrecognised: [],
  products: [product({ key: 'IE00B3XXRP09', product: 'VANGUARD S&P500', ticker: 'VUSA.AS', source: 'table' })],
  ...overrides,
});

async function ready(fakes: Parameters<typeof startApp>[0]) {
  const app = startApp(fakes);
  await waitFor(app.portfolio, (s) => s.matches({ ready: 'settled' }));
  return app;
}

describe('import machine', () => {
  it('parses with progress, previews, looks up the symbols, merges, saves the full set, keeps the symbols and reports the count', async () => {
    const server = { set: setOf(buy), version: 1 };
    const keep = vi.fn(async () => {});
    const { importer, portfolio, calls } = await ready({
      server,
      parseImport: async ({ file: given }) => {
        expect(given.name).toBe('Account.csv');
        return previewWith();
      },
      mergeImport: async ({ existing, tickers }) => {
        expect(existing).toEqual(setOf(buy));
        // Nothing typed: the worker imports under the symbols it proposed.
        expect(tickers).toEqual({});
        return { merged: setOf(buy, imported), added: 1, alreadyPresent: 0, taxFilled: 0, unresolvedProducts: [] };
      },
      save: async ({ base, version }) => {
        expect(version).toBe('"1"');
        server.set = base;
        server.version = 2;
        return { transactions: base, version: '"2"' };
      },
      saveChoices: keep,
    });
    importer.send({ type: 'import.fileSelected', file });
    expect(importer.getSnapshot().matches('parsing')).toBe(true);
    await waitFor(importer, (s) => s.matches({ preview: 'ready' }));
    expect(importer.getSnapshot().context.progress).toEqual({ bytes: 1, totalBytes: 2, rows: 10 });
    const derivesBefore = calls.derive;
    importer.send({ type: 'import.confirm' });
    await waitFor(importer, (s) => s.matches('done'));
    expect(importer.getSnapshot().context.result).toEqual({
      added: 1,
      alreadyPresent: 0,
      taxFilled: 0,
      choicesProblem: null,
      reconciliation: [],
      account: null,
    });
    expect(keep).toHaveBeenCalledOnce();
    await waitFor(portfolio, (s) => s.context.version === '"2"' && s.matches({ ready: 'settled' }));
    expect(unlisted(portfolio.getSnapshot().context.transactions)).toEqual(setOf(buy, imported));
    // The worker stored the set it merged and derives from it: the page does not hand it back.
    expect(calls.derive).toBeGreaterThan(derivesBefore);
    expect(portfolio.getSnapshot().context.symbols).toEqual(['VUSA.AS', 'VWCE.DE']);
    expect(portfolio.getSnapshot().context.firstDate).toBe('2023-03-01');
  });

  it('previews the lookup’s proposals and listings, and a failed lookup only says why: nothing blocks', async () => {
    const listing = {
      symbol: 'ABC.AS',
      name: 'Some NV',
      exchange: 'AMS',
      venue: 'Amsterdam',
      currency: 'EUR',
      type: 'EQUITY' as const,
    };
    let lookups = 0;
    const { importer } = await ready({
      server: { set: setOf(buy), version: 1 },
      parseImport: async () =>
        previewWith({
          products: [
            product({ key: 'NL0000000001', product: 'SOME NV', ticker: 'NL0000000001', source: 'placeholder' }),
          ],
        }),
      lookUpSymbols: async ({ preview, idToken }) => {
        lookups += 1;
        expect(idToken).toBe('token-1');
        if (lookups === 2)
          return {
            ok: true,
            parseId: 2,
            preview,
            message:
              'The symbol lookup failed (429 Too Many Requests). Products without a symbol are imported under their ISIN.',
          };
        return {
          ok: true,
          parseId: 1,
          preview: {
            ...preview,
            products: [
              product({
                key: 'NL0000000001',
                product: 'SOME NV',
                ticker: 'ABC.AS',
                source: 'lookup',
                candidates: [listing],
              }),
            ],
          },
          message: null,
        };
      },
    });
    importer.send({ type: 'import.fileSelected', file });
    await waitFor(importer, (s) => s.matches({ preview: 'ready' }));
    expect(importer.getSnapshot().context.preview?.products[0]).toMatchObject({
      ticker: 'ABC.AS',
      source: 'lookup',
      candidates: [listing],
    });
    expect(importer.getSnapshot().context.lookupMessage).toBeNull();
    importer.send({ type: 'import.fileSelected', file });
    await waitFor(importer, (s) => s.matches({ preview: 'ready' }));
    expect(importer.getSnapshot().context.preview?.products[0]).toMatchObject({
      ticker: 'NL0000000001',
      source: 'placeholder',
    });
    expect(importer.getSnapshot().context.lookupMessage).toMatch(/^The symbol lookup failed \(429/);
  });

  it('imports in one click while the lookup still runs, and a refused lookup only says why', async () => {
    let release: () => void = () => {};
    const merge = vi.fn(async () => ({
      merged: setOf(buy, imported),
      added: 1,
      alreadyPresent: 0,
      taxFilled: 0,
      unresolvedProducts: [],
    }));
    const { importer } = await ready({
      server: { set: setOf(buy), version: 1 },
      parseImport: async () => previewWith(),
      lookUpSymbols: () =>
        new Promise(
          (resolve) => (release = () => resolve({ ok: false, status: 503, message: 'The database does not answer.' })),
        ),
      mergeImport: merge,
      save: async ({ base }) => ({ transactions: base, version: '"2"' }),
    });
    importer.send({ type: 'import.fileSelected', file });
    await waitFor(importer, (s) => s.matches({ preview: 'lookingUp' }));
    importer.send({ type: 'import.confirm' });
    await waitFor(importer, (s) => s.matches('done'));
    expect(merge).toHaveBeenCalledOnce();
    release();
    importer.send({ type: 'import.dismiss' });
    importer.send({ type: 'import.fileSelected', file });
    await waitFor(importer, (s) => s.matches({ preview: 'lookingUp' }));
    release();
    await waitFor(importer, (s) => s.matches({ preview: 'ready' }));
    expect(importer.getSnapshot().context.lookupMessage).toBe(
      'The symbol lookup failed (The database does not answer.). Products without a symbol are imported under their ISIN, without a price source.',
    );
  });

  it('checks a typed symbol against the quotes service, keeps only the newest answer, and imports under what was typed', async () => {
    const merge = vi.fn(async ({ tickers }: { existing: TransactionSet; tickers: Record<string, string> }) => {
      expect(tickers).toEqual({ NL0000000001: 'ABC.AS' });
      return { merged: setOf(buy), added: 0, alreadyPresent: 1, taxFilled: 0, unresolvedProducts: [] };
    });
    const { importer } = await ready({
      server: { set: setOf(buy), version: 1 },
      parseImport: async () =>
        previewWith({
          products: [
            product({ key: 'NL0000000001', product: 'SOME NV', ticker: 'NL0000000001', source: 'placeholder' }),
          ],
        }),
      checkSymbol: async (symbol) =>
        symbol === 'ABC.AS'
          ? { symbol, hasPrices: true, message: 'ABC.AS has prices in EUR up to 2026-11-20.' }
          : { symbol, hasPrices: false, message: `No price data for ${symbol}.` },
      mergeImport: merge,
    });
    importer.send({ type: 'import.fileSelected', file });
    await waitFor(importer, (s) => s.matches({ preview: 'ready' }));
    importer.send({ type: 'import.setTicker', key: 'NL0000000001', ticker: ' abc.xx ' });
    importer.send({ type: 'import.checkTicker', key: 'NL0000000001' });
    expect(importer.getSnapshot().context.checks.NL0000000001).toMatchObject({ symbol: 'ABC.XX', status: 'checking' });
    await waitFor(importer, (s) => s.context.checks.NL0000000001?.status === 'none');
    expect(importer.getSnapshot().context.checks.NL0000000001!.message).toBe('No price data for ABC.XX.');
    importer.send({ type: 'import.setTicker', key: 'NL0000000001', ticker: 'abc.as' });
    expect(importer.getSnapshot().context.checks.NL0000000001, 'a new symbol drops the old check').toBeUndefined();
    importer.send({ type: 'import.checkTicker', key: 'NL0000000001' });
    await waitFor(importer, (s) => s.context.checks.NL0000000001?.status === 'prices');
    importer.send({ type: 'import.confirm' });
    await waitFor(importer, (s) => s.matches('done'));
    expect(merge).toHaveBeenCalledOnce();
  });

  it('imports a product without a symbol in one click under its placeholder, and says when the symbols could not be kept', async () => {
    const merge = vi.fn(async ({ tickers }: { existing: TransactionSet; tickers: Record<string, string> }) => {
      expect(tickers).toEqual({});
      return { merged: setOf(buy, imported), added: 1, alreadyPresent: 0, taxFilled: 0, unresolvedProducts: [] };
    });
    const { importer } = await ready({
      server: { set: setOf(buy), version: 1 },
      parseImport: async () =>
        previewWith({
          products: [
            product({ key: 'IE00B3XXRP09', product: 'VANGUARD S&P500', ticker: 'VUSA.AS', source: 'table' }),
            product({ key: 'NL0000000001', product: 'SOME NV', ticker: 'NL0000000001', source: 'placeholder' }),
            product({
              key: 'DEGIRO account costs',
              product: 'DEGIRO account costs',
              isin: '',
              ticker: 'DEGIRO-COSTS',
              source: 'none-needed',
            }),
          ],
        }),
      mergeImport: merge,
      save: async ({ base }) => ({ transactions: base, version: '"2"' }),
      saveChoices: async () => {
        throw new Error('503 The database does not answer.');
      },
    });
    importer.send({ type: 'import.fileSelected', file });
    await waitFor(importer, (s) => s.matches('preview'));
    importer.send({ type: 'import.confirm' });
    await waitFor(importer, (s) => s.matches('done'));
    expect(merge).toHaveBeenCalledOnce();
    expect(importer.getSnapshot().context.result).toEqual({
      added: 1,
      alreadyPresent: 0,
      taxFilled: 0,
      choicesProblem: 'The symbols were not kept for your next import: 503 The database does not answer.',
      reconciliation: [],
      account: null,
    });
  });

  it('the same file again, with nothing new and nothing to complete, is not confirmed: it stays in the preview and saves nothing', async () => {
    const save = vi.fn();
    const { importer } = await ready({
      server: { set: setOf(buy, imported), version: 1 },
      parseImport: async () => previewWith({ newTransactions: 0, alreadyImported: 1 }),
      mergeImport: async () => ({
        merged: setOf(buy, imported),
        added: 0,
        alreadyPresent: 1,
        taxFilled: 0,
        unresolvedProducts: [],
      }),
      save,
    });
    importer.send({ type: 'import.fileSelected', file });
    await waitFor(importer, (s) => s.matches('preview'));
    expect(importer.getSnapshot().context.preview?.newTransactions).toBe(0);
    importer.send({ type: 'import.confirm' });
    expect(importer.getSnapshot().matches('preview')).toBe(true);
    expect(save).not.toHaveBeenCalled();
  });

  it('cancel leaves everything as it was', async () => {
    const server = { set: setOf(buy), version: 1 };
    const { importer, portfolio } = await ready({ server, parseImport: async () => previewWith() });
    importer.send({ type: 'import.fileSelected', file });
    await waitFor(importer, (s) => s.matches('preview'));
    importer.send({ type: 'import.cancel' });
    await waitFor(importer, (s) => s.matches('idle'));
    expect(importer.getSnapshot().context.preview).toBeNull();
    expect(unlisted(portfolio.getSnapshot().context.transactions)).toEqual(setOf(buy));
  });

  it('a file that is not a DEGIRO export ends in failed with the parser’s message', async () => {
    const { importer } = await ready({
      server: { set: setOf(buy), version: 1 },
      parseImport: async () =>
        previewWith({ error: 'This is not a DEGIRO account statement: expected a header starting Datum,Tijd,…' }),
    });
    importer.send({ type: 'import.fileSelected', file });
    await waitFor(importer, (s) => s.matches('failed'));
    expect(importer.getSnapshot().context.error).toBe(
      'This is not a DEGIRO account statement: expected a header starting Datum,Tijd,…',
    );
    importer.send({ type: 'import.dismiss' });
    expect(importer.getSnapshot().matches('idle')).toBe(true);
  });

  it('a parser crash ends in failed with the message', async () => {
    const { importer } = await ready({
      server: { set: setOf(buy), version: 1 },
      parseImport: async () => {
        throw new Error('out of memory');
      },
    });
    importer.send({ type: 'import.fileSelected', file });
    await waitFor(importer, (s) => s.matches('failed'));
    expect(importer.getSnapshot().context.error).toBe('The file could not be read: out of memory');
  });

  it('a failed save keeps the preview and says why', async () => {
    const { importer } = await ready({
      server: { set: setOf(buy), version: 1 },
      parseImport: async () => previewWith(),
      mergeImport: async () => ({
        merged: setOf(buy, imported),
        added: 1,
        alreadyPresent: 0,
        taxFilled: 0,
        unresolvedProducts: [],
      }),
      save: async () => {
        throw new HttpError(500, 'Storage failed to write.');
      },
    });
    importer.send({ type: 'import.fileSelected', file });
    await waitFor(importer, (s) => s.matches('preview'));
    importer.send({ type: 'import.confirm' });
    await waitFor(importer, (s) => s.matches({ preview: 'ready' }) && s.context.error !== null);
    expect(importer.getSnapshot().context.error).toBe('Saving failed, nothing was imported: Storage failed to write.');
    expect(importer.getSnapshot().context.preview).not.toBeNull();
  });

  it('a conflict on save reloads the portfolio and keeps the preview to confirm again', async () => {
    const server = { set: setOf(buy), version: 1 };
    let saves = 0;
    const { importer, portfolio } = await ready({
      server,
      parseImport: async () => previewWith(),
      mergeImport: async ({ existing }) => ({
        merged: { ...existing, stock: [...existing.stock, imported] },
        added: 1,
        alreadyPresent: 0,
        taxFilled: 0,
        unresolvedProducts: [],
      }),
      save: async ({ base, version }) => {
        saves += 1;
        if (version !== `"${server.version}"`) throw new HttpError(412, 'Version mismatch');
        server.set = base;
        server.version += 1;
        return { transactions: base, version: `"${server.version}"` };
      },
    });
    importer.send({ type: 'import.fileSelected', file });
    await waitFor(importer, (s) => s.matches('preview'));
    server.version = 5; // another tab saved meanwhile
    importer.send({ type: 'import.confirm' });
    await waitFor(importer, (s) => s.matches({ preview: 'ready' }) && s.context.error !== null);
    expect(importer.getSnapshot().context.error).toMatch(/changed elsewhere/);
    await waitFor(portfolio, (s) => s.context.version === '"5"' && s.matches({ ready: 'settled' }));
    importer.send({ type: 'import.confirm' });
    await waitFor(importer, (s) => s.matches('done'));
    expect(saves).toBe(2);
    expect(server.set.stock).toContainEqual(imported);
  });
});
