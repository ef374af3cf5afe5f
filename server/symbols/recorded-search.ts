/**
 * Offline symbol search: Yahoo search answers kept as files, `<ISIN>.json` in a directory (by default
 * `data/symbol-search/`), each the JSON body Yahoo answers (`{quotes: [...], ...}`) or a recorded
 * exchange that keeps it under `response.bodyJson`. An ISIN without a file has no recorded listing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isValidIsin } from '../../src/model';
import { listingsFromSearch } from './listings';
import type { SearchResult, SymbolSearch } from './yahoo-search';

/** Recorded answers found for no ISIN: not an error, the search simply knows nothing of it. */
export function createRecordedSearch(directory: string): SymbolSearch {
  return {
    async search(isin) {
      // The service checks ISINs first; checked again here because the name becomes a path.
      if (!isValidIsin(isin)) return { ok: false, failure: { kind: 'rejected', message: `"${isin}" is not an ISIN` } };
      let text: string;
      try {
        text = await readFile(path.join(directory, `${isin}.json`), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, candidates: [] };
        return { ok: false, failure: { kind: 'offline', message: `the recorded search of ${isin} cannot be read` } };
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { ok: false, failure: { kind: 'bad-response', message: `the recorded search of ${isin} is not JSON` } };
      }
      const body =
        typeof json === 'object' && json !== null && 'response' in json
          ? (json as { response: { bodyJson?: unknown } }).response.bodyJson
          : json;
      const parsed = listingsFromSearch(body);
      const result: SearchResult = parsed.ok
        ? { ok: true, candidates: parsed.candidates }
        : {
            ok: false,
            failure: { kind: 'bad-response', message: `the recorded search of ${isin} is unusable: ${parsed.reason}` },
          };
      return result;
    },
  };
}
