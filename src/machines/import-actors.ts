/**
 * The import's two actors that talk to the worker by callback: the parse (progress, then one answer; leaving
 * the state cancels it there) and the check of a typed symbol (a newer check makes its answer stale). The
 * import machine (import-machine.ts) names them in its `setup()`.
 */
import * as Comlink from 'comlink';
import { fromCallback, fromPromise } from 'xstate';
import type { Account } from '../model/cash';
import { messageOf } from '../model/message';
import type { Outcome } from '../model/outcome';
import type { ImportPreview, ImportProgress, ImportTarget, Reconciliation, SymbolCheck } from '../worker';
import type { ImportEvent } from './import-machine';
import { credentialsFor, getWorker, setViewInSlices, type SetView } from './services/worker-client';

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
export const checkSymbol = fromCallback<ImportEvent, { idToken: string | null; key: string; symbol: string }>(
  ({ input, sendBack }) => {
    let over = false;
    const answer = (check: SymbolCheck) => {
      if (!over) sendBack({ type: 'check.done', key: input.key, check } satisfies CheckEvent);
    };
    getWorker()
      .checkSymbol(input.symbol, credentialsFor(input.idToken))
      .then(answer, (error: unknown) =>
        answer({
          symbol: input.symbol,
          hasPrices: false,
          message: `${input.symbol} could not be checked: ${messageOf(error)}`,
        }),
      );
    return () => {
      over = true;
    };
  },
);

/** A confirmed import as the page gets it: the counts, the statement's check, the account, and the stored set's view (null when nothing was new). */
export interface ImportStored {
  added: number;
  alreadyPresent: number;
  /** Dividends stored before without their withheld tax that the file filled in. */
  taxFilled: number;
  view: SetView | null;
  choicesProblem: string | null;
  reconciliation: Reconciliation[];
  /** The account the rows went to (a new one's id too); null: the set's first. */
  account: string | null;
}

/** The worker merges the parsed file into the set it holds, in the chosen account, with the tickers chosen, stores it and keeps the symbols chosen. */
export const confirm = fromPromise<
  Outcome<ImportStored>,
  { idToken: string | null; tickers: Record<string, string>; target: ImportTarget | null }
>(async ({ input }) => {
  const saved = await getWorker().confirmImport(
    input.tickers,
    credentialsFor(input.idToken),
    input.target ?? undefined,
  );
  if (!saved.ok) return saved;
  const { added, alreadyPresent, taxFilled, choicesProblem, reconciliation, account } = saved;
  return {
    ok: true,
    added,
    alreadyPresent,
    taxFilled,
    choicesProblem,
    reconciliation,
    account,
    view: saved.view && (await setViewInSlices(saved.view)),
  };
});

/** A file's name without its folder and extension, as a new account's name ('Account.csv' → 'Account'). */
export const accountNameOf = (fileName: string): string =>
  fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100) || 'Imported account';

/** The account an import proposes: the last one used this session while it exists, else a new one named after the file. */
export function proposedTarget(
  fileName: string,
  lastAccount: string | null,
  accounts: readonly Account[] | undefined,
): ImportTarget {
  if (lastAccount !== null && (accounts ?? []).some((account) => account.id === lastAccount))
    return { account: lastAccount };
  return { newAccount: accountNameOf(fileName) };
}

/** A typed symbol's check: running, or its answer in words. */
export interface TickerCheck {
  symbol: string;
  status: 'checking' | 'prices' | 'none';
  message: string;
}

export function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}
