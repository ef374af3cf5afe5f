/**
 * `/api/csv-mappings` (behind the ID-token check, which sets the user): the column mapping the user chose
 * for another broker's CSV, remembered per file header (`headerKey` in src/model/csv-mapping.ts).
 * - `GET ?header=KEY` → 200 `{mapping}`: the mapping saved for that header, or null.
 * - `PUT` `{header: KEY, mapping}` → 200 `{mapping}`: saved (replacing the header's earlier one); the user's
 *   MAX_REMEMBERED_MAPPINGS most recently saved are kept.
 * - `GET /all` → 200 `{mappings: [{header, mapping, savedAt}]}`: every mapping the user has, most recently
 *   saved first (for the JSON backup).
 * - `PUT /all` `{mode: 'merge' | 'replace', mappings: [{header, mapping, savedAt}]}` → 200 `{mappings}` (the
 *   user's after): a backup's mappings restored with their saved-at times, atomically; `replace` forgets
 *   the user's others, `merge` keeps the user's own for a header both have; the MAX_REMEMBERED_MAPPINGS
 *   most recently saved are kept.
 * JSON only (415), a small body (413), checked (400 `{message, issues}`, nothing stored); 503 when the
 * database does not answer. Writes carry the anti-forgery header like every write (`http/xsrf-guard.ts`).
 */
import { Hono, type Context } from 'hono';
import {
  checkCsvMapping,
  checkRememberedMappings,
  headerKeyProblem,
  MAX_REMEMBERED_MAPPINGS,
} from '../../src/model/csv-mapping';
import type { Log } from '../log';
import type { CsvMappingStore } from '../storage/types';
import type { AppEnv } from '../http/app-env';
import { jsonBodyLimit, readJsonFields } from '../http/json-body';
import { savedAtProblem } from './saved-at-rule';
import { isStorageUnwritable, unwritableStorageMessage } from '../storage/storage-failure';

export const MAX_CSV_MAPPING_BODY_BYTES = 16 * 1024;
/** A restore sends at most MAX_REMEMBERED_MAPPINGS mappings of at most MAX_CSV_MAPPING_BODY_BYTES each. */
export const MAX_CSV_MAPPINGS_RESTORE_BYTES = MAX_REMEMBERED_MAPPINGS * MAX_CSV_MAPPING_BODY_BYTES;

export function csvMappingRoutes(store: CsvMappingStore, log: Log): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const databaseDown = (c: Context<AppEnv>, error: unknown, what: string) => {
    log.error(`csv mapping ${what} failed`, { error });
    if (what !== 'read' && isStorageUnwritable(error))
      return c.json({ message: unwritableStorageMessage('The column mapping') }, 507);
    c.header('Retry-After', '5');
    return c.json(
      { message: `The column mapping could not be ${what}: the database does not answer. Try again in a moment.` },
      503,
    );
  };
  /** A read of the user's own mappings: never cached by the browser, 503 when the database does not answer. */
  const answerRead = async (c: Context<AppEnv>, read: () => Promise<object>) => {
    c.header('Cache-Control', 'no-store');
    try {
      return c.json(await read());
    } catch (error) {
      return databaseDown(c, error, 'read');
    }
  };

  routes.get('/', async (c) => {
    const header = c.req.query('header');
    const problem = headerKeyProblem(header);
    if (problem) return c.json({ message: problem, issues: [] }, 400);
    return answerRead(c, async () => ({ mapping: await store.get(c.var.user.sub, header!) }));
  });

  routes.put(
    '/',
    jsonBodyLimit(
      MAX_CSV_MAPPING_BODY_BYTES,
      `The mapping is larger than ${MAX_CSV_MAPPING_BODY_BYTES} bytes; nothing was saved.`,
    ),
    async (c) => {
      const read = await readJsonFields(c, 'the mapping', ['header', 'mapping'], '{"header": "…", "mapping": {…}}');
      if (!read.ok) return read.response;
      const { header, mapping } = read.fields;
      const problem = headerKeyProblem(header);
      if (problem)
        return c.json(
          { message: `${problem} Nothing was saved.`, issues: [{ path: 'header', message: problem }] },
          400,
        );
      const checked = checkCsvMapping(mapping);
      if (!checked.ok)
        return c.json(
          { message: `${checked.message} Nothing was saved.`, issues: [{ path: 'mapping', message: checked.message }] },
          400,
        );
      try {
        await store.save(c.var.user.sub, header as string, checked.value);
        return c.json({ mapping: checked.value });
      } catch (error) {
        return databaseDown(c, error, 'saved');
      }
    },
  );

  routes.get('/all', (c) => answerRead(c, async () => ({ mappings: await store.list(c.var.user.sub) })));

  routes.put(
    '/all',
    jsonBodyLimit(
      MAX_CSV_MAPPINGS_RESTORE_BYTES,
      `The mappings are larger than ${MAX_CSV_MAPPINGS_RESTORE_BYTES} bytes; nothing was saved.`,
    ),
    async (c) => {
      const read = await readJsonFields(
        c,
        'the mappings',
        ['mode', 'mappings'],
        '{"mode": "merge" | "replace", "mappings": […]}',
      );
      if (!read.ok) return read.response;
      const { mode, mappings } = read.fields;
      if (mode !== 'merge' && mode !== 'replace')
        return c.json(
          {
            message: 'The mode is "merge" or "replace"; nothing was saved.',
            issues: [{ path: 'mode', message: 'merge or replace' }],
          },
          400,
        );
      const checked = checkRememberedMappings(mappings, { nowMs: Date.now() });
      if (!checked.ok)
        return c.json(
          {
            message: `The mappings are not valid: ${checked.message}. Nothing was saved.`,
            issues: [{ path: 'mappings', message: checked.message }],
          },
          400,
        );
      const timeProblem = savedAtProblem(checked.value, Date.now());
      if (timeProblem)
        return c.json(
          {
            message: `The mappings are not valid: ${timeProblem}. Nothing was saved.`,
            issues: [{ path: 'mappings', message: timeProblem }],
          },
          400,
        );
      try {
        await store.restore(c.var.user.sub, checked.value, mode);
        return c.json({ mappings: await store.list(c.var.user.sub) });
      } catch (error) {
        return databaseDown(c, error, 'saved');
      }
    },
  );

  routes.all('/all', (c) => {
    c.header('Allow', 'GET, PUT');
    return c.json({ message: 'All column mappings are read with GET and restored with PUT {mode, mappings}.' }, 405);
  });

  routes.all('/', (c) => {
    c.header('Allow', 'GET, PUT');
    return c.json({ message: 'Column mappings are read with GET ?header=… and saved with PUT.' }, 405);
  });
  return routes;
}
