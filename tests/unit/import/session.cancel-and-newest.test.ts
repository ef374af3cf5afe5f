/**
 * The worker's import session: a cancel reaches the parse running (it stops between chunks) and each parse
 * carries an id, so that a large file cancelled or overtaken and finishing later never replaces the file
 * chosen after it — the preview and the import are of the newest file only.
 */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet } from '#src/model';
import { ImportSession } from '#src/worker/import-session';
import { generateExport } from '#helpers/import/export-generator';
import { allTransactions, fixtureBytes, importFixture } from '#helpers/import/degiro-files';

/** A statement of ~40,000 rows (some MB, many chunks), and a promise that resolves once its parse has read a first chunk. */
function largeParse(session: ImportSession, id: number) {
  let underway!: () => void;
  const started = new Promise<void>((resolve) => (underway = resolve));
  const preview = session.parse(id, new Blob([generateExport(40_000, 7).text]), emptyTransactionSet, () => underway());
  return { preview, started };
}

describe('ImportSession: cancel and the newest parse', () => {
  it('a cancel stops the parse running: it answers nothing and leaves nothing to import', async () => {
    const session = new ImportSession();
    const large = largeParse(session, 1);
    await large.started;
    session.cancel(1);
    expect(await large.preview).toBeNull();
    await expect(session.merge(emptyTransactionSet(), {})).rejects.toThrow(
      'There is no parsed file to import; choose the file again.',
    );
  });

  it('cancel a large file, choose a small one: the large one finishing later replaces neither the preview nor the import', async () => {
    const small = await importFixture('nl-example.csv');
    const session = new ImportSession();
    const large = largeParse(session, 1);
    await large.started;
    session.cancel(1);
    const chosen = session.parse(2, new Blob([fixtureBytes('nl-example.csv')]), emptyTransactionSet, () => {});
    const [largeAnswer, smallAnswer] = await Promise.all([large.preview, chosen]);
    expect(largeAnswer).toBeNull();
    expect(smallAnswer?.counts).toEqual(small.counts);
    const merged = await session.merge(emptyTransactionSet(), {});
    expect(merged.added).toBe(allTransactions(small).length + small.transactions.cash.length);
  });

  it('without a cancel, a newer parse overtakes the one running, and a cancel of the older id does not touch the newer', async () => {
    const small = await importFixture('nl-example.csv');
    const session = new ImportSession();
    const large = largeParse(session, 1);
    await large.started;
    const chosen = session.parse(2, new Blob([fixtureBytes('nl-example.csv')]), emptyTransactionSet, () => {});
    session.cancel(1);
    expect(await large.preview).toBeNull();
    expect((await chosen)?.counts).toEqual(small.counts);
    expect((await session.merge(emptyTransactionSet(), {})).added).toBe(
      allTransactions(small).length + small.transactions.cash.length,
    );
  });
});
