/**
 * The worker's intents on the set it holds, against the real server: edit and delete by id, rename a
 * ticker, delete all, a conflict when another client saved meanwhile, a parse overtaken or cancelled, and
 * sign-out forgetting the session.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { unpackListing } from '#src/model/transaction-wire';
import type { Credentials, PortfolioView } from '#src/worker';
import type { TestServer } from '#helpers/test-server';
import { answeredBody, dividend, stock, transactionsClient, transactionSet } from '#helpers/transactions-client';
import { signedInChannelPerTest, type SignedInChannel } from '#helpers/worker/worker-over-a-channel';

let server: TestServer;
let idToken: string;
let credentials: Credentials;
let channel: SignedInChannel['channel'];
signedInChannelPerTest('intents', (session) => ({ server, idToken, credentials, channel } = session));

const statement = () =>
  new Blob([readFileSync(path.resolve(import.meta.dirname, '../../fixtures/degiro/nl-example.csv'))]);

function viewOf(outcome: ({ ok: true } & PortfolioView) | { ok: false; message: string }) {
  if (!outcome.ok) throw new Error(outcome.message);
  return { ...outcome, transactions: unpackListing(outcome.listing) };
}

describe('changes by intent', () => {
  it('edits and deletes by the id the view gave; ids of untouched transactions stay', async () => {
    const { worker } = channel;
    await transactionsClient(server.url, idToken).put({
      transactions: transactionSet({
        stock: [stock('VWCE.DE', '2024-01-02', 10, 1000), stock('KO', '2024-02-01', 5, 300)],
      }),
    });
    const loaded = viewOf(await worker.load(credentials));
    const [vwce, ko] = loaded.transactions.stock;
    const edited = viewOf(
      await worker.change(
        { kind: 'edit', id: vwce!.id, transaction: { ...vwce!, amount: 12, value: 1200 } },
        credentials,
      ),
    );
    expect(edited.transactions.stock.map((t) => [t.ticker, t.amount])).toEqual([
      ['VWCE.DE', 12],
      ['KO', 5],
    ]);
    expect(edited.transactions.stock[1]!.id, 'the untouched transaction keeps its id').toBe(ko!.id);
    const deleted = viewOf(await worker.change({ kind: 'delete', id: ko!.id }, credentials));
    expect(deleted.transactions.stock.map((t) => t.ticker)).toEqual(['VWCE.DE']);
    const gone = await worker.change({ kind: 'delete', id: ko!.id }, credentials);
    expect(gone).toMatchObject({ ok: false, status: 0, message: expect.stringMatching(/no longer in your portfolio/) });
    expect((await transactionsClient(server.url, idToken).get()).body.transactions.stock).toHaveLength(1);
  });

  it('an edit keeps the transaction id and an imported row its import id, whatever the page sends', async () => {
    const { worker } = channel;
    const imported = { ...stock('VWCE.DE', '2024-01-02', 10, 1000), importId: 'degiro:abc' };
    await transactionsClient(server.url, idToken).put({
      transactions: transactionSet({ stock: [imported, stock('KO', '2024-02-01', 5, 300)] }),
    });
    const [vwce] = viewOf(await worker.load(credentials)).transactions.stock;
    const { importId: _dropped, ...withoutImportId } = vwce!;
    const edited = viewOf(
      await worker.change(
        {
          kind: 'edit',
          id: vwce!.id,
          transaction: { ...withoutImportId, date: '2024-03-05', amount: 11, value: 1100 },
        },
        credentials,
      ),
    );
    const moved = edited.transactions.stock.find((t) => t.ticker === 'VWCE.DE')!;
    expect(moved).toMatchObject({ id: vwce!.id, date: '2024-03-05', amount: 11, value: 1100, importId: 'degiro:abc' });
    expect(
      edited.transactions.stock.map((t) => t.ticker),
      'the edited row moves to its new date',
    ).toEqual(['KO', 'VWCE.DE']);
    const forged = viewOf(
      await worker.change(
        { kind: 'edit', id: vwce!.id, transaction: { ...moved, importId: 'degiro:other' } },
        credentials,
      ),
    );
    expect(
      forged.transactions.stock.find((t) => t.id === vwce!.id)!.importId,
      'the page cannot change an import id',
    ).toBe('degiro:abc');
    const stored = (await transactionsClient(server.url, idToken).get()).body.transactions.stock;
    expect(stored.find((t) => t.ticker === 'VWCE.DE')).toMatchObject({
      date: '2024-03-05',
      amount: 11,
      importId: 'degiro:abc',
    });
  });

  it('renames a ticker in every list, then deletes all', async () => {
    const { worker } = channel;
    await transactionsClient(server.url, idToken).put({
      transactions: transactionSet({
        stock: [stock('OLD', '2024-01-02', 1, 10)],
        dividend: [dividend('OLD', '2024-03-01', 2, { tax: 0.5 })],
      }),
    });
    await worker.load(credentials);
    const renamed = viewOf(await worker.change({ kind: 'renameTicker', from: 'OLD', to: 'NEW.AS' }, credentials));
    expect([...renamed.transactions.stock, ...renamed.transactions.dividend].map((t) => t.ticker)).toEqual([
      'NEW.AS',
      'NEW.AS',
    ]);
    expect(renamed.transactions.dividend[0]!.tax, 'the withheld tax is read, kept and stored again').toBe(0.5);
    expect(renamed.needed.symbols).toContain('NEW.AS');
    expect(await worker.change({ kind: 'renameTicker', from: 'OLD', to: 'X' }, credentials)).toMatchObject({
      ok: false,
      message: 'No transaction has the ticker OLD.',
    });
    const empty = viewOf(await worker.change({ kind: 'deleteAll' }, credentials));
    expect(empty.listing.ids).toHaveLength(0);
    expect((await transactionsClient(server.url, idToken).get()).body).toEqual(answeredBody(transactionSet()));
  });

  it('a save based on an older version is refused with 412, and after a reload the same change lands on the newer set', async () => {
    const { worker } = channel;
    await worker.load(credentials);
    // Another tab saves meanwhile.
    const other = transactionsClient(server.url, idToken);
    await other.put(
      { transactions: transactionSet({ dividend: [dividend('KO', '2024-03-01', 5)] }) },
      { ifMatch: (await other.get()).etag! },
    );
    const change = { kind: 'add', transaction: stock('KO', '2024-01-02', 3, 180) } as const;
    expect(await worker.change(change, credentials)).toMatchObject({ ok: false, status: 412 });
    await worker.load(credentials);
    const saved = viewOf(await worker.change(change, credentials));
    expect(saved.transactions.dividend).toHaveLength(1);
    expect(saved.transactions.stock).toHaveLength(1);
  });
});

describe('parsing by intent', () => {
  it('only the newest parse lands; a cancelled one answers a refusal and leaves nothing to confirm', async () => {
    const { worker } = channel;
    await worker.load(credentials);
    // The second file is chosen while the first is still parsing: the worker gets both calls at once,
    // however fast the first parse would otherwise finish.
    const arriving = channel.holdMessages();
    const first = worker.parseImport(
      1,
      statement(),
      Comlink.proxy(() => {}),
    );
    const second = worker.parseImport(
      2,
      statement(),
      Comlink.proxy(() => {}),
    );
    await arriving.together(2);
    expect(await first).toMatchObject({ ok: false });
    expect(await second).toMatchObject({ ok: true, parseId: 2 });
    await worker.cancelImport(2);
    expect(await worker.confirmImport({}, credentials)).toMatchObject({
      ok: false,
      message: 'There is no parsed file to import; choose the file again.',
    });
  });
});

describe('signing out', () => {
  it('forgets the set and the figures: nothing of the session is left to change or derive', async () => {
    const { worker } = channel;
    await transactionsClient(server.url, idToken).put({
      transactions: transactionSet({ stock: [stock('VWCE.DE', '2024-01-02', 10, 1000)] }),
    });
    const loaded = viewOf(await worker.load(credentials));
    expect(Object.keys((await worker.derive('2024-06-28', null)).result.tickers)).toEqual(['VWCE.DE']);
    await worker.signOut();
    expect(await worker.change({ kind: 'delete', id: loaded.transactions.stock[0]!.id }, credentials)).toMatchObject({
      ok: false,
      status: 0,
    });
    expect(Object.keys((await worker.derive('2024-06-28', null)).result.tickers)).toEqual([]);
    expect(
      (await transactionsClient(server.url, idToken).get()).body.transactions.stock,
      'the server keeps the set',
    ).toHaveLength(1);
  });
});
