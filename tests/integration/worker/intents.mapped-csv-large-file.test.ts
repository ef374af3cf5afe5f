/**
 * Another broker's CSV of 100,000 rows through the worker's intents (over a channel, as the page talks to
 * it): each change of the mapping answers from the first rows without reading the file; the count of
 * every row reads in stretches, reports progress, and a newer change cancels it (its answer says so) while
 * the newer preview answers at once; a count left alone finds the one bad row near the end that the first
 * rows could not show, and compares every row with the portfolio.
 */
import * as Comlink from 'comlink';
import { expect, it, vi } from 'vitest';
import type { CountProgress } from '#src/worker';
import { SAMPLE_ROWS } from '#src/worker/mapped-csv/session';
import { workerOnARealServer } from '#helpers/worker/signed-in-worker';
import { EUROPEAN_MAPPING_WITH_CURRENCY } from '#helpers/csv-mappings';

const real = workerOnARealServer();

const ROWS = 100_000;
/** The one row that cannot be read: 31 June, near the end. */
const BAD_ROW_INDEX = ROWS - 10;

function bigFile(): string {
  const lines = ['Datum;Type;Symbool;Aantal;Totaal;Valuta'];
  for (let i = 0; i < ROWS; i++) {
    const day =
      i === BAD_ROW_INDEX
        ? '31-06-2021'
        : `${String(1 + (i % 28)).padStart(2, '0')}-${String(1 + (i % 12)).padStart(2, '0')}-${2000 + (i % 25)}`;
    lines.push(
      `${day};${i % 3 === 0 ? 'Verkoop' : 'Koop'};${['VWCE.DE', 'AAPL', 'ASML.AS'][i % 3]};${1 + (i % 7)};${(100 + i / 100).toFixed(2).replace('.', ',')};EUR`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const mapping = EUROPEAN_MAPPING_WITH_CURRENCY;

it('answers each change from the first rows, counts every row after, and a newer change cancels the count', async () => {
  const { credentials, worker } = await real.signedIn('big-file');
  await worker.load(credentials);
  const opened = await worker.openMappedCsv(new Blob([bigFile()], { type: 'text/csv' }), 'big.csv', credentials);
  if (!opened.ok) throw new Error(opened.message);
  // The proposal's preview: the first rows only, the file's size known.
  expect(opened.file.preview).toMatchObject({ complete: false, sampledRows: SAMPLE_ROWS, rowCount: ROWS });

  const started = performance.now();
  const first = await worker.previewMappedCsv(mapping);
  const previewMs = performance.now() - started;
  expect(first).toMatchObject({
    ok: true,
    preview: {
      error: null,
      complete: false,
      sampledRows: SAMPLE_ROWS,
      rowCount: ROWS,
      problemCount: 0,
      transactionCount: SAMPLE_ROWS,
    },
  });
  if (!first.ok) throw new Error(first.message);
  expect(first.preview.rows).toHaveLength(10);

  // A count under way: at its first progress, the user changes the mapping (another decimal mark).
  const order: string[] = [];
  let newer: Promise<unknown> | null = null;
  const progress: CountProgress[] = [];
  const cancelled = worker.countMappedCsv(
    1,
    mapping,
    Comlink.proxy((p: CountProgress) => {
      progress.push(p);
      newer ??= worker.previewMappedCsv({ ...mapping, decimalMark: '.' }).then((answer) => {
        order.push('newer preview');
        return answer;
      });
    }),
  );
  const cancelledAnswer = await cancelled;
  order.push('first count');
  expect(await newer).toMatchObject({ ok: true, preview: { complete: false, sampledRows: SAMPLE_ROWS } });
  expect(cancelledAnswer).toEqual({
    ok: false,
    status: 0,
    message: 'The count was cancelled or overtaken by a newer change of the mapping.',
  });
  // The newer preview answered before the count it cancelled, which had not read the whole file.
  expect(order).toEqual(['newer preview', 'first count']);
  expect(progress[0]!.rowsRead).toBeLessThan(ROWS);
  expect(Math.max(...progress.map((p) => p.rowsRead))).toBeLessThan(ROWS);

  // A count left alone: every row read, with progress to the end; the bad row near the end found.
  const countStarted = performance.now();
  const seen: CountProgress[] = [];
  const counted = await worker.countMappedCsv(
    2,
    mapping,
    Comlink.proxy((p: CountProgress) => void seen.push(p)),
  );
  const countMs = performance.now() - countStarted;
  expect(counted).toMatchObject({
    ok: true,
    countId: 2,
    preview: {
      complete: true,
      rowCount: ROWS,
      sampledRows: ROWS,
      problemCount: 1,
      transactionCount: ROWS - 1,
      newTransactions: ROWS - 1,
      alreadyPresent: 0,
    },
  });
  if (!counted.ok) throw new Error(counted.message);
  expect(counted.preview.problems).toEqual([
    { row: BAD_ROW_INDEX + 2, message: 'date "31-06-2021" is not a date in the order DMY' },
  ]);
  // Progress comes over its own port: the last report may land just after the answer.
  await vi.waitFor(() => expect(seen.at(-1)).toEqual({ rowsRead: ROWS, rowCount: ROWS }));
  expect(seen.length).toBeGreaterThan(1);

  // Cancelling an older count leaves a newer one running; cancelling the newest stops it.
  const third = worker.countMappedCsv(
    3,
    mapping,
    Comlink.proxy(() => {}),
  );
  await worker.cancelMappedCount(2);
  await worker.cancelMappedCount(3);
  expect(await third).toMatchObject({
    ok: false,
    message: 'The count was cancelled or overtaken by a newer change of the mapping.',
  });

  console.info(
    `${ROWS} rows: a change's preview answered in ${previewMs.toFixed(0)} ms; the count of every row took ${countMs.toFixed(0)} ms`,
  );
}, 120_000);
