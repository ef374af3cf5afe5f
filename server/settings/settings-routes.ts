/**
 * `/api/settings` (behind the ID-token check, which sets the user): the signed-in user's settings.
 * - `GET` → 200 `{settings}`, the defaults when none were saved.
 * - `PUT` `{benchmark?: string | null, baseCurrency?: string}` → 200 `{settings}`: sets the keys it names,
 *   keeps the others; a base currency that is not ISO 4217 is refused by name.
 * JSON only (415), a small body (413), checked (400 `{message, issues}`, nothing stored); 503 when the
 * database does not answer.
 */
import { Hono, type Context } from 'hono';
import { isCurrency } from '../../src/model/currencies';
import { checkSettingsUpdate } from '../../src/model/settings';
import type { Log } from '../log';
import type { SettingsStore } from '../storage/types';
import type { AppEnv } from '../http/app-env';
import { jsonBodyLimit, readJsonBody } from '../http/json-body';
import { isStorageUnwritable, unwritableStorageMessage } from '../storage/storage-failure';

export const MAX_SETTINGS_BODY_BYTES = 4096;

export function settingsRoutes(store: SettingsStore, log: Log): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const databaseDown = (c: Context<AppEnv>, error: unknown, what: string) => {
    log.error(`settings ${what} failed`, { error });
    if (what !== 'read' && isStorageUnwritable(error))
      return c.json({ message: unwritableStorageMessage('The settings') }, 507);
    c.header('Retry-After', '5');
    return c.json(
      { message: `The settings could not be ${what}: the database does not answer. Try again in a moment.` },
      503,
    );
  };

  routes.get('/', async (c) => {
    try {
      return c.json({ settings: await store.get(c.var.user.sub) });
    } catch (error) {
      return databaseDown(c, error, 'read');
    }
  });

  routes.put(
    '/',
    jsonBodyLimit(
      MAX_SETTINGS_BODY_BYTES,
      `The settings are larger than ${MAX_SETTINGS_BODY_BYTES} bytes; nothing was saved.`,
    ),
    async (c) => {
      const read = await readJsonBody(c, 'the settings', 'nothing was saved.');
      if (!read.ok) return read.response;
      const checked = checkSettingsUpdate(read.body, isCurrency);
      if (!checked.ok) return c.json({ message: checked.message, issues: checked.issues }, 400);
      try {
        return c.json({ settings: await store.update(c.var.user.sub, checked.value) });
      } catch (error) {
        return databaseDown(c, error, 'saved');
      }
    },
  );

  routes.all('/', (c) => {
    c.header('Allow', 'GET, PUT');
    return c.json({ message: 'Settings are read with GET and saved with PUT.' }, 405);
  });
  return routes;
}
