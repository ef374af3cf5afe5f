/**
 * The import's two actors that talk to the worker by callback: the parse (progress, then one answer; leaving
 * the state cancels it there) and the check of a typed symbol (a newer check makes its answer stale). The
 * import machine (import-machine.ts) names them in its `setup()`.
 */
import * as Comlink from 'comlink';
import { fromCallback } from 'xstate';
import { messageOf } from '../model/message';
import type { ImportPreview, ImportProgress, SymbolCheck } from '../worker';
import type { ImportEvent } from './import-machine';
import { credentialsFor, getWorker } from './services/worker-client';

/** What the parsing actor reports back; `parse.otherCsv`: the file is no DEGIRO account statement (`note`: what the parse said). */
export type ParseEvent =
  | { type: 'parse.progress'; progress: ImportProgress }
  | { type: 'parse.done'; preview: ImportPreview }
  | { type: 'parse.otherCsv'; note: string | null }
  | { type: 'parse.failed'; message: string };
/** What a symbol check reports back. */
export type CheckEvent = { type: 'check.done'; key: string; check: SymbolCheck };

/** The worker parses the file and previews it against the set it holds; leaving the state cancels the parse there. */
export const parseFile = fromCallback<ImportEvent, { parseId: number; file: File }>(({ input, sendBack }) => {
  // Stopped before the worker answered: the parse is cancelled there. Once it answered, the parsed
  // file stays in the worker for the confirm.
  let over = false;
  const worker = getWorker();
  const report = Comlink.proxy((progress: ImportProgress) => {
    if (!over) sendBack({ type: 'parse.progress', progress } satisfies ParseEvent);
  });
  const answer = (event: ParseEvent) => {
    if (over) return;
    over = true;
    sendBack(event);
  };
  worker
    .parseImport(input.parseId, input.file, report)
    .then((parsed) =>
      answer(
        !parsed.ok
          ? { type: 'parse.failed', message: parsed.message }
          : parsed.otherCsv
            ? { type: 'parse.otherCsv', note: parsed.preview.error }
            : { type: 'parse.done', preview: parsed.preview },
      ),
    )
    .catch((error: unknown) => answer({ type: 'parse.failed', message: messageOf(error) }));
  return () => {
    if (over) return;
    over = true;
    void worker.cancelImport(input.parseId);
  };
});

/** The worker asks the quotes service for a typed symbol; the answer comes back as an event (a newer check makes it stale). */
export const checkSymbol = fromCallback<ImportEvent, { idToken: string | null; key: string; symbol: string }>(({ input, sendBack }) => {
  let over = false;
  const answer = (check: SymbolCheck) => {
    if (!over) sendBack({ type: 'check.done', key: input.key, check } satisfies CheckEvent);
  };
  getWorker()
    .checkSymbol(input.symbol, credentialsFor(input.idToken))
    .then(answer, (error: unknown) => answer({ symbol: input.symbol, hasPrices: false, message: `${input.symbol} could not be checked: ${messageOf(error)}` }));
  return () => {
    over = true;
  };
});
