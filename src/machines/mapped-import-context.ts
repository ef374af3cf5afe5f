/**
 * The mapped-import machine's context and events (mapped-import-machine.ts): the file, its header, the
 * mapping, the preview and the count; with the pure steps over it that its named actions use.
 */
import type { CsvMapping, MappedField } from '../model/csv-mapping';
import type { Outcome } from '../model/outcome';
import type { CountProgress, MappedFile, MappedPreview } from '../worker';
import type { SetView } from './services/worker-client';

/** The mapping's choices other than the columns. */
export type MappingOptions = Partial<Pick<CsvMapping, 'delimiter' | 'fixedCurrency' | 'dateOrder' | 'decimalMark'>>;

export type MappedImportEvent =
  | { type: 'mapping.open'; file: Blob; fileName: string; note: string | null }
  | { type: 'mapping.setColumn'; field: MappedField; column: number | null }
  | { type: 'mapping.setOptions'; options: MappingOptions }
  | { type: 'mapping.confirm' }
  | { type: 'mapping.cancel' }
  | { type: 'mapping.dismiss' }
  /** Another file was chosen: whatever this one shows goes (an import being saved finishes first). */
  | { type: 'mapping.close' };

/** An import stored: its counts, the stored set's view (null when nothing was new), why the mapping was not remembered (null: it was). */
export interface MappedStored {
  added: number;
  alreadyPresent: number;
  skippedRows: number;
  view: SetView | null;
  mappingNotRemembered: string | null;
}

export interface MappedImportContext {
  idToken: string | null;
  file: Blob | null;
  fileName: string | null;
  /** What the DEGIRO parse said of the file when it resembles one of DEGIRO's other files; else null. */
  note: string | null;
  header: string[];
  mapping: CsvMapping | null;
  /** The mapping was the one remembered for this header. */
  remembered: boolean;
  /** The first rows' preview, then the count's over every row (`complete`). */
  preview: MappedPreview | null;
  /** The count's progress while it runs; null otherwise. */
  counting: CountProgress | null;
  /** Counts started, each one's id (so that cancelling a stale count leaves a newer one running). */
  countId: number;
  result: Omit<MappedStored, 'view'> | null;
  error: string | null;
}

export const EMPTY: Omit<MappedImportContext, 'idToken'> = {
  file: null,
  fileName: null,
  note: null,
  header: [],
  mapping: null,
  remembered: false,
  preview: null,
  counting: null,
  countId: 0,
  result: null,
  error: null,
};

/** An import stored, as the result shows it. */
export function storedResult(stored: MappedStored | null): Omit<MappedStored, 'view'> | null {
  return (
    stored && {
      added: stored.added,
      alreadyPresent: stored.alreadyPresent,
      skippedRows: stored.skippedRows,
      mappingNotRemembered: stored.mappingNotRemembered,
    }
  );
}

/** What the worker read of the file: its header, the proposed mapping and its first rows (nothing when it failed). */
export function openedFile(output: Outcome<{ file: MappedFile }>): Partial<MappedImportContext> {
  return output.ok
    ? {
        header: output.file.header,
        mapping: output.file.mapping,
        remembered: output.file.remembered,
        preview: output.file.preview,
      }
    : {};
}
