/**
 * The count of every row of another broker's CSV by a mapping, after a pause: the mapped import's one
 * actor that talks to the worker by callback (progress, then one answer). The machine
 * (mapped-import-machine.ts) names it `count` in its `setup()`.
 */
import * as Comlink from 'comlink';
import { fromCallback } from 'xstate';
import type { CsvMapping } from '../model/csv-mapping';
import { messageOf } from '../model/message';
import type { Outcome } from '../model/outcome';
import type { CountProgress, MappedPreview } from '../worker';
import { getWorker } from './services/worker-client';

/** What the worker's count of every row sends back. */
export type CountEvent =
  | { type: 'mapping.countProgress'; progress: CountProgress }
  | { type: 'mapping.counted'; outcome: Outcome<{ preview: MappedPreview }> };

/** The pause after a change of the mapping before every row is counted (ms): a quick series of changes counts once. */
export const COUNT_DELAY_MS = 300;

/**
 * After COUNT_DELAY_MS the worker counts every row; leaving the state first (a newer change, an import,
 * a cancel) stops the wait, and leaving it later cancels the count there.
 */
export const countRows = fromCallback<CountEvent, { countId: number; mapping: CsvMapping }>(({ input, sendBack }) => {
  let over = false;
  let started = false;
  const worker = getWorker();
  const report = Comlink.proxy((progress: CountProgress) => {
    if (!over) sendBack({ type: 'mapping.countProgress', progress });
  });
  const answer = (outcome: Outcome<{ preview: MappedPreview }>) => {
    if (over) return;
    over = true;
    sendBack({ type: 'mapping.counted', outcome });
  };
  const wait = setTimeout(() => {
    started = true;
    worker
      .countMappedCsv(input.countId, input.mapping, report)
      .then(answer)
      .catch((error: unknown) =>
        answer({ ok: false, status: 0, message: `The rows could not be counted: ${messageOf(error)}` }),
      );
  }, COUNT_DELAY_MS);
  return () => {
    clearTimeout(wait);
    if (over) return;
    over = true;
    if (started) void worker.cancelMappedCount(input.countId);
  };
});
