/**
 * Another broker's CSV: open the file (kept here) with a proposed mapping of its columns, a live preview of
 * a mapping, a count of every row (cancellable), the import, and the mapping remembered for its header.
 * The reader lives in mapped-csv/ and is loaded by the first `openMappedCsv`.
 */
import type { TransactionSet } from '../../model';
import type { CsvMapping } from '../../model/csv-mapping';
import { messageOf } from '../../model/message';
import { refusal, type Outcome } from '../../model/outcome';
import type { CountProgress, MappedCsvSession, MappedFile, MappedPreview } from '../mapped-csv/session';
import type { Credentials } from '../services/http';
import { portfolioView, withView, type WorkerContext } from './context';
import type { MappedImportSaved } from './contract';
import { refusing } from './refuse';

export function mappedCsvIntents(context: WorkerContext) {
  const { store } = context;
  const openedMapping = (): MappedCsvSession => {
    if (!context.mappedSession) throw new Error('There is no file to map; choose it again.');
    return context.mappedSession;
  };
  return {
    /** Reads the file (kept here) and proposes a mapping: the one remembered for its header, else a guess; with its preview. */
    async openMappedCsv(
      file: Blob,
      fileName: string,
      credentials: Credentials,
    ): Promise<Outcome<{ file: MappedFile }>> {
      return refusing(async () => {
        const [{ MappedCsvSession }, { fetchCsvMapping }] = await Promise.all([
          import('../mapped-csv/session'),
          import('../services/csv-mappings-api'),
        ]);
        context.mappedSession ??= new MappedCsvSession();
        const opened = await context.mappedSession.open(file, fileName, store.current(), (key) =>
          fetchCsvMapping(credentials, key),
        );
        return opened.ok ? opened : refusal(0, opened.message);
      });
    },
    /**
     * The live preview of `mapping` on the open file, at once: its first rows (all of a small file), and its
     * header as the mapping's delimiter splits it. Cancels a running count (a newer change of the mapping).
     */
    previewMappedCsv(mapping: CsvMapping): Outcome<{ header: string[]; preview: MappedPreview }> {
      return refusing((): Outcome<{ header: string[]; preview: MappedPreview }> => {
        const session = openedMapping();
        return { ok: true, header: session.header(mapping), preview: session.preview(mapping, store.current()) };
      });
    },
    /**
     * Reads every row of the open file by `mapping` (the problems, what an import would add), in stretches
     * with the worker free in between; `onProgress` (a Comlink proxy) hears the rows read. A newer preview or
     * count, `cancelMappedCount` or a discard stops it: its answer is then a refusal.
     */
    async countMappedCsv(
      countId: number,
      mapping: CsvMapping,
      onProgress: (progress: CountProgress) => void,
    ): Promise<Outcome<{ countId: number; preview: MappedPreview }>> {
      return refusing(async () => {
        const session = openedMapping();
        context.mappedCount = countId;
        const preview = await session.count(mapping, () => store.current(), onProgress);
        return preview
          ? { ok: true, countId, preview }
          : refusal(0, 'The count was cancelled or overtaken by a newer change of the mapping.');
      });
    },
    cancelMappedCount(countId: number): void {
      if (countId === context.mappedCount) context.mappedSession?.cancelCount();
    },
    /**
     * Merges every row `mapping` reads into the held set by import id (nothing twice) and stores it against
     * the held version, like any import; then remembers the mapping for the file's header.
     */
    async confirmMappedCsv(mapping: CsvMapping, credentials: Credentials): Promise<Outcome<MappedImportSaved>> {
      const outcome = await refusing(async (): Promise<Outcome<MappedImportSaved>> => {
        const session = openedMapping();
        const key = session.headerKey();
        const stored = await store.replace(async (set: TransactionSet) => {
          const { merged, added, alreadyPresent, skippedRows } = session.merge(mapping, set);
          return { set: added > 0 ? merged : null, extra: { added, alreadyPresent, skippedRows } };
        }, credentials);
        if (!stored.ok) return stored;
        let mappingNotRemembered: string | null = null;
        try {
          if (key !== null) {
            const { saveCsvMapping } = await import('../services/csv-mappings-api');
            await saveCsvMapping(credentials, key, mapping);
          }
        } catch (error) {
          mappingNotRemembered = messageOf(error);
        }
        const { added, alreadyPresent, skippedRows } = stored;
        return {
          ok: true,
          added,
          alreadyPresent,
          skippedRows,
          view: stored.view && portfolioView(context, stored.view),
          mappingNotRemembered,
        };
      });
      if (outcome.ok) context.mappedSession?.discard();
      return withView(outcome, (saved) => saved.view);
    },
    discardMappedCsv(): void {
      context.mappedSession?.discard();
    },
  };
}
