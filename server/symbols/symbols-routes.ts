/**
 * `/api/symbols` (mounted behind the ID-token check, which sets the user):
 * - `POST /resolve` `{products: [{isin, name?, currency?, venue?}]}` → 200 `{results: [{isin, candidates, chosen, problem?}]}`
 * - `PUT /choices` `{choices: [{isin, symbol | null}]}` → 200 `{saved, forgotten}`
 * - `GET /choices` → 200 `{choices: [{isin, symbol}]}`: every choice of the user, by ISIN (the backup carries them)
 * JSON only (415), a bounded body (413), a checked request (400 `{message, issues}`, and nothing reaches
 * a source or the database); 503 when the database does not answer.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../http/app-env';
import type { Log } from '../log';
import type { SymbolStore } from '../storage/types';
import { UserCapReached } from '../storage/user-caps';
import { checkChoicesRequest, checkResolveRequest, type Checked } from './symbols-request';
import type { SymbolsService } from './symbols-service';

/** 200 products with 200-character names take about 50 KB. */
export const MAX_SYMBOLS_BODY_BYTES = 64 * 1024;

type Checker<T> = (body: unknown) => Checked<T>;

async function checkedBody<T>(c: Context<AppEnv>, check: Checker<T>): Promise<{ value: T } | { response: Response }> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return { response: c.json({ message: 'The request body is not valid JSON.', issues: [] }, 400) };
  }
  const checked = check(body);
  if (!checked.ok) return { response: c.json({ message: checked.message, issues: checked.issues }, 400) };
  return { value: checked.value };
}

export function createSymbolsRoutes(service: SymbolsService, store: SymbolStore, log: Log): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const jsonOnly = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
      return c.json({ message: 'Send the request as application/json.' }, 415);
    }
    await next();
  };
  const limit = bodyLimit({
    maxSize: MAX_SYMBOLS_BODY_BYTES,
    onError: (c) =>
      c.json(
        {
          message: `The request body is larger than ${MAX_SYMBOLS_BODY_BYTES} bytes: send at most 200 products a request.`,
        },
        413,
      ),
  });
  const databaseDown = (c: Context<AppEnv>, error: unknown) => {
    log.error('symbols storage failed', { error });
    return c.json(
      { message: 'The symbol choices could not be read or stored: the database does not answer. Try again.' },
      503,
    );
  };

  routes.post('/resolve', jsonOnly, limit, async (c) => {
    const checked = await checkedBody(c, checkResolveRequest);
    if ('response' in checked) return checked.response;
    try {
      return c.json({ results: await service.resolve(c.var.user.sub, checked.value) });
    } catch (error) {
      return databaseDown(c, error);
    }
  });

  routes.put('/choices', jsonOnly, limit, async (c) => {
    const checked = await checkedBody(c, checkChoicesRequest);
    if ('response' in checked) return checked.response;
    try {
      await store.saveChoices(c.var.user.sub, checked.value);
    } catch (error) {
      if (error instanceof UserCapReached) return c.json({ message: error.message, issues: [] }, 409);
      return databaseDown(c, error);
    }
    const saved = checked.value.filter((choice) => choice.symbol !== null).length;
    return c.json({ saved, forgotten: checked.value.length - saved });
  });

  routes.get('/choices', async (c) => {
    try {
      const choices = await store.allChoices(c.var.user.sub);
      return c.json({ choices: [...choices].map(([isin, symbol]) => ({ isin, symbol })) });
    } catch (error) {
      return databaseDown(c, error);
    }
  });

  routes.all('/resolve', (c) => {
    c.header('Allow', 'POST');
    return c.json({ message: 'Symbols are resolved with POST.' }, 405);
  });
  routes.all('/choices', (c) => {
    c.header('Allow', 'GET, PUT');
    return c.json({ message: 'Symbol choices are read with GET and saved with PUT.' }, 405);
  });
  return routes;
}
